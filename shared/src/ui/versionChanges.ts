// How every Versions diff turns two versions' values into the rows the kit's VersionFieldsTable and
// VersionTextDiff show: one way to print a value, one rule for what counts as changed.
import { sideBySide, type VersionFieldChange, type VersionTextChange } from './VersionDiff.js';

/** A value as a diff row prints it: empty as "—", a list comma-separated, an object as JSON. */
export function versionValueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose printed value differs, in the order given. */
export function versionFieldChanges(pairs: readonly (readonly [label: string, before: unknown, after: unknown])[]): VersionFieldChange[] {
  return pairs.map(([label, b, a]) => ({ label, before: versionValueText(b), after: versionValueText(a) })).filter((c) => c.before !== c.after);
}

/** The texts that differ, each compared line by line. */
export function versionTextChanges(pairs: readonly (readonly [label: string, before: string, after: string])[]): VersionTextChange[] {
  return pairs.filter(([, b, a]) => b !== a).map(([label, b, a]) => ({ label, rows: sideBySide(b, a) }));
}
