// Test harness: the Agents routes in a memory router, a fresh jotai store and injected data access
// (plain jest functions through AgentsDataContext; no module mocking). Runs are scripted with
// scriptedRun(): a controllable stand-in for the streamed invoke that emits the runtime's events.
import { jest } from '@jest/globals';
import { createStore, type Store } from 'jotai';
import { Route } from 'react-router';
import type { AgentConfig, AgentListItem, AgentRunRequest, DemoAgent, RunDetail, RunEvent, RunSummary } from '@accent/agents-common';
import type { AdminSettings, KeyValueStorage } from '@accent/shared/client';
import type { InvokeOptions, InvokeResult } from '@accent/agents-common/client';
import { renderRoutes, type RenderedRoutes } from '../../../shared/src/ui/testing/renderWithSession.js';
import { AgentTestPage } from '../agent-test/AgentTestPage.js';
import { ChatbotsPage } from '../chatbots/ChatbotsPage.js';
import { AgentsDashboardPage } from '../dashboard/AgentsDashboardPage.js';
import { AgentsEditorPage } from '../editor/AgentsEditorPage.js';
import { AgentsDataProvider, type AgentsData, type AgentsEnvironment } from '../state/AgentsDataContext.js';
import { fakeNotify, type FakeNotify } from '../../../shared/src/ui/testing/fakeNotify.js';

export { fakeNotify, type FakeNotify };

export { deferred, signInAs, type Deferred } from '../../../shared/src/ui/testing/renderWithSession.js';

export function listItem(name: string, description = '', size = 4): AgentListItem {
  return { name, title: name, description, size, lastModDate: '2025-01-01T00:00:00.000Z', importDate: '2025-01-01T00:00:00.000Z' };
}

export interface FakeApi {
  list: jest.Mock<AgentsData['list']>;
  getConfig: jest.Mock<AgentsData['getConfig']>;
  save: jest.Mock<AgentsData['save']>;
  remove: jest.Mock<AgentsData['remove']>;
  invoke: jest.Mock<AgentsData['invoke']>;
  listRuns: jest.Mock<AgentsData['listRuns']>;
  getRun: jest.Mock<AgentsData['getRun']>;
  demoAgents: jest.Mock<AgentsData['demoAgents']>;
  missionCounts: jest.Mock<AgentsData['missionCounts']>;
  versions: jest.Mock<NonNullable<AgentsData['versions']>>;
  getVersion: jest.Mock<NonNullable<AgentsData['getVersion']>>;
  restore: jest.Mock<NonNullable<AgentsData['restore']>>;
  generate: jest.Mock<NonNullable<AgentsData['generate']>>;
  testSets: { [K in keyof NonNullable<AgentsData['testSets']>]: jest.Mock<NonNullable<AgentsData['testSets']>[K]> };
  /** absent unless a test gives it: a thread kept on the server */
  thread?: jest.Mock<NonNullable<AgentsData['thread']>>;
}
export function fakeApi(items: AgentListItem[] = [], configs: Record<string, Partial<AgentConfig>> = {}): FakeApi {
  return {
    list: jest.fn<AgentsData['list']>(async () => items),
    getConfig: jest.fn<AgentsData['getConfig']>(async (name) => {
      if (name in configs) return configs[name]!;
      throw new Error(`Failed to load agent config: 404`);
    }),
    save: jest.fn<AgentsData['save']>(async () => ({ status: 'success' })),
    remove: jest.fn<AgentsData['remove']>(async () => undefined),
    invoke: jest.fn<AgentsData['invoke']>(async () => ({ output: 'ok', runId: 'run-ok', elapsedMs: 1, serverElapsedMs: 1 })),
    listRuns: jest.fn<AgentsData['listRuns']>(async () => []),
    getRun: jest.fn<AgentsData['getRun']>(async (id) => {
      throw new Error(`HTTP 404: Run ${id} not found`);
    }),
    demoAgents: jest.fn<AgentsData['demoAgents']>(async () => []),
    missionCounts: jest.fn<AgentsData['missionCounts']>(async () => ({})),
    versions: jest.fn<NonNullable<AgentsData['versions']>>(async () => []),
    getVersion: jest.fn<NonNullable<AgentsData['getVersion']>>(async (name, version) => {
      throw new Error(`HTTP 404: Version ${version} of agent "${name}" not found`);
    }),
    restore: jest.fn<NonNullable<AgentsData['restore']>>(async () => 1),
    generate: jest.fn<NonNullable<AgentsData['generate']>>(async () => {
      throw new Error('HTTP 424: No API key for OpenAI.');
    }),
    testSets: {
      testSets: jest.fn(async () => []),
      createTestSet: jest.fn(async () => {
        throw new Error('HTTP 500: not scripted');
      }),
      deleteTestSet: jest.fn(async () => undefined),
      runTestSet: jest.fn(async () => {
        throw new Error('HTTP 500: not scripted');
      }),
      getTestSetRun: jest.fn(async () => {
        throw new Error('HTTP 500: not scripted');
      }),
      failingVersions: jest.fn(async () => []),
    },
  };
}

/** One call of a scripted invoke: what it was asked, and controls to play the run's events. */
export interface ScriptedCall {
  body: AgentRunRequest;
  signal: AbortSignal | undefined;
  emit(event: RunEvent): void;
  /** emits done and resolves */
  finish(output: string, extra?: Partial<InvokeResult>): void;
  fail(error: unknown): void;
}

/**
 * An invoke that waits for the test to play it: `calls` fills as runs start. Aborting the signal rejects
 * with an AbortError, like the real client.
 */
export interface ScriptedRun {
  invoke: jest.Mock<AgentsData['invoke']>;
  calls: ScriptedCall[];
  /** the latest run started */
  last(): ScriptedCall;
}

export function scriptedRun(): ScriptedRun {
  const calls: ScriptedCall[] = [];
  const invoke = jest.fn<AgentsData['invoke']>((body: AgentRunRequest, options?: InvokeOptions) => {
    return new Promise<InvokeResult>((resolve, reject) => {
      const onEvent = options?.onEvent;
      options?.signal?.addEventListener('abort', () => reject(new DOMException('The run was cancelled.', 'AbortError')));
      calls.push({
        body,
        signal: options?.signal,
        emit: (e) => onEvent?.(e),
        finish: (output, extra = {}) => {
          const runId = extra.runId ?? `run-${calls.length}`;
          onEvent?.({ type: 'done', output, run_id: runId, elapsed_ms: extra.elapsedMs ?? 10 });
          resolve({ output, runId, elapsedMs: 10, serverElapsedMs: 10, ...extra });
        },
        fail: reject,
      });
    });
  });
  const last = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('No run has started');
    return call;
  };
  return { invoke, calls, last };
}

/** An in-memory Web Storage (sessionStorage in tests). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
}

export function runSummary(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    id: 'run-1',
    agent_name: 'Lead Qualifier',
    agent_version: 2,
    user_id: 'u1',
    user_email: 'admin@accent.local',
    thread_id: 'thread-1',
    source: 'test',
    status: 'succeeded',
    error: null,
    input: { query: 'Qualify Acme', params: { company: 'Acme' } },
    output: 'Acme scores 87.\nStrong fit.',
    started_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:01.234Z',
    duration_ms: 1234,
    model_ms: 900,
    usage: { inputTokens: 120, outputTokens: 30, totalTokens: 150 },
    ...overrides,
  };
}

export function runDetail(overrides: Partial<RunDetail> = {}): RunDetail {
  return { ...runSummary(), trace: { steps: [], fallback: null, escalated: false, depth: 0, thread_key: '' }, ...overrides };
}

export function demoAgent(name: string, description: string, category: string): DemoAgent {
  return {
    name,
    title: name,
    description,
    size: 2,
    lastModDate: '1970-01-01T00:00:00.000Z',
    importDate: '1970-01-01T00:00:00.000Z',
    category,
    demo: true,
    tools: ['HubSpot API'],
    config: {
      name,
      description,
      query: '',
      params: { region: 'EMEA' },
      flow_type: 'supervisor',
      steps: [],
      file_name: '',
      trace: false,
      thread_id: '',
      namespace: 'default',
      use_history: true,
      save_history: true,
      max_history_items: 10,
      inputs: [],
    },
  };
}


export interface RenderOptions {
  route?: string;
  api?: FakeApi;
  notify?: FakeNotify;
  store?: Store;
  adminSettings?: AdminSettings;
  threadStorage?: KeyValueStorage;
  random?: () => number;
}

export type Rendered = RenderedRoutes & {
  api: FakeApi;
  notify: FakeNotify;
  store: Store;
  threadStorage: KeyValueStorage;
  /** the thread ids handed out, in order */
  threadIds: string[];
};

export function renderAgents({
  route = '/agents',
  api = fakeApi(),
  notify = fakeNotify(),
  store = createStore(),
  adminSettings = { experimentalProjects: false },
  threadStorage = memoryStorage(),
  random = () => 0.5,
}: RenderOptions = {}): Rendered {
  let n = 0;
  const threadIds: string[] = [];
  const env: Partial<AgentsEnvironment> = {
    api,
    notify,
    newId: () => `copy-${++n}`,
    newThreadId: () => {
      const id = `thread-${threadIds.length + 1}`;
      threadIds.push(id);
      return id;
    },
    adminSettings: () => adminSettings,
    threadStorage,
    random,
  };
  const utils = renderRoutes({
    route,
    store,
    wrap: (router) => <AgentsDataProvider value={env}>{router}</AgentsDataProvider>,
    routes: (
      <>
        <Route path="/agents" element={<AgentsDashboardPage />} />
        <Route path="/agents/*" element={<AgentsEditorPage />} />
        <Route path="/agent-test" element={<AgentTestPage />} />
        <Route path="/chatbots" element={<ChatbotsPage />} />
        <Route path="/missions" element={<h1>Missions</h1>} />
      </>
    ),
  });
  return { ...utils, api, notify, store, threadStorage, threadIds };
}
