// One editor's local draft (see client/drafts.ts): kept when the session ends while the editor has unsaved
// changes, offered back ("Restore" / "Discard") when the same person opens the same editor again, dropped
// when they choose, or when the editor saves (its changes go from unsaved to saved).
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { getStore, sessionAtom, useSession } from '@accent/shared/client';
import { loadDraft, removeDraft, saveDraft, type DraftRef, type StoredDraft } from '../client/drafts.js';
import { Button } from './Button.js';
import styles from './EditorDraft.module.css';

export const EDITOR_DRAFT_TEXTS = {
  region: 'Unsaved changes kept in this browser',
  message: (at: string) => `Your session ended with unsaved changes in this editor. They were kept in this browser (${at}).`,
  restore: 'Restore',
  discard: 'Discard',
} as const;

export interface EditorDraftOptions<T> {
  /** which editor ('agent', 'mission', 'flow'…) */
  editor: string;
  /** what it edits: the saved item's id, or 'new' */
  id: string;
  /** reads the editor's current value when it must be kept (secret fields are left out) */
  value: () => T;
  /** there are unsaved changes: only then is a draft kept */
  dirty: boolean;
  /** the editor shows its loaded value: a draft is offered only then, so the load cannot overwrite a restore */
  ready: boolean;
  /** puts a kept value back into the editor */
  restore: (value: T) => void;
}

export interface EditorDraft {
  /** the offer to render above the editor's form (null when there is nothing to offer) */
  banner: ReactElement | null;
}

export function useEditorDraft<T>({ editor, id, value, dirty, ready, restore }: EditorDraftOptions<T>): EditorDraft {
  const { user } = useSession();
  const ref: DraftRef | null = user ? { userId: user.user_id, libraryId: user.library_id, editor, id } : null;
  // what the editor holds now, for the moment the session ends (before React renders anything again)
  const latest = useRef({ ref, value, dirty });
  latest.current = { ref, value, dirty };

  useEffect(() => {
    const store = getStore();
    return store.sub(sessionAtom, () => {
      const { ref: mine, value: kept, dirty: unsaved } = latest.current;
      const next = store.get(sessionAtom)?.user;
      // signed out, or someone else (another library) signed in: keep the edits of the one who made them
      if (mine && unsaved && (next?.user_id !== mine.userId || next?.library_id !== mine.libraryId)) saveDraft(mine, kept());
    });
  }, []);

  const [offer, setOffer] = useState<StoredDraft<T> | null>(null);
  const refKey = ref ? `${ref.userId}\u0000${ref.libraryId}\u0000${editor}\u0000${id}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refKey identifies ref
  useEffect(() => {
    setOffer(ready && ref ? loadDraft<T>(ref) : null);
  }, [ready, refKey]);

  // A save (unsaved → saved in a ready editor) makes a kept draft stale. An editor that is (re)loading
  // is not saved: it may show stale unsaved state for one render before its load starts.
  const before = useRef({ dirty, ready });
  useEffect(() => {
    if (before.current.dirty && before.current.ready && ready && !dirty && latest.current.ref) {
      removeDraft(latest.current.ref);
      setOffer(null);
    }
    before.current = { dirty, ready };
  }, [dirty, ready]);

  const choose = (keep: boolean) => {
    if (keep && offer) restore(offer.value);
    setOffer(null);
    if (ref) removeDraft(ref);
  };

  const banner = offer ? (
    <section className={styles.banner} aria-label={EDITOR_DRAFT_TEXTS.region}>
      <p className={styles.text}>{EDITOR_DRAFT_TEXTS.message(new Date(offer.savedAt).toLocaleString())}</p>
      <div className={styles.actions}>
        <Button variant="primary" size="sm" onClick={() => choose(true)}>
          {EDITOR_DRAFT_TEXTS.restore}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => choose(false)}>
          {EDITOR_DRAFT_TEXTS.discard}
        </Button>
      </div>
    </section>
  ) : null;
  return { banner };
}
