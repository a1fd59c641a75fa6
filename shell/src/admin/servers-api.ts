// Admin → Settings → Servers: GET /api/v1/admin/servers, parsed with the contract's schema. Behind a
// context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import { serversResponseSchema, type ServersResponse } from '@accent/shell-common';

export interface ServersApi {
  list(): Promise<ServersResponse>;
}

export function createServersApi(http: AxiosInstance): ServersApi {
  const json = jsonApi(http);
  return { list: () => json.get('/api/v1/admin/servers', serversResponseSchema) };
}

export const ServersApiContext = createContext<ServersApi>(createServersApi(api));
export const useServersApi = () => useContext(ServersApiContext);
