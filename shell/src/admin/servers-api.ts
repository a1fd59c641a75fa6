// Admin → Settings → Servers: GET /api/v1/admin/servers, parsed with the contract's schema. Behind a
// context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api } from '@accent/shared/client';
import { serversResponseSchema, type ServersResponse } from '@accent/shell-common';

export interface ServersApi {
  list(): Promise<ServersResponse>;
}

export function createServersApi(http: AxiosInstance): ServersApi {
  return {
    async list() {
      const { data } = await http.get<unknown>('/api/v1/admin/servers');
      return serversResponseSchema.parse(data);
    },
  };
}

export const ServersApiContext = createContext<ServersApi>(createServersApi(api));
export const useServersApi = () => useContext(ServersApiContext);
