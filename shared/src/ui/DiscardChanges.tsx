// Leaving an editor with unsaved changes: one question, asked the same way by every editor and for every
// way out — its own Back button, a sidebar or header link, the browser's back button (Discard changes, or
// Keep editing, where the focus starts since nothing should be lost by a stray Enter).
import { type ReactElement, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { type BlockerFunction, UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.js';

export const DISCARD_CHANGES_TEXTS = {
  title: 'Discard unsaved changes?',
  discard: 'Discard changes',
  keep: 'Keep editing',
} as const;

export interface DiscardChangesOptions {
  /** there are unsaved changes: going back, or anywhere else in the app, asks first */
  dirty: boolean;
  /** goes back (to the list the editor came from) */
  leave: () => void;
  /** what would be lost, in the editor's words */
  message: ReactNode;
}

export interface DiscardChanges {
  /** goes back, or first asks when there are unsaved changes */
  back: () => void;
  /**
   * Runs `go` (a navigation) without asking: for leaving right after a save, when the editor's state
   * still says dirty because React has not rendered the save yet.
   */
  proceed: (go: () => void) => void;
  /** the question, to render once in the editor */
  dialog: ReactElement;
}

function DiscardDialog({ open, message, onDiscard, onKeep }: { open: boolean; message: ReactNode; onDiscard: () => void; onKeep: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title={DISCARD_CHANGES_TEXTS.title}
      message={message}
      confirmLabel={DISCARD_CHANGES_TEXTS.discard}
      cancelLabel={DISCARD_CHANGES_TEXTS.keep}
      danger
      onConfirm={onDiscard}
      onCancel={onKeep}
    />
  );
}

// Links, navigate() calls and the browser's back button inside the app: blocked while dirty. useBlocker
// needs a data router (the shell and the standalone frames create one); under a plain <Routes> router
// nothing is blocked and only the editor's own Back button asks.
function NavigationGuard({ shouldBlock, message }: { shouldBlock: BlockerFunction; message: ReactNode }) {
  const blocker = useBlocker(shouldBlock);
  return (
    <DiscardDialog open={blocker.state === 'blocked'} message={message} onDiscard={() => blocker.proceed?.()} onKeep={() => blocker.reset?.()} />
  );
}

export function useDiscardChanges({ dirty, leave, message }: DiscardChangesOptions): DiscardChanges {
  const [asking, setAsking] = useState(false);
  const dataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  // read at navigation time, so a leave() right after the answer is not asked again
  const allowed = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const proceed = useCallback((go: () => void) => {
    allowed.current = true;
    try {
      go();
    } finally {
      allowed.current = false;
    }
  }, []);
  // only a move to another page asks: search changes (a tab, a linked run) stay in the editor
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirtyNow.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  return {
    back: () => (dirty ? setAsking(true) : leave()),
    proceed,
    dialog: (
      <>
        <DiscardDialog
          open={asking}
          message={message}
          onDiscard={() => {
            setAsking(false);
            proceed(leave);
          }}
          onKeep={() => setAsking(false)}
        />
        {dataRouter && <NavigationGuard shouldBlock={shouldBlock} message={message} />}
      </>
    ),
  };
}
