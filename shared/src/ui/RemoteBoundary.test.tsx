import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { describeLoadError, RemoteBoundary } from './RemoteBoundary.js';

describe('RemoteBoundary', () => {
  let consoleError: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {}); // React logs caught errors
  });
  afterEach(() => consoleError.mockRestore());

  it('shows "This area is unavailable" with the title and a short reason, while siblings keep working', () => {
    function Broken(): never {
      throw new Error('The flow builder exploded');
    }
    render(
      <>
        <nav>Sidebar</nav>
        <RemoteBoundary title="AI Flows">
          <Broken />
        </RemoteBoundary>
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This area is unavailable');
    expect(alert).toHaveTextContent('AI Flows');
    expect(alert).toHaveTextContent('The flow builder exploded');
    expect(screen.getByText('Sidebar')).toBeInTheDocument();
  });

  it('Retry remounts the children under a fresh key and calls onRetry', async () => {
    let fail = true;
    const mounts: number[] = [];
    function Flaky() {
      const [mountId] = useState(() => mounts.length + 1);
      useEffect(() => {
        mounts.push(mountId);
      }, [mountId]);
      if (fail) throw new Error('remote entry failed');
      return <p>Flows dashboard</p>;
    }
    const onRetry = jest.fn(() => {
      fail = false;
    });
    const ui = userEvent.setup();
    render(
      <RemoteBoundary title="AI Flows" onRetry={onRetry}>
        <Flaky />
      </RemoteBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Its code could not be loaded');
    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Flows dashboard')).toBeInTheDocument();
    expect(mounts).toEqual([1]);
  });

  it('shows a LoadingState while a lazy area loads, and a new lazy on retry recovers', async () => {
    let resolveLoad!: (mod: { default: ComponentType }) => void;
    const failing = lazy(() => Promise.reject(new Error('Loading chunk 42 failed')));
    const retried = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (resolveLoad = resolve)));
    // Like the shell: the host owns the lazy and makes a new one on retry (a lazy keeps its rejection).
    function Host() {
      const [Area, setArea] = useState(() => failing);
      return (
        <RemoteBoundary title="Agents" onRetry={() => setArea(() => retried)}>
          <Area />
        </RemoteBoundary>
      );
    }
    const ui = userEvent.setup();
    render(<Host />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading Agents...');
    await act(async () => resolveLoad({ default: () => <p>Agents dashboard</p> }));
    expect(await screen.findByText('Agents dashboard')).toBeInTheDocument();
  });
});

describe('describeLoadError', () => {
  it('keeps reasons short and readable', () => {
    expect(describeLoadError(new Error('x'.repeat(500)))).toHaveLength(200);
    expect(describeLoadError(new TypeError('Failed to fetch dynamically imported module: /mfe/flows/x.js'))).toMatch(/could not be loaded/);
    expect(describeLoadError(undefined)).toBe('Something went wrong while showing it.');
  });
});
