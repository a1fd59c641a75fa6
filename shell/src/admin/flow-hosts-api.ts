// Admin → Settings → Allowed flow hosts: GET/PUT /api/v1/admin/flow-hosts, answers parsed with the
// contract's schema. Behind a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import { flowHostsPutRequestSchema, flowHostsResponseSchema, type FlowHostsResponse } from '@accent/shell-common';

export interface FlowHostsApi {
  get(): Promise<FlowHostsResponse>;
  /** replaces the library's list; 400 ApiError naming the entry (`hosts.2: …`) when one is refused */
  put(hosts: string[]): Promise<FlowHostsResponse>;
}

export function createFlowHostsApi(http: AxiosInstance): FlowHostsApi {
  const json = jsonApi(http);
  return {
    get: async () => json.get('/api/v1/admin/flow-hosts', flowHostsResponseSchema),
    put: async (hosts) => json.put('/api/v1/admin/flow-hosts', flowHostsPutRequestSchema.parse({ hosts }), flowHostsResponseSchema),
  };
}

export const FlowHostsApiContext = createContext<FlowHostsApi>(createFlowHostsApi(api));
export const useFlowHostsApi = () => useContext(FlowHostsApiContext);
