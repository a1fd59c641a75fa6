// The parts of a Versions view around the diff, alike in every area: the table of saved versions (who,
// when, Restore) and the two pickers of the versions compared. What each row adds (the newest marked
// current, a note, a failing test set) and the texts of the restore stay with the area.
import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { ACTIONS_COLUMN, Cell, DataTable } from './DataTable.js';
import { Select, type SelectOption } from './Select.js';
import type { VersionHistory, VersionPair } from './useVersionHistory.js';
import styles from './VersionHistory.module.css';

export interface SavedVersion {
  number: number;
  created_by: string | null;
  created_at: string;
}

export interface SavedVersionsTableProps<V extends SavedVersion> {
  versions: V[];
  /** after "Version N" in its cell (current, a note, a warning) */
  describe?: (version: V) => ReactNode;
  /** the versions that offer Restore (none: no button) */
  canRestore: (version: V) => boolean;
  onRestore: (number: number) => void;
  restoreLabel: string;
}

/** Saved versions, newest first: one row each with who saved it, when, and Restore. */
export function SavedVersionsTable<V extends SavedVersion>({ versions, describe, canRestore, onRestore, restoreLabel }: SavedVersionsTableProps<V>) {
  return (
    <DataTable label="Saved versions" columns={['Version', 'Saved by', 'Saved at', ACTIONS_COLUMN]}>
      {versions.map((v) => (
        <tr key={v.number}>
          <td>
            Version {v.number}
            {describe?.(v)}
          </td>
          <td>{v.created_by || '—'}</td>
          <Cell kind="time">
            <time dateTime={v.created_at}>{new Date(v.created_at).toLocaleString()}</time>
          </Cell>
          <Cell kind="actions">
            {canRestore(v) && (
              <Button size="sm" variant="secondary" onClick={() => onRestore(v.number)} aria-label={`Restore version ${v.number}`}>
                {restoreLabel}
              </Button>
            )}
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}

export interface VersionPickersProps {
  pair: VersionPair;
  options: readonly SelectOption[];
  /** the first (0) or second (1) version picked */
  onPick: (side: 0 | 1, version: number) => void;
  compareLabel: string;
  withLabel: string;
}

/** The two versions compared, each picked from the list. */
export function VersionPickers({ pair, options, onPick, compareLabel, withLabel }: VersionPickersProps) {
  return (
    <div className={styles.pickers}>
      <Select label={compareLabel} value={String(pair[0])} options={options} onChange={(e) => onPick(0, Number(e.target.value))} />
      <Select label={withLabel} value={String(pair[1])} options={options} onChange={(e) => onPick(1, Number(e.target.value))} />
    </div>
  );
}

export interface VersionsLoadStateProps<V> {
  history: Pick<VersionHistory<V>, 'versions' | 'loadError' | 'reload'>;
  loadFailed: string;
  loading: string;
  empty: string;
  /** the view of a list that has versions */
  children: (versions: V[]) => ReactNode;
}

/** A Versions list being read: a failed read with Try again, the loading line, the empty line, or the list. */
export function VersionsLoadState<V>({ history, loadFailed, loading, empty, children }: VersionsLoadStateProps<V>) {
  const { versions, loadError, reload } = history;
  if (loadError)
    return (
      <div role="alert">
        <p className={styles.error}>
          {loadFailed}: {loadError}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void reload()}>
          Try again
        </Button>
      </div>
    );
  if (!versions)
    return (
      <p className={styles.muted} role="status">
        {loading}
      </p>
    );
  if (!versions.length) return <p className={styles.muted}>{empty}</p>;
  return children(versions);
}
