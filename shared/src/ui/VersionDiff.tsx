// Two versions of something side by side, as the agents, flows and background agents' Versions views show
// them: changed fields before/after, and texts (prompts) compared line by line. One table shape, so every
// area reads the same to a screen reader ("Removed: …", "Added: …").
import { DataTable } from './DataTable.js';
import styles from './VersionDiff.module.css';

export interface VersionFieldChange {
  label: string;
  before: string;
  after: string;
}

export interface SideBySideRow {
  left: string | null;
  right: string | null;
  kind: 'same' | 'removed' | 'added' | 'changed';
}

export interface VersionTextChange {
  label: string;
  rows: SideBySideRow[];
}

const linesOf = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/**
 * Side-by-side rows of two texts compared line by line (longest common subsequence; prompts are short):
 * unchanged lines face each other; removed lines followed by added ones are paired row by row ('changed'),
 * the rest stand alone.
 */
export function sideBySide(before: string, after: string): SideBySideRow[] {
  const a = linesOf(before);
  const b = linesOf(after);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const rows: SideBySideRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const left = removed[k] ?? null;
      const right = added[k] ?? null;
      rows.push({ left, right, kind: left !== null && right !== null ? 'changed' : left !== null ? 'removed' : 'added' });
    }
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      rows.push({ left: a[i]!, right: b[j]!, kind: 'same' });
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) added.push(b[j++]!);
    else removed.push(a[i++]!);
  }
  flush();
  return rows;
}

export interface VersionFieldsTableProps {
  /** the first column's heading and the table's accessible name */
  title: string;
  rows: VersionFieldChange[];
  older: number;
  newer: number;
}

/** Changed fields: one row each, the older version's value beside the newer one's. */
export function VersionFieldsTable({ title, rows, older, newer }: VersionFieldsTableProps) {
  return (
    <DataTable label={title} className={styles.table} columns={[title, `Version ${older}`, `Version ${newer}`]}>
      {rows.map((r) => (
        <tr key={r.label}>
          <th scope="row">{r.label}</th>
          <td className={styles.removed}>{r.before}</td>
          <td className={styles.added}>{r.after}</td>
        </tr>
      ))}
    </DataTable>
  );
}

const rowClass = (row: SideBySideRow, side: 'left' | 'right') =>
  row.kind === 'same'
    ? undefined
    : side === 'left'
      ? row.left === null
        ? styles.blank
        : styles.removed
      : row.right === null
        ? styles.blank
        : styles.added;

export interface VersionTextDiffProps {
  change: VersionTextChange;
  older: number;
  newer: number;
}

/** A text compared line by line (see `sideBySide`), the older version on the left. */
export function VersionTextDiff({ change, older, newer }: VersionTextDiffProps) {
  return (
    <DataTable
      label={change.label}
      className={`${styles.table} ${styles.text}`}
      columns={[`${change.label} · Version ${older}`, `${change.label} · Version ${newer}`]}
    >
      {change.rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
        <tr key={i}>
          <td className={rowClass(row, 'left')}>
            {row.kind !== 'same' && row.left !== null && <span className={styles.visuallyHidden}>Removed: </span>}
            {row.left ?? ''}
          </td>
          <td className={rowClass(row, 'right')}>
            {row.kind !== 'same' && row.right !== null && <span className={styles.visuallyHidden}>Added: </span>}
            {row.right ?? ''}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
