// Recorded runs of the agent runtime (DESIGN.md §4 "Runtime": run history with traces).
import type { AxiosInstance } from 'axios';
import { runDetailSchema, runsListResponseSchema, threadResponseSchema, type RunDetail, type RunSummary, type ThreadTurn } from '../runtime.js';
import { api } from '@accent/shared/client';

export interface RunsApi {
  /** An agent's recent runs, newest first (members see their own). Rejects with ApiError. */
  list(agentName: string, limit?: number): Promise<RunSummary[]>;
  /** One run with its trace. Rejects with ApiError (404 when it is not there or not yours). */
  get(id: string): Promise<RunDetail>;
  /** The caller's own turns of one conversation with an agent, oldest first. Rejects with ApiError. */
  thread(agentName: string, threadId: string): Promise<ThreadTurn[]>;
}

export function createRunsApi(http: AxiosInstance): RunsApi {
  return {
    async list(agentName, limit = 20) {
      const { data } = await http.get<unknown>('/api/v1/agent/runs', { params: { name: agentName, limit } });
      return runsListResponseSchema.parse(data).runs;
    },
    async get(id) {
      const { data } = await http.get<unknown>(`/api/v1/runs/${encodeURIComponent(id)}`);
      return runDetailSchema.parse(data);
    },
    async thread(agentName, threadId) {
      const { data } = await http.get<unknown>('/api/v1/agent/thread', { params: { name: agentName, thread_id: threadId } });
      return threadResponseSchema.parse(data).turns;
    },
  };
}

export const runsApi: RunsApi = createRunsApi(api);
