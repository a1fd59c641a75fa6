// Browser preferences (spec 01 §3 "Stored locally"). Every read tolerates a missing, blocked or corrupt
// localStorage and falls back to defaults. The password is never stored (DESIGN.md §4).
import { z } from 'zod';
import { DEFAULT_ENVIRONMENT, DEFAULT_LIBRARY, STORAGE_KEYS } from '../domain/constants.js';
import { advancedSettingsSchema, type AdvancedSettings } from '../domain/schemas.js';

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

const DEFAULT_ADVANCED: AdvancedSettings = { environment: DEFAULT_ENVIRONMENT, library: DEFAULT_LIBRARY };

export function loadAdvancedSettings(storage = browserStorage()): AdvancedSettings {
  // The schema's .catch() fills each missing or blank field with its default; a non-object gets both.
  const parsed = advancedSettingsSchema.safeParse(readJson(storage, STORAGE_KEYS.advancedSettings) ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_ADVANCED };
}

export function saveAdvancedSettings(settings: AdvancedSettings, storage = browserStorage()): void {
  writeJson(storage, STORAGE_KEYS.advancedSettings, advancedSettingsSchema.parse(settings));
}

const savedEmailSchema = z.object({ email: z.string().trim().min(1), rememberMe: z.boolean().catch(true) });

export function loadSavedEmail(storage = browserStorage()): SavedEmail | null {
  const raw = readJson(storage, STORAGE_KEYS.savedCredentials);
  const parsed = savedEmailSchema.safeParse(raw);
  // Older builds saved the password too (spec 01 §3): rewrite the entry without it.
  if (raw && typeof raw === 'object' && 'password' in raw) {
    if (parsed.success) writeJson(storage, STORAGE_KEYS.savedCredentials, parsed.data);
    else remove(storage, STORAGE_KEYS.savedCredentials);
  }
  return parsed.success ? parsed.data : null;
}

/** Remembers the email for the next sign-in, or forgets it with null. */
export function saveSavedEmail(email: string | null, storage = browserStorage()): void {
  if (email && email.trim()) writeJson(storage, STORAGE_KEYS.savedCredentials, { email: email.trim(), rememberMe: true });
  else remove(storage, STORAGE_KEYS.savedCredentials);
}

const adminSettingsSchema = z.object({ experimentalProjects: z.boolean().catch(false) });

export function loadAdminSettings(storage = browserStorage()): AdminSettings {
  const parsed = adminSettingsSchema.safeParse(readJson(storage, STORAGE_KEYS.adminSettings) ?? {});
  return parsed.success ? parsed.data : { experimentalProjects: false };
}

export function saveAdminSettings(settings: AdminSettings, storage = browserStorage()): void {
  writeJson(storage, STORAGE_KEYS.adminSettings, { experimentalProjects: settings.experimentalProjects === true });
}
