// Test harness: the Background Agents routes in a memory router with injected data access (plain jest
// functions through BackgroundDataContext; no module mocking) and an in-memory agents table.
import { jest } from '@jest/globals';
import { createStore } from 'jotai';
import { Route } from 'react-router';
import { backgroundAgentConfigSchema, type BackgroundAgentConfig, type BackgroundAgentConfigInput, type BackgroundAgentStatus } from '@accent/shared';
import type { BackgroundAgentSummary, StoredBackgroundAgent } from '@accent/shared/data';
import { renderRoutes, type RenderedRoutes } from '../../../shared/src/ui/testing/renderWithSession.js';
import { BackgroundDashboardPage } from '../dashboard/BackgroundDashboardPage.js';
import { BackgroundEditorPage } from '../editor/BackgroundEditorPage.js';
import { BackgroundDataProvider, type BackgroundData, type BackgroundEnvironment, type Notifier } from '../state/BackgroundDataContext.js';

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

type Fake<K extends keyof BackgroundData> = jest.Mock<BackgroundData[K]>;
export type FakeApi = { [K in keyof BackgroundData]: Fake<K> } & { table: Map<string, StoredRow> };

/** An in-memory background_agents table with every operation recorded. */
export function fakeApi(initial: StoredRow[] = []): FakeApi {
  const table = new Map(initial.map((r) => [r.id, r]));
  let n = 0;
  return {
    table,
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
    duplicateAgent: jest.fn<BackgroundData['duplicateAgent']>(async (id) => {
      const r = table.get(id);
      if (!r) return null;
      const copy: StoredRow = { id: `${id}-copy`, status: 'draft', config: { ...r.config, name: `${r.config.name} (Copy)`, status: 'draft' }, updatedAt: '2025-06-03T00:00:00.000Z' };
      table.set(copy.id, copy);
      return storedOf(copy);
    }),
  };
}

export interface FakeNotify {
  success: jest.Mock<Notifier['success']>;
  error: jest.Mock<Notifier['error']>;
}
export const fakeNotify = (): FakeNotify => ({ success: jest.fn<Notifier['success']>(), error: jest.fn<Notifier['error']>() });

export interface RenderOptions {
  route?: string;
  api?: FakeApi;
  notify?: FakeNotify;
  filterAnimationMs?: number;
}

export type Rendered = RenderedRoutes & { api: FakeApi; notify: FakeNotify; alert: jest.Mock<BackgroundEnvironment['alert']>; log: jest.Mock<BackgroundEnvironment['log']> };

export function renderBackground({ route = '/background', api = fakeApi(), notify = fakeNotify(), filterAnimationMs }: RenderOptions = {}): Rendered {
  const alert = jest.fn<BackgroundEnvironment['alert']>();
  const log = jest.fn<BackgroundEnvironment['log']>();
  const env: Partial<BackgroundEnvironment> = { api, notify, alert, log, ...(filterAnimationMs !== undefined ? { filterAnimationMs } : {}) };
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
  return { ...utils, api, notify, alert, log };
}
