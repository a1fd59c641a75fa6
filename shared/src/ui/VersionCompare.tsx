// The parts of a Versions view every area words alike: the pair of versions compared with the area's diff
// under it, and the confirmation before a restore. The diff itself and what a restore does stay with the
// area.
import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';
import type { SelectOption } from './Select.js';
import type { VersionHistory } from './useVersionHistory.js';
import { VersionPickers } from './VersionHistory.js';

/** The words every Versions view uses. */
export const VERSION_TEXTS = {
  compare: 'Compare version',
  with: 'with version',
  same: 'These versions are the same.',
  restore: 'Restore',
  restoreTitle: (v: number) => `Restore version ${v}?`,
  restored: 'Version restored',
  restoredText: (v: number, next: number) => `Version ${v} was restored as version ${next}.`,
  restoreFailed: 'Restore failed',
} as const;

/** A picker option per version: "Version 3", or "Version 3: <label>" where the version has a label. */
export function versionOptions<V>(versions: readonly V[] | null, numberOf: (version: V) => number, labelOf?: (version: V) => string): SelectOption[] {
  return (versions ?? []).map((v) => ({ value: String(numberOf(v)), label: `Version ${numberOf(v)}${labelOf ? `: ${labelOf(v)}` : ''}` }));
}

export interface VersionCompareProps<V> {
  history: Pick<VersionHistory<V>, 'pair' | 'pick'>;
  options: readonly SelectOption[];
  className?: string;
  /** the area's diff of the two versions, the older first */
  children: (older: number, newer: number) => ReactNode;
}

/** "Compare versions": the two pickers and, under them, the area's diff; nothing while no pair is chosen. */
export function VersionCompare<V>({ history: { pair, pick }, options, className, children }: VersionCompareProps<V>) {
  if (!pair) return null;
  return (
    <section aria-label="Compare versions" className={className}>
      <VersionPickers pair={pair} options={options} onPick={pick} compareLabel={VERSION_TEXTS.compare} withLabel={VERSION_TEXTS.with} />
      {children(Math.min(...pair), Math.max(...pair))}
    </section>
  );
}

export interface RestoreVersionDialogProps<V> {
  history: Pick<VersionHistory<V>, 'restoring' | 'restoreDialog'>;
  /** what the restore does, for the version asked about */
  message: (version: number) => string;
}

/** "Restore version N?": open while the history asks, busy while it restores. */
export function RestoreVersionDialog<V>({ history: { restoring, restoreDialog }, message }: RestoreVersionDialogProps<V>) {
  return (
    <ConfirmDialog
      title={VERSION_TEXTS.restoreTitle(restoring ?? 0)}
      message={message(restoring ?? 0)}
      confirmLabel={VERSION_TEXTS.restore}
      {...restoreDialog}
    />
  );
}
