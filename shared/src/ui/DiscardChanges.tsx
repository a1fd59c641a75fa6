// Going back from an editor with unsaved changes: one question, asked the same way by every editor
// (Discard changes, or Keep editing, where the focus starts since nothing should be lost by a stray Enter).
import { type ReactElement, type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';

export const DISCARD_CHANGES_TEXTS = {
  title: 'Discard unsaved changes?',
  discard: 'Discard changes',
  keep: 'Keep editing',
} as const;

export interface DiscardChangesOptions {
  /** there are unsaved changes: going back asks first */
  dirty: boolean;
  /** goes back (to the list the editor came from) */
  leave: () => void;
  /** what would be lost, in the editor's words */
  message: ReactNode;
}

export interface DiscardChanges {
  /** goes back, or first asks when there are unsaved changes */
  back: () => void;
  /** the question, to render once in the editor */
  dialog: ReactElement;
}

export function useDiscardChanges({ dirty, leave, message }: DiscardChangesOptions): DiscardChanges {
  const [asking, setAsking] = useState(false);
  return {
    back: () => (dirty ? setAsking(true) : leave()),
    dialog: (
      <ConfirmDialog
        open={asking}
        title={DISCARD_CHANGES_TEXTS.title}
        message={message}
        confirmLabel={DISCARD_CHANGES_TEXTS.discard}
        cancelLabel={DISCARD_CHANGES_TEXTS.keep}
        danger
        onConfirm={() => {
          setAsking(false);
          leave();
        }}
        onCancel={() => setAsking(false)}
      />
    ),
  };
}
