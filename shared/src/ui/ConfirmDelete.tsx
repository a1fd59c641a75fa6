// Delete after a confirmation, as every list of the studio does it (agents, flows, background agents,
// pages): the item asked about, the dialog busy while the delete runs, closed when it is done.
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';

export interface ConfirmDeleteOptions<T> {
  /** deletes the item (a rejection is a failed delete) */
  remove: (item: T) => Promise<unknown>;
  /** the delete went through: tell the person, drop the item from the list */
  deleted: (item: T) => void;
  /** the delete failed: tell the person */
  failed: (item: T, error: unknown) => void;
}

export interface ConfirmDelete<T> {
  /** the item whose delete waits for confirmation */
  target: T | null;
  /** opens the confirmation for an item (a card's or a row's Delete) */
  ask: (item: T) => void;
  /** for the dialog: open while asking, busy while deleting */
  dialog: { open: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void };
}

export function useConfirmDelete<T>({ remove, deleted, failed }: ConfirmDeleteOptions<T>): ConfirmDelete<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      deleted(target);
    } catch (err) {
      failed(target, err);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };
  return {
    target,
    ask: setTarget,
    dialog: { open: target !== null, busy, onConfirm: () => void confirm(), onCancel: () => setTarget(null) },
  };
}

export interface ConfirmDeleteDialogProps<T> {
  state: ConfirmDelete<T>;
  /** "Delete flow" */
  title: string;
  /** what deleting this item means */
  message: (item: T) => ReactNode;
}

/** The confirmation before a delete: a danger Delete button, Cancel focused first. */
export function ConfirmDeleteDialog<T>({ state, title, message }: ConfirmDeleteDialogProps<T>) {
  return <ConfirmDialog title={title} message={state.target === null ? '' : message(state.target)} confirmLabel="Delete" danger {...state.dialog} />;
}
