// Admin → Settings → Allowed flow hosts: GET/PUT /api/v1/admin/flow-hosts, answers parsed with the
// contract's schema. Behind a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api } from '@accent/shared/client';
import { flowHostsPutRequestSchema, flowHostsResponseSchema, type FlowHostsResponse } from '@accent/shell-common';

export interface FlowHostsApi {
  get(): Promise<FlowHostsResponse>;
  /** replaces the library's list; 400 ApiError naming the entry (`hosts.2: …`) when one is refused */
  put(hosts: string[]): Promise<FlowHostsResponse>;
}

export function createFlowHostsApi(http: AxiosInstance): FlowHostsApi {
  return {
    async get() {
      const { data } = await http.get<unknown>('/api/v1/admin/flow-hosts');
      return flowHostsResponseSchema.parse(data);
    },
    async put(hosts) {
      const { data } = await http.put<unknown>('/api/v1/admin/flow-hosts', flowHostsPutRequestSchema.parse({ hosts }));
      return flowHostsResponseSchema.parse(data);
    },
  };
}

export const FlowHostsApiContext = createContext<FlowHostsApi>(createFlowHostsApi(api));
export const useFlowHostsApi = () => useContext(FlowHostsApiContext);
