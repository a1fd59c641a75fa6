import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { VersionFieldsTable, VersionTextDiff, sideBySide } from './VersionDiff.js';

describe('sideBySide', () => {
  it('pairs a changed line with its replacement and keeps the same lines facing each other', () => {
    expect(sideBySide('Hello\nWrite a poem\nBye', 'Hello\nWrite a haiku\nBye')).toEqual([
      { left: 'Hello', right: 'Hello', kind: 'same' },
      { left: 'Write a poem', right: 'Write a haiku', kind: 'changed' },
      { left: 'Bye', right: 'Bye', kind: 'same' },
    ]);
  });

  it('shows lines added at the end and lines removed on their own side', () => {
    expect(sideBySide('a\nb', 'a\nb\nc')).toEqual([
      { left: 'a', right: 'a', kind: 'same' },
      { left: 'b', right: 'b', kind: 'same' },
      { left: null, right: 'c', kind: 'added' },
    ]);
    expect(sideBySide('a\nb\nc', 'a')).toEqual([
      { left: 'a', right: 'a', kind: 'same' },
      { left: 'b', right: null, kind: 'removed' },
      { left: 'c', right: null, kind: 'removed' },
    ]);
  });

  it('pairs two removed lines against one added line', () => {
    expect(sideBySide('x\ny', 'z')).toEqual([
      { left: 'x', right: 'z', kind: 'changed' },
      { left: 'y', right: null, kind: 'removed' },
    ]);
  });

  it('treats a trailing newline as the end of the last line, and empty text as no lines', () => {
    expect(sideBySide('a\n', 'a')).toEqual([{ left: 'a', right: 'a', kind: 'same' }]);
    expect(sideBySide('', 'x')).toEqual([{ left: null, right: 'x', kind: 'added' }]);
  });
});

describe('the version tables', () => {
  it('name each side by its version and say in words what was removed and added', () => {
    render(
      <>
        <VersionFieldsTable title="Fields" rows={[{ label: 'Name', before: 'Old', after: 'New' }]} older={1} newer={2} />
        <VersionTextDiff change={{ label: 'System prompt', rows: sideBySide('Be brief.', 'Be thorough.') }} older={1} newer={2} />
      </>,
    );
    const fields = screen.getByRole('table', { name: 'Fields' });
    expect(within(fields).getByRole('columnheader', { name: 'Version 2' })).toBeTruthy();
    expect(within(fields).getByRole('row', { name: 'Name Old New' })).toBeTruthy();
    const prompt = screen.getByRole('table', { name: 'System prompt' });
    expect(within(prompt).getByRole('row', { name: 'Removed: Be brief. Added: Be thorough.' })).toBeTruthy();
  });
});
