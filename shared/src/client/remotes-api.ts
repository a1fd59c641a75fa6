import type { AxiosInstance } from 'axios';
import { remoteRegistryResponseSchema } from '../domain/schemas.js';
import type { RemoteRegistryEntry } from '../remotes/contract.js';
import { api } from './http.js';

export interface RemotesApi {
  /** The runtime registry of remotes (DESIGN.md §3). */
  list(): Promise<RemoteRegistryEntry[]>;
}

export function createRemotesApi(http: AxiosInstance): RemotesApi {
  return {
    async list() {
      const { data } = await http.get<unknown>('/api/v1/remotes');
      return remoteRegistryResponseSchema.parse(data).remotes;
    },
  };
}

export const remotesApi: RemotesApi = createRemotesApi(api);
