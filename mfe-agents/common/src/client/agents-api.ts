// The agent endpoints of spec 01 §7 (DESIGN.md §4 "The agent API").
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { msg } from '../messages.js';
import { agentGenerateResponseSchema, type AgentGenerateRequest } from '../generate.js';
import { failingVersionsResponseSchema, testSetListResponseSchema, testSetRunSchema, testSetSchema, type TestSet, type TestSetBody, type TestSetRun } from '../test-sets.js';
import {
  agentConfigResponseSchema,
  agentListResponseSchema,
  type AgentConfig,
  type AgentConfigResponse,
  type AgentListItem,
} from '../schemas.js';
import { ApiError, api } from '@accent/shared/client';

export interface AgentVersion {
  version: number;
  created_at: string;
  created_by: string;
}

const agentVersionsResponseSchema = z.object({
  versions: z.array(z.object({ version: z.number().int(), created_at: z.string(), created_by: z.string() })),
});

export interface AgentsApi {
  list(): Promise<AgentListItem[]>;
  /** Throws Error('Failed to load agent config: {status}') (spec 01 §8). */
  getConfig(name: string): Promise<AgentConfigResponse>;
  /** Rejects with ApiError, message `HTTP {status}: {detail or statusText}`. */
  save(body: AgentConfig): Promise<unknown>;
  remove(name: string): Promise<void>;
  versions(name: string): Promise<AgentVersion[]>;
  /** One saved version's configuration. */
  getVersion(name: string, version: number): Promise<AgentConfigResponse>;
  /** Saves an older version as the newest one; resolves with the new version number. */
  restore(name: string, version: number): Promise<number>;
  /** Generate with AI: a drafted agent, not saved. */
  generate(body: AgentGenerateRequest): Promise<AgentConfig>;
  testSets(name: string): Promise<TestSetWithRuns[]>;
  createTestSet(body: TestSetBody): Promise<TestSet>;
  deleteTestSet(id: string): Promise<void>;
  /** starts a run of a set against a saved version, or the editor's draft (status running) */
  runTestSet(id: string, target: { version: number } | { draft: AgentConfig }): Promise<TestSetRun>;
  /** a run with the results of the cases done so far */
  getTestSetRun(id: string): Promise<TestSetRun>;
  failingVersions(name: string): Promise<FailingVersion[]>;
}

export type TestSetWithRuns = TestSet & { last_runs: TestSetRun[] };
export interface FailingVersion {
  version: number;
  test_set: string;
  failed_cases: number[];
}

const savedSchema = z.object({ version: z.number().int() });

export function createAgentsApi(http: AxiosInstance): AgentsApi {
  return {
    async list() {
      const { data } = await http.get<unknown>('/api/v1/agent/list');
      return agentListResponseSchema.parse(data).agents;
    },
    async getConfig(name) {
      let data: unknown;
      try {
        ({ data } = await http.get<unknown>('/api/v1/multi-agent/agent-config', { params: { name } }));
      } catch (error) {
        const status = error instanceof ApiError && error.status > 0 ? error.status : error instanceof Error ? error.message : 'unknown';
        throw new Error(msg.failedToLoadAgentConfig(status), { cause: error });
      }
      return agentConfigResponseSchema.parse(data);
    },
    async save(body) {
      const { data } = await http.post<unknown>('/api/v1/agent/save', body);
      return data;
    },
    async remove(name) {
      await http.delete('/api/v1/agent', { params: { name } });
    },
    async versions(name) {
      const { data } = await http.get<unknown>('/api/v1/agent/versions', { params: { name } });
      return agentVersionsResponseSchema.parse(data).versions;
    },
    async getVersion(name, version) {
      const { data } = await http.get<unknown>('/api/v1/agent/version', { params: { name, version } });
      return agentConfigResponseSchema.parse(data);
    },
    async restore(name, version) {
      const { data } = await http.post<unknown>('/api/v1/agent/restore', { name, version });
      return savedSchema.parse(data).version;
    },
    async generate(body) {
      const { data } = await http.post<unknown>('/api/v1/agent/generate', body);
      return agentGenerateResponseSchema.parse(data).agent;
    },
    async testSets(name) {
      const { data } = await http.get<unknown>('/api/v1/agent/test-sets', { params: { name } });
      return testSetListResponseSchema.parse(data).test_sets;
    },
    async createTestSet(body) {
      const { data } = await http.post<unknown>('/api/v1/agent/test-sets', body);
      return testSetSchema.parse(data);
    },
    async deleteTestSet(id) {
      await http.delete(`/api/v1/agent/test-sets/${encodeURIComponent(id)}`);
    },
    async runTestSet(id, target) {
      const { data } = await http.post<unknown>(`/api/v1/agent/test-sets/${encodeURIComponent(id)}/run`, target);
      return testSetRunSchema.parse(data);
    },
    async getTestSetRun(id) {
      const { data } = await http.get<unknown>(`/api/v1/agent/test-set-runs/${encodeURIComponent(id)}`);
      return testSetRunSchema.parse(data);
    },
    async failingVersions(name) {
      const { data } = await http.get<unknown>('/api/v1/agent/test-sets/failing', { params: { name } });
      return failingVersionsResponseSchema.parse(data).failing;
    },
  };
}

export const agentsApi: AgentsApi = createAgentsApi(api);
