// Browser overrides of the remote registry (DESIGN.md §3): `?remote.<id>=<url>` points one remote at
// another build (a developer's local remote against a deployed shell). Overrides are kept in
// sessionStorage so they survive navigation and reloads in this tab only; `?remote.<id>=` (empty)
// removes one.
import { REMOTE_IDS, federationName, type RemoteId, type RemoteRegistryEntry } from '@accent/shared';

export const OVERRIDES_STORAGE_KEY = 'accent.remoteOverrides';
const PARAM_PREFIX = 'remote.';

export type RemoteOverrides = Partial<Record<RemoteId, string>>;

const isRemoteId = (v: string): v is RemoteId => (REMOTE_IDS as readonly string[]).includes(v);

/** Only http(s) URLs and same-origin paths are accepted: a query string must not smuggle in `javascript:`. */
export function isAcceptableEntryUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function readStoredOverrides(storage: Storage | undefined = safeSessionStorage()): RemoteOverrides {
  if (!storage) return {};
  try {
    const raw = storage.getItem(OVERRIDES_STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const out: RemoteOverrides = {};
    for (const [id, url] of Object.entries(parsed as Record<string, unknown>)) {
      if (isRemoteId(id) && typeof url === 'string' && isAcceptableEntryUrl(url)) out[id] = url;
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * Merges the `?remote.<id>=<url>` parameters of `search` into the stored overrides, saves them and
 * returns the result.
 */
export function collectOverrides(search: string, storage: Storage | undefined = safeSessionStorage()): RemoteOverrides {
  const overrides = readStoredOverrides(storage);
  const params = new URLSearchParams(search);
  let changed = false;
  for (const [key, value] of params) {
    if (!key.startsWith(PARAM_PREFIX)) continue;
    const id = key.slice(PARAM_PREFIX.length);
    if (!isRemoteId(id)) continue;
    const url = value.trim();
    if (url === '') {
      delete overrides[id];
      changed = true;
    } else if (isAcceptableEntryUrl(url)) {
      overrides[id] = url;
      changed = true;
    }
  }
  if (changed && storage) {
    try {
      if (Object.keys(overrides).length === 0) storage.removeItem(OVERRIDES_STORAGE_KEY);
      else storage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));
    } catch {
      // storage full or disabled: the overrides still apply to this page load
    }
  }
  return overrides;
}

export function clearOverrides(storage: Storage | undefined = safeSessionStorage()): void {
  try {
    storage?.removeItem(OVERRIDES_STORAGE_KEY);
  } catch {
    /* ignore */
  }
}

/** An entry as the shell uses it: the registry's, with `overridden` when the browser replaced its URL. */
export interface EffectiveRemoteEntry extends RemoteRegistryEntry {
  overridden?: boolean;
}

/** Applies overrides to the registry. An override for a remote the registry lacks adds it. */
export function applyOverrides(registry: RemoteRegistryEntry[], overrides: RemoteOverrides): EffectiveRemoteEntry[] {
  const out: EffectiveRemoteEntry[] = registry.map((e) => {
    const url = overrides[e.id];
    return url ? { ...e, entry: url, overridden: true } : { ...e };
  });
  for (const id of REMOTE_IDS) {
    const url = overrides[id];
    if (url && !out.some((e) => e.id === id)) {
      out.push({ id, name: federationName(id), entry: url, version: 'override', overridden: true });
    }
  }
  return out;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
