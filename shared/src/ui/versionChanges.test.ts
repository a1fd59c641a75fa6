import { describe, expect, it } from '@jest/globals';
import { sideBySide } from './VersionDiff.js';
import { versionFieldChanges, versionTextChanges, versionValueText } from './versionChanges.js';

describe('versionValueText', () => {
  it('prints empty values as a dash, lists comma-separated and objects as JSON', () => {
    expect(versionValueText(undefined)).toBe('—');
    expect(versionValueText(null)).toBe('—');
    expect(versionValueText('')).toBe('—');
    expect(versionValueText([])).toBe('—');
    expect(versionValueText(['crm', 'email'])).toBe('crm, email');
    expect(versionValueText([{ id: 1 }, 'x'])).toBe('{"id":1}, x');
    expect(versionValueText({ limit: 5 })).toBe('{"limit":5}');
    expect(versionValueText(false)).toBe('false');
    expect(versionValueText(0.7)).toBe('0.7');
  });
});

describe('versionFieldChanges', () => {
  it('keeps the fields whose printed value differs, in order', () => {
    expect(
      versionFieldChanges([
        ['Name', 'Scout', 'Scout'],
        ['Tags', ['a'], ['a', 'b']],
        ['Description', undefined, ''],
        ['Retries', 1, 3],
      ]),
    ).toEqual([
      { label: 'Tags', before: 'a', after: 'a, b' },
      { label: 'Retries', before: '1', after: '3' },
    ]);
  });
});

describe('versionTextChanges', () => {
  it('compares the texts that differ line by line and drops the same ones', () => {
    expect(
      versionTextChanges([
        ['Prompt', 'Hello\nWorld', 'Hello\nThere'],
        ['System prompt', 'Be brief', 'Be brief'],
      ]),
    ).toEqual([{ label: 'Prompt', rows: sideBySide('Hello\nWorld', 'Hello\nThere') }]);
  });
});
