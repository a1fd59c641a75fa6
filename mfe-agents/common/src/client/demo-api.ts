// Demo agents for presentation mode (spec 01 §4: with the experimentalProjects admin setting on, the
// agents dashboard also shows demo agents, loaded dynamically).
import type { AxiosInstance } from 'axios';
import { demoAgentsResponseSchema, type DemoAgent } from '../demo.js';
import { api } from '@accent/shared/client';

export interface DemoApi {
  /** GET /api/v1/agent/demo. Rejects with ApiError. */
  demoAgents(): Promise<DemoAgent[]>;
}

export function createDemoApi(http: AxiosInstance): DemoApi {
  return {
    async demoAgents() {
      const { data } = await http.get<unknown>('/api/v1/agent/demo');
      return demoAgentsResponseSchema.parse(data).agents;
    },
  };
}

export const demoApi: DemoApi = createDemoApi(api);
