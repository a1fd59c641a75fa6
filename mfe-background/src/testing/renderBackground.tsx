// Test harness: the Background Agents routes in a memory router with injected data access (plain jest
// functions through BackgroundDataContext; no module mocking), an in-memory agents table and runs.
import { jest } from '@jest/globals';
import type { UserEvent } from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route } from 'react-router';
import {
  backgroundAgentConfigSchema,
  type BackgroundAgentConfig,
  type BackgroundAgentConfigInput,
  type BackgroundAgentStatus,
  type BackgroundTestResult,
} from '@accent/background-common';
import type { BackgroundAgentSummary, BackgroundRun, StoredBackgroundAgent } from '../data/background.js';
import { renderRoutes, signInAs, type RenderedRoutes } from '../../../shared/src/ui/testing/renderWithSession.js';
import { BackgroundDashboardPage } from '../dashboard/BackgroundDashboardPage.js';
import { BackgroundEditorPage } from '../editor/BackgroundEditorPage.js';
import { BackgroundDataProvider, type BackgroundData, type BackgroundEnvironment } from '../state/BackgroundDataContext.js';
import { fakeNotify, type FakeNotify } from '../../../shared/src/ui/testing/fakeNotify.js';

export { fakeNotify, type FakeNotify };

export interface StoredRow {
  id: string;
  status: BackgroundAgentStatus;
  config: BackgroundAgentConfig;
  updatedAt: string;
}

/** A stored agent; `config` is taken as given (not normalized) so tests can check the editor's normalization. */
export function agent(id: string, config: BackgroundAgentConfigInput = {}, status: BackgroundAgentStatus = 'draft', updatedAt = '2025-06-01T10:00:00.000Z'): StoredRow {
  return { id, status, config: { ...backgroundAgentConfigSchema.parse(config), ...(config as Partial<BackgroundAgentConfig>) }, updatedAt };
}

const summaryOf = (r: StoredRow): BackgroundAgentSummary => ({
  id: r.id,
  name: r.config.name,
  icon: r.config.icon,
  description: r.config.description,
  category: r.config.category,
  status: r.status,
  createdAt: r.updatedAt,
  updatedAt: r.updatedAt,
});
const storedOf = (r: StoredRow): StoredBackgroundAgent => ({ id: r.id, status: r.status, config: r.config, createdAt: r.updatedAt, updatedAt: r.updatedAt });

/** A listed run (succeeded manual run delivered to the dashboard unless overridden). */
export function run(id: string, overrides: Partial<BackgroundRun> = {}): BackgroundRun {
  return {
    id,
    agent_id: 'bg-1',
    agent_name: 'Pipeline Watcher',
    trigger: 'manual',
    status: 'succeeded',
    output: '# Pipeline\nThree deals moved today.',
    format: 'markdown',
    deliveries: [{ channel: 'dashboard', status: 'sent', detail: 'Posted to the results feed' }],
    sources: [{ source: 'salesforce', status: 'collected', detail: '3 records' }],
    error: null,
    attempt: 1,
    max_attempts: 4,
    agent_run_id: null,
    in_feed: true,
    started_at: '2025-06-02T10:00:01.000Z',
    finished_at: '2025-06-02T10:00:03.500Z',
    duration_ms: 2500,
    created_at: '2025-06-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A dry run's answer. */
export function testResult(overrides: Partial<BackgroundTestResult> = {}): BackgroundTestResult {
  return {
    status: 'succeeded',
    output: 'Three deals moved today.',
    format: 'markdown',
    formatted: '# Pipeline Watcher\n\nThree deals moved today.',
    sources: [
      { source: 'salesforce', status: 'collected', detail: '3 records' },
      { source: 'hubspot', status: 'not_connected', detail: 'No HubSpot credentials in Admin → Credentials' },
    ],
    deliveries: [
      { channel: 'email', status: 'dry_run', detail: 'would send to admin@accent.local' },
      { channel: 'dashboard', status: 'dry_run', detail: 'would post to the results feed' },
    ],
    error: null,
    duration_ms: 1500,
    agent_run_id: null,
    ...overrides,
  };
}

type Fake<K extends keyof BackgroundData> = jest.Mock<BackgroundData[K]>;
export type FakeApi = { [K in keyof BackgroundData]: Fake<K> } & { table: Map<string, StoredRow>; runs: BackgroundRun[] };

/** An in-memory background_agents table and background_runs list with every operation recorded. */
export function fakeApi(initial: StoredRow[] = [], runs: BackgroundRun[] = []): FakeApi {
  const table = new Map(initial.map((r) => [r.id, r]));
  let n = 0;
  return {
    table,
    runs,
    listMcpTools: jest.fn<BackgroundData['listMcpTools']>(async () => []),
    listRuns: jest.fn<BackgroundData['listRuns']>(async (agentId) => runs.filter((r) => r.agent_id === agentId)),
    listFeed: jest.fn<BackgroundData['listFeed']>(async () => runs.filter((r) => r.in_feed)),
    runNow: jest.fn<BackgroundData['runNow']>(async () => ({ run_id: `run-${++n}`, status: 'queued' as const })),
    testConfig: jest.fn<BackgroundData['testConfig']>(async () => testResult()),
    getEventTrigger: jest.fn<BackgroundData['getEventTrigger']>(async (id) => ({
      url: `http://localhost:3000/api/v1/background-agents/${id}/events`,
      signature_header: 'X-Accent-Signature',
      how: 'sha256=<HMAC-SHA256 of the raw body under the library webhook secret>',
    })),
    downloadDocument: jest.fn<BackgroundData['downloadDocument']>(async (_agentId, runId) => ({ blob: new Blob(['# doc'], { type: 'text/markdown' }), filename: `${runId}.md` })),
    listVersions: jest.fn<BackgroundData['listVersions']>(async () => []),
    restoreVersion: jest.fn<BackgroundData['restoreVersion']>(async (_id, number) => ({ number: number + 1, restored: number })),
    listAgents: jest.fn<BackgroundData['listAgents']>(async () => [...table.values()].map(summaryOf)),
    getAgent: jest.fn<BackgroundData['getAgent']>(async (id) => {
      const r = table.get(id);
      return r ? storedOf(r) : null;
    }),
    saveAgent: jest.fn<BackgroundData['saveAgent']>(async (config, status, id) => {
      const r: StoredRow = { id: id ?? `bg-new-${++n}`, status, config, updatedAt: '2025-06-03T00:00:00.000Z' };
      table.set(r.id, r);
      return storedOf(r);
    }),
    deleteAgent: jest.fn<BackgroundData['deleteAgent']>(async (id) => {
      table.delete(id);
    }),
    setAgentStatus: jest.fn<BackgroundData['setAgentStatus']>(async (id, status) => {
      const r = { ...table.get(id)!, status };
      table.set(id, r);
      return summaryOf(r);
    }),
    duplicateAgent: jest.fn<BackgroundData['duplicateAgent']>(async (id) => {
      const r = table.get(id);
      if (!r) return null;
      const copy: StoredRow = { id: `${id}-copy`, status: 'draft', config: { ...r.config, name: `${r.config.name} (Copy)`, status: 'draft' }, updatedAt: '2025-06-03T00:00:00.000Z' };
      table.set(copy.id, copy);
      return storedOf(copy);
    }),
  };
}


export interface RenderOptions {
  route?: string;
  api?: FakeApi;
  notify?: FakeNotify;
  filterAnimationMs?: number;
  runsRefreshMs?: number;
  /** a user-event instance (e.g. one that advances fake timers) */
  user?: UserEvent;
  /** who is signed in (admin unless said) */
  role?: 'admin' | 'builder' | 'member';
}

export type Rendered = RenderedRoutes & {
  api: FakeApi;
  notify: FakeNotify;
  log: jest.Mock<BackgroundEnvironment['log']>;
  saveFile: jest.Mock<BackgroundEnvironment['saveFile']>;
};

export function renderBackground({ route = '/background', api = fakeApi(), notify = fakeNotify(), filterAnimationMs, runsRefreshMs, user, role = 'admin' }: RenderOptions = {}): Rendered {
  signInAs(role);
  const log = jest.fn<BackgroundEnvironment['log']>();
  const saveFile = jest.fn<BackgroundEnvironment['saveFile']>();
  const env: Partial<BackgroundEnvironment> = {
    api,
    notify,
    log,
    saveFile,
    ...(filterAnimationMs !== undefined ? { filterAnimationMs } : {}),
    ...(runsRefreshMs !== undefined ? { runsRefreshMs } : {}),
  };
  const utils = renderRoutes({
    route,
    store: createStore(),
    wrap: (children) => <BackgroundDataProvider value={env}>{children}</BackgroundDataProvider>,
    routes: (
      <>
        <Route path="/background" element={<BackgroundDashboardPage />} />
        <Route path="/background/new" element={<BackgroundEditorPage />} />
        <Route path="/background/:id" element={<BackgroundEditorPage />} />
      </>
    ),
  });
  return { ...utils, ...(user ? { user } : {}), api, notify, log, saveFile };
}
