// An admin settings block that edits one stored value: read once (Retry reads again), a draft the admin
// changes, and Save, which stores it, shows what the server kept and says so in a toast, or keeps the
// refusal for the form. The Allowed flow hosts, Model prices and Self sign-up blocks each use it.
import { type Dispatch, type SetStateAction, useState } from 'react';
import { toast } from '@accent/shared/client';
import { type QueryKey, type QueryResult, useQuery } from '@accent/shared/ui';
import { errorMessage } from './format.js';

export interface SettingsFormOptions<T, D> {
  key: QueryKey;
  read: () => Promise<T>;
  /** the draft a stored value gives */
  draftOf: (stored: T) => D;
  /** the draft before anything is read */
  empty: D;
  /** the toast after a save */
  saved: string;
  /** what a refused save says at the form */
  refusal: (error: unknown) => string;
}

export interface SettingsForm<T, D> {
  loaded: QueryResult<T>;
  /** what the server holds, once read */
  stored: T | undefined;
  /** why the read failed, or null */
  loadError: string | null;
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  /** the refusal (or a check of the form's own) said at the form */
  error: string | undefined;
  setError: (error: string | undefined) => void;
  saving: boolean;
  /** stores through `write`, which answers with what the server kept */
  save: (write: () => Promise<T>) => Promise<void>;
}

export function useSettingsForm<T, D>({ key, read, draftOf, empty, saved, refusal }: SettingsFormOptions<T, D>): SettingsForm<T, D> {
  const loaded = useQuery(key, read);
  const stored = loaded.status === 'ready' ? loaded.data : undefined;
  const [draft, setDraft] = useState<D>(empty);
  const [draftBase, setDraftBase] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  // what the server holds, read or kept by a save, is the draft anew; set while rendering, so the form
  // never shows for a frame with the empty draft
  if (stored !== draftBase) {
    setDraftBase(stored);
    if (stored !== undefined) setDraft(draftOf(stored));
  }

  const save = async (write: () => Promise<T>) => {
    setSaving(true);
    setError(undefined);
    try {
      const kept = await write();
      loaded.setData(() => kept);
      toast.success(saved);
    } catch (e) {
      setError(refusal(e));
    } finally {
      setSaving(false);
    }
  };

  const loadError = loaded.status === 'error' ? errorMessage(loaded.error) : null;
  return { loaded, stored, loadError, draft, setDraft, error, setError, saving, save };
}
