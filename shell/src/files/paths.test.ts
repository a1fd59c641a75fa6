import { describe, expect, it } from '@jest/globals';
import { breadcrumbs, copyName, formatSize, locationFromSearch, nameProblem, previewKind, searchFromLocation, sortEntries, typeLabel, type FileEntry } from './paths.js';

const file = (name: string, size: number, mimetype: string, modified: string): FileEntry => ({ name, path: name, kind: 'file', size, mimetype, modified });
const folder = (name: string): FileEntry => ({ name, path: name, kind: 'folder', size: null, mimetype: null, modified: null });

describe('breadcrumbs', () => {
  it('leads from the root through the bucket to the folder', () => {
    expect(breadcrumbs({ bucket: 'documents', folder: 'a/b' }, 'Files')).toEqual([
      { label: 'Files', location: { bucket: null, folder: '' } },
      { label: 'documents', location: { bucket: 'documents', folder: '' } },
      { label: 'a', location: { bucket: 'documents', folder: 'a' } },
      { label: 'b', location: { bucket: 'documents', folder: 'a/b' } },
    ]);
    expect(breadcrumbs({ bucket: null, folder: '' }, 'Files')).toHaveLength(1);
  });
});

describe('locations in the address', () => {
  it('round-trips and drops traversal segments', () => {
    const here = { bucket: 'documents', folder: 'Q1 reports/drafts' };
    expect(locationFromSearch(new URLSearchParams(searchFromLocation(here)))).toEqual(here);
    expect(locationFromSearch(new URLSearchParams('bucket=documents&path=../a//./b'))).toEqual({ bucket: 'documents', folder: 'a/b' });
    expect(locationFromSearch(new URLSearchParams('path=a'))).toEqual({ bucket: null, folder: '' });
  });
});

describe('nameProblem', () => {
  it.each([
    ['', 'Enter a name.'],
    ['  ', 'Enter a name.'],
    ['..', 'This name is reserved.'],
    ['a/b', 'A name cannot contain / or \\.'],
    ['a\\b', 'A name cannot contain / or \\.'],
    ['a\u0000b', 'A name cannot contain control characters.'],
    ['x'.repeat(256), 'A name can have at most 255 characters.'],
    ['.emptyFolderPlaceholder', 'This name is reserved.'],
    ['taken.txt', 'taken.txt already exists here.'],
  ])('refuses %j', (name, problem) => {
    expect(nameProblem(name, ['taken.txt'])).toBe(problem);
  });
  it('accepts an ordinary name', () => expect(nameProblem('Report 2026 (final).pdf', ['other'])).toBeNull());
});

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [1024 * 1024, '1 MB'],
    [3.25 * 1024 ** 3, '3.3 GB'],
  ])('%d → %s', (bytes, text) => expect(formatSize(bytes)).toBe(text));
});

describe('sortEntries', () => {
  const entries = [file('b.txt', 30, 'text/plain', '2026-01-03'), folder('zeta'), file('a10.png', 10, 'image/png', '2026-01-01'), file('a2.pdf', 20, 'application/pdf', '2026-01-02'), folder('alpha')];
  const names = (sorted: FileEntry[]) => sorted.map((e) => e.name);

  it('puts folders first and names in natural order', () => {
    expect(names(sortEntries(entries, { key: 'name', direction: 'ascending' }))).toEqual(['alpha', 'zeta', 'a2.pdf', 'a10.png', 'b.txt']);
    expect(names(sortEntries(entries, { key: 'name', direction: 'descending' }))).toEqual(['zeta', 'alpha', 'b.txt', 'a10.png', 'a2.pdf']);
  });
  it('sorts by size, type and modified', () => {
    expect(names(sortEntries(entries, { key: 'size', direction: 'descending' }))).toEqual(['alpha', 'zeta', 'b.txt', 'a2.pdf', 'a10.png']);
    expect(names(sortEntries(entries, { key: 'type', direction: 'ascending' }))).toEqual(['alpha', 'zeta', 'a2.pdf', 'a10.png', 'b.txt']);
    expect(names(sortEntries(entries, { key: 'modified', direction: 'ascending' }))).toEqual(['alpha', 'zeta', 'a10.png', 'a2.pdf', 'b.txt']);
  });
});

describe('types and previews', () => {
  it('names types and picks the preview', () => {
    expect(typeLabel(file('x.pdf', 1, 'application/pdf', ''))).toBe('PDF');
    expect(typeLabel(file('x.png', 1, 'image/png', ''))).toBe('PNG image');
    expect(typeLabel(file('notes.md', 1, 'text/plain', ''))).toBe('Markdown');
    expect(typeLabel(file('x.bin', 1, 'application/octet-stream', ''))).toBe('BIN');
    expect(typeLabel(folder('f'))).toBe('Folder');
    expect(previewKind({ name: 'x.png', mimetype: 'image/png' })).toBe('image');
    expect(previewKind({ name: 'x.pdf', mimetype: 'application/pdf' })).toBe('pdf');
    expect(previewKind({ name: 'x.md', mimetype: 'text/plain' })).toBe('markdown');
    expect(previewKind({ name: 'x.csv', mimetype: 'text/csv' })).toBe('text');
    expect(previewKind({ name: 'x.zip', mimetype: 'application/zip' })).toBeNull();
  });
});

describe('copyName', () => {
  it('finds the first free copy name', () => {
    expect(copyName('report.pdf', ['report.pdf'])).toBe('report copy.pdf');
    expect(copyName('report.pdf', ['report.pdf', 'report copy.pdf'])).toBe('report copy 2.pdf');
    expect(copyName('notes', ['notes'])).toBe('notes copy');
  });
});
