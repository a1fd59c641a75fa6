import type { AxiosInstance } from 'axios';
import { REMOTE_IDS, type RemoteRegistryEntry } from '@accent/shared';
import { api } from './http.js';

export interface RemotesApi {
  /** The runtime registry of remotes (DESIGN.md §3). */
  list(): Promise<RemoteRegistryEntry[]>;
}

/**
 * One registry entry as the server sent it (extra fields kept); throws when it is not one. A hand-written
 * check rather than a schema: the shell reads the registry before anyone signs in.
 */
export function readRemoteRegistryEntry(value: unknown): RemoteRegistryEntry {
  const entry = value as Partial<Record<keyof RemoteRegistryEntry, unknown>> | null;
  const ok =
    typeof entry === 'object' &&
    entry !== null &&
    (REMOTE_IDS as readonly unknown[]).includes(entry.id) &&
    typeof entry.name === 'string' &&
    typeof entry.entry === 'string' &&
    typeof entry.version === 'string';
  if (!ok) throw new Error('The server sent an unexpected remote registry entry');
  return entry as RemoteRegistryEntry;
}

export function createRemotesApi(http: AxiosInstance): RemotesApi {
  return {
    async list() {
      const { data } = await http.get<unknown>('/api/v1/remotes');
      const remotes = (data as { remotes?: unknown } | null)?.remotes;
      if (!Array.isArray(remotes)) throw new Error('The server sent an unexpected remote registry');
      return remotes.map(readRemoteRegistryEntry);
    },
  };
}

export const remotesApi: RemotesApi = createRemotesApi(api);
