import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { atom, useAtomValue } from 'jotai';
import { getStore } from '@accent/shared/client';
import { inAreaStore } from './AreaStore.js';

const greeting = atom('unset');

describe('inAreaStore', () => {
  it("renders the page with the suite's store, so it reads what the shell wrote there", () => {
    getStore().set(greeting, 'written by the shell');
    const Route = inAreaStore(function Page() {
      return <p>{useAtomValue(greeting)}</p>;
    });
    render(<Route />);
    expect(screen.getByText('written by the shell')).toBeTruthy();
  });
});
