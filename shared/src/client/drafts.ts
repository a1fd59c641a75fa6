// Local drafts of editors: when the session ends under a dirty editor (a sign-out in another tab, a session
// that could not be refreshed, another person signing in elsewhere), its unsaved value is kept in this
// browser and offered back when the same person opens that editor again in the same library. A draft is
// keyed by user and library so nobody else signing in on the browser sees it, never holds secrets (fields
// named like passwords, keys or tokens are left out), and expires after DRAFT_MAX_AGE_MS.
import { browserStorage, type KeyValueStorage } from './storage.js';

export const DRAFT_KEY_PREFIX = 'accent.draft:';
/** A week: long enough for a weekend, short enough that a forgotten draft does not linger. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Whose draft of which editor: `editor` names the editor ('agent', 'flow'…), `id` what it edits ('new' for a new one). */
export interface DraftRef {
  userId: string;
  libraryId: string;
  editor: string;
  id: string;
}

export interface StoredDraft<T = unknown> {
  /** epoch ms when it was kept */
  savedAt: number;
  value: T;
}

export function draftKey(ref: DraftRef): string {
  return `${DRAFT_KEY_PREFIX}${[ref.userId, ref.libraryId, ref.editor, ref.id].map(encodeURIComponent).join(':')}`;
}

// Field names whose values are credentials: a draft never keeps them (the user types them again).
// `max_tokens`, `tokens` or `keywords` are ordinary settings and stay, and so do fields that only name
// or point at a secret (`secretHeader`, `credentialId`).
const SECRET_FIELD =
  /(password|passwd|passphrase|secret|api[_-]?key|apikey|private[_-]?key|access[_-]?key|(access|refresh|auth|bearer|session|id)[_-]?token|^token$|authorization|credential|cookie)/i;
const NAMES_A_SECRET = /(header|name|id|ref|label)$/i;

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name) && !NAMES_A_SECRET.test(name);
}

/** A copy of `value` without the fields named like secrets, at any depth. */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (!isSecretField(k)) out[k] = withoutSecrets(v);
    return out as T;
  }
  return value;
}

function keys(storage: Storage | KeyValueStorage): string[] {
  const s = storage as Partial<Storage>;
  if (typeof s.length !== 'number' || typeof s.key !== 'function') return [];
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(DRAFT_KEY_PREFIX)) out.push(k);
  }
  return out;
}

function read(storage: KeyValueStorage, key: string): StoredDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof parsed?.savedAt === 'number' && 'value' in parsed ? { savedAt: parsed.savedAt, value: parsed.value } : null;
  } catch {
    return null;
  }
}

/** Removes every draft older than the limit (anyone's: they are unreadable to others anyway). */
export function pruneDrafts(storage: KeyValueStorage | null = browserStorage(), now = Date.now()): void {
  if (!storage) return;
  try {
    for (const key of keys(storage)) {
      const draft = read(storage, key);
      if (!draft || now - draft.savedAt > DRAFT_MAX_AGE_MS) storage.removeItem(key);
    }
  } catch {
    // storage blocked: nothing kept, nothing to prune
  }
}

export function saveDraft(ref: DraftRef, value: unknown, storage: KeyValueStorage | null = browserStorage(), now = Date.now()): void {
  try {
    storage?.setItem(draftKey(ref), JSON.stringify({ savedAt: now, value: withoutSecrets(value) } satisfies StoredDraft));
  } catch {
    // quota exceeded or storage disabled: the edits are lost as they were before drafts existed
  }
}

/** The draft of this user's editor, or null (none, unreadable, or expired: then it is removed). */
export function loadDraft<T = unknown>(ref: DraftRef, storage: KeyValueStorage | null = browserStorage(), now = Date.now()): StoredDraft<T> | null {
  if (!storage) return null;
  pruneDrafts(storage, now);
  return read(storage, draftKey(ref)) as StoredDraft<T> | null;
}

export function removeDraft(ref: DraftRef, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(draftKey(ref));
  } catch {
    // see saveDraft
  }
}
