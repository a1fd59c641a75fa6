// Browser preferences (spec 01 §3 "Stored locally"). Every read tolerates a missing, blocked or corrupt
// localStorage and falls back to defaults. The password is never stored (DESIGN.md §4).
// Plain checks rather than a schema library: the login page reads these.
import { readAdvancedSettings, type AdvancedSettings } from '@accent/shared';
import { STORAGE_KEYS } from '@accent/shared';

/** The part of the Web Storage API we use, so tests can pass an in-memory one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SavedEmail {
  email: string;
  rememberMe: boolean;
}

export interface AdminSettings {
  experimentalProjects: boolean;
}

/** localStorage, or null where it does not exist or throws on access (SSR, sandboxed iframes). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson(storage: KeyValueStorage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

function writeJson(storage: KeyValueStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: a lost preference is not worth an error
  }
}

function remove(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // see writeJson
  }
}

export function loadAdvancedSettings(storage = browserStorage()): AdvancedSettings {
  // Each missing or blank field gets its default; a non-object gets both.
  return readAdvancedSettings(readJson(storage, STORAGE_KEYS.advancedSettings));
}

export function saveAdvancedSettings(settings: AdvancedSettings, storage = browserStorage()): void {
  writeJson(storage, STORAGE_KEYS.advancedSettings, readAdvancedSettings(settings));
}

function readSavedEmail(raw: unknown): SavedEmail | null {
  const record = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
  const email = typeof record?.email === 'string' ? record.email.trim() : '';
  if (!email) return null;
  return { email, rememberMe: typeof record?.rememberMe === 'boolean' ? record.rememberMe : true };
}

export function loadSavedEmail(storage = browserStorage()): SavedEmail | null {
  const raw = readJson(storage, STORAGE_KEYS.savedCredentials);
  const saved = readSavedEmail(raw);
  // Older builds saved the password too (spec 01 §3): rewrite the entry without it.
  if (raw && typeof raw === 'object' && 'password' in raw) {
    if (saved) writeJson(storage, STORAGE_KEYS.savedCredentials, saved);
    else remove(storage, STORAGE_KEYS.savedCredentials);
  }
  return saved;
}

/** Remembers the email for the next sign-in, or forgets it with null. */
export function saveSavedEmail(email: string | null, storage = browserStorage()): void {
  if (email && email.trim()) writeJson(storage, STORAGE_KEYS.savedCredentials, { email: email.trim(), rememberMe: true });
  else remove(storage, STORAGE_KEYS.savedCredentials);
}

export function loadAdminSettings(storage = browserStorage()): AdminSettings {
  const raw = readJson(storage, STORAGE_KEYS.adminSettings) as { experimentalProjects?: unknown } | null;
  return { experimentalProjects: raw?.experimentalProjects === true };
}

export function saveAdminSettings(settings: AdminSettings, storage = browserStorage()): void {
  writeJson(storage, STORAGE_KEYS.adminSettings, { experimentalProjects: settings.experimentalProjects === true });
}
