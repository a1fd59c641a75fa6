// The state every Versions view shares (agents, flows, background agents): the saved versions, newest
// first; the two being compared; the version a person asked to restore while the confirmation is open;
// and the restore itself, after which the list is read again. The texts, the tables and what a restore
// does to the editor stay with each area.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** Two version numbers, in the order the person picked them (the diff shows the older on the left). */
export type VersionPair = [number, number];

export interface VersionHistoryOptions<V> {
  /** reads the versions, newest first */
  load: () => Promise<V[]>;
  numberOf: (version: V) => number;
  /** what a failed read says */
  describeError: (error: unknown) => string;
  /** restores a version and tells the person; the list is read again afterwards */
  restore: (version: number) => Promise<void>;
  /** tells the person a restore failed */
  onRestoreError: (error: unknown) => void;
  /** false: do not read (yet); the list stays loading */
  enabled?: boolean;
  /** a single version is compared with itself (the view then says they are the same) */
  compareSingle?: boolean;
  /** after a restore, compare the newest two again rather than the pair the person chose */
  newestAfterRestore?: boolean;
}

export interface VersionHistory<V> {
  /** null while the first read is under way */
  versions: V[] | null;
  loadError: string | null;
  /** reads the list again (Try again, or after a version was saved elsewhere) */
  reload: () => Promise<void>;
  /** the newest version's number, 0 when there is none */
  newest: number;
  pair: VersionPair | null;
  /** the two listed versions compared, the older first (null while either is not listed) */
  compared: { older: V; newer: V } | null;
  /** picks the first (0) or second (1) version compared */
  pick: (side: 0 | 1, version: number) => void;
  /** the version whose restore waits for confirmation */
  restoring: number | null;
  askRestore: (version: number) => void;
  /** for the kit's ConfirmDialog: open while asking, busy while restoring */
  restoreDialog: { open: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void };
}

/** `key` says when the list is other data (another agent or flow) or changed elsewhere: it is read again. */
export function useVersionHistory<V>(key: readonly unknown[], options: VersionHistoryOptions<V>): VersionHistory<V> {
  // the latest options, so a new closure each render does not read again; the key says when to
  const latest = useRef(options);
  latest.current = options;
  const [versions, setVersions] = useState<V[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pair, setPair] = useState<VersionPair | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);
  const id = JSON.stringify(key);
  const enabled = options.enabled ?? true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key (id) says when to read again
  const reload = useCallback(async () => {
    const { load, numberOf, describeError, compareSingle } = latest.current;
    if (!enabled) return;
    const mine = ++request.current;
    setLoadError(null);
    try {
      const list = await load();
      // an answer to a superseded read is dropped
      if (mine !== request.current) return;
      const numbers = list.map(numberOf);
      setVersions(list);
      // the newest against the one before it, unless the person chose a pair still listed
      setPair((current) => {
        if (current?.every((n) => numbers.includes(n))) return current;
        if (numbers.length >= 2) return [numbers[1]!, numbers[0]!];
        return numbers.length === 1 && compareSingle ? [numbers[0]!, numbers[0]!] : null;
      });
    } catch (err) {
      if (mine === request.current) setLoadError(describeError(err));
    }
  }, [id, enabled]);
  useEffect(() => void reload(), [reload]);

  const restore = async (version: number) => {
    const { restore: restoreVersion, onRestoreError, newestAfterRestore } = latest.current;
    setBusy(true);
    try {
      await restoreVersion(version);
      if (newestAfterRestore) setPair(null);
      await reload();
    } catch (err) {
      onRestoreError(err);
    } finally {
      setBusy(false);
      setRestoring(null);
    }
  };

  const numberOf = options.numberOf;
  // biome-ignore lint/correctness/useExhaustiveDependencies: numberOf reads a field; the list and pair say when this changes
  const compared = useMemo(() => {
    if (!pair || !versions) return null;
    const older = versions.find((v) => numberOf(v) === Math.min(...pair));
    const newer = versions.find((v) => numberOf(v) === Math.max(...pair));
    return older && newer ? { older, newer } : null;
  }, [pair, versions]);
  return {
    versions,
    loadError,
    reload,
    newest: versions?.[0] ? numberOf(versions[0]) : 0,
    pair,
    compared,
    pick: (side, version) => setPair((p) => (p ? (side === 0 ? [version, p[1]] : [p[0], version]) : p)),
    restoring,
    askRestore: setRestoring,
    restoreDialog: {
      open: restoring !== null,
      busy,
      onConfirm: () => {
        if (restoring !== null) void restore(restoring);
      },
      onCancel: () => setRestoring(null),
    },
  };
}
