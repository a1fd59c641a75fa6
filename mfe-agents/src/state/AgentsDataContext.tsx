// Data access of the Agents area behind one context, so that components get the real clients (agentsApi,
// the runtime's invoke and runs, the demo agents), the toast bus and the browser's storage by default,
// and tests inject plain functions instead of mocking modules.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { agentsApi, demoApi, invokeAgent, runsApi, type AgentsApi, type AgentVersion, type InvokeAgent } from '@accent/agents-common/client';
import { api, loadAdminSettings, toast, uuid, type AdminSettings, type KeyValueStorage } from '@accent/shared/client';
import { z } from 'zod';
import { missionCountsByAgent } from '@accent/missions-common';
import { type AgentConfig, type AgentGenerateRequest, type AgentListItem, type DemoAgent, type RunDetail, type RunSummary, type ThreadTurn } from '@accent/agents-common';
import type { Notifier } from '@accent/shared/client';

export interface AgentsData {
  list(): Promise<AgentListItem[]>;
  getConfig(name: string): Promise<Partial<AgentConfig>>;
  save(body: AgentConfig): Promise<unknown>;
  remove(name: string): Promise<void>;
  /** POST /api/v1/agent/invoke, streamed (shared/src/client/invoke.ts) */
  invoke: InvokeAgent;
  listRuns(agentName: string, limit?: number): Promise<RunSummary[]>;
  getRun(id: string): Promise<RunDetail>;
  /** the caller's own turns of one conversation (a chatbot's thread), oldest first (absent: none kept on the server) */
  thread?(name: string, threadId: string): Promise<ThreadTurn[]>;
  demoAgents(): Promise<DemoAgent[]>;
  /** missions per agent name (agent_id), for the card menu's "View Missions (n)"; rejects on a database error */
  missionCounts(): Promise<Record<string, number>>;
  /** the agent's saved versions, newest first (absent: no Versions tab data) */
  versions?(name: string): Promise<AgentVersion[]>;
  getVersion?(name: string, version: number): Promise<Partial<AgentConfig>>;
  /** saves an older version as the newest; resolves with the new version number */
  restore?(name: string, version: number): Promise<number>;
  /** Generate with AI: a drafted agent, nothing saved */
  generate?(body: AgentGenerateRequest): Promise<AgentConfig>;
  /** test sets (absent: no Test Sets data) */
  testSets?: Pick<AgentsApi, 'testSets' | 'createTestSet' | 'deleteTestSet' | 'runTestSet' | 'getTestSetRun' | 'failingVersions'>;
  /** the library's knowledge collections, for the editor's picker (absent: no picker) */
  knowledgeCollections?(): Promise<KnowledgeCollectionChoice[]>;
  /** tools of the library's MCP servers, by server (absent: none offered) */
  mcpTools?(): Promise<McpToolGroup[]>;
}

/** An MCP server's tools as the editor offers them: `ref` is what a step's tools hold. */
export interface McpToolGroup {
  id: string;
  name: string;
  tools: { ref: string; name: string; label: string; description: string }[];
}

const mcpToolsSchema = z.object({
  servers: z.array(z.object({ id: z.string(), name: z.string(), tools: z.array(z.object({ ref: z.string(), name: z.string(), label: z.string(), description: z.string() })) })),
});

export interface KnowledgeCollectionChoice {
  id: string;
  name: string;
}

const knowledgeListSchema = z.object({ collections: z.array(z.object({ id: z.string(), name: z.string() })) });

export type { Notifier };

export interface AgentsEnvironment {
  api: AgentsData;
  notify: Notifier;
  /** id for local copies made by Duplicate */
  newId(): string;
  /** a fresh conversation id: one per test run, one per chatbot conversation */
  newThreadId(): string;
  /** the browser's admin settings (presentation mode: experimentalProjects) */
  adminSettings(): AdminSettings;
  /** where chatbot conversations keep their thread id across a reload (sessionStorage) */
  threadStorage: KeyValueStorage | null;
  /** 0 ≤ n < 1, for the demo agents' rating (spec 01 §9) */
  random(): number;
}

function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // blocked (privacy settings, sandboxed iframe)
  }
}

export const defaultAgentsEnvironment: AgentsEnvironment = {
  api: {
    list: () => agentsApi.list(),
    getConfig: (name) => agentsApi.getConfig(name),
    save: (body) => agentsApi.save(body),
    remove: (name) => agentsApi.remove(name),
    invoke: (body, options) => invokeAgent(body, options),
    listRuns: (name, limit) => runsApi.list(name, limit),
    getRun: (id) => runsApi.get(id),
    thread: (name, threadId) => runsApi.thread(name, threadId),
    demoAgents: () => demoApi.demoAgents(),
    versions: (name) => agentsApi.versions(name),
    getVersion: (name, version) => agentsApi.getVersion(name, version),
    restore: (name, version) => agentsApi.restore(name, version),
    generate: (body) => agentsApi.generate(body),
    testSets: {
      testSets: (name) => agentsApi.testSets(name),
      createTestSet: (body) => agentsApi.createTestSet(body),
      deleteTestSet: (id) => agentsApi.deleteTestSet(id),
      runTestSet: (id, target) => agentsApi.runTestSet(id, target),
      getTestSetRun: (id) => agentsApi.getTestSetRun(id),
      failingVersions: (name) => agentsApi.failingVersions(name),
    },
    // Loaded on demand: the data client (supabase-js) stays out of the dashboard's first chunk.
    missionCounts: async () => {
      const { missionsService } = await import('@accent/missions-common/data');
      return missionCountsByAgent(await missionsService.listMissions({ throwOnError: true }));
    },
    knowledgeCollections: async () => knowledgeListSchema.parse((await api.get<unknown>('/api/v1/knowledge/collections')).data).collections.map(({ id, name }) => ({ id, name })),
    mcpTools: async () => mcpToolsSchema.parse((await api.get<unknown>('/api/v1/mcp-tools')).data).servers,
  },
  notify: {
    success: (title, message) => toast.success(title, message),
    error: (title, message) => toast.error(title, message),
  },
  newId: () => uuid(),
  newThreadId: () => uuid(),
  adminSettings: () => loadAdminSettings(),
  get threadStorage() {
    return browserSessionStorage();
  },
  random: () => Math.random(),
};

const AgentsDataContext = createContext<AgentsEnvironment>(defaultAgentsEnvironment);

export function AgentsDataProvider({ value, children }: { value?: Partial<AgentsEnvironment>; children: ReactNode }) {
  const merged = useMemo<AgentsEnvironment>(
    () => ({
      newId: value?.newId ?? defaultAgentsEnvironment.newId,
      newThreadId: value?.newThreadId ?? defaultAgentsEnvironment.newThreadId,
      adminSettings: value?.adminSettings ?? defaultAgentsEnvironment.adminSettings,
      threadStorage: value && 'threadStorage' in value ? (value.threadStorage ?? null) : defaultAgentsEnvironment.threadStorage,
      random: value?.random ?? defaultAgentsEnvironment.random,
      notify: value?.notify ?? defaultAgentsEnvironment.notify,
      api: value?.api ?? defaultAgentsEnvironment.api,
    }),
    [value],
  );
  return <AgentsDataContext.Provider value={merged}>{children}</AgentsDataContext.Provider>;
}

export const useAgentsEnv = () => useContext(AgentsDataContext);

/** The message of anything thrown (ApiError's is `HTTP {status}: {detail or statusText}`). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}
