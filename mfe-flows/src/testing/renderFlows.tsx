// Test harness: the Flows routes in a memory router with injected data access (plain jest functions
// through FlowsDataContext; no module mocking) and an in-memory flows table.
import { jest } from '@jest/globals';
import { signInAs } from '../../../shared/src/ui/testing/renderWithSession.js';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { newFlow, newFlowEdge, newFlowNode, parseFlowImport, buildFlowExport, type Flow, type FlowRun } from '@accent/flows-common';
import type { FlowSummary } from '../data/flows.js';
import { FlowsEditorPage } from '../builder/FlowsEditorPage.js';
import { FlowsDashboardPage } from '../dashboard/FlowsDashboardPage.js';
import { installXyflowPolyfills } from './xyflow-jsdom.js';
import { FlowsDataProvider, readFileText, type FlowsData, type FlowsEnvironment, type Notifier } from '../state/FlowsDataContext.js';

installXyflowPolyfills();

export function flow(overrides: Partial<Flow> = {}): Flow {
  const base = newFlow({ id: overrides.id ?? 'flow-1', now: new Date('2025-06-01T10:00:00.000Z') });
  return { ...base, ...overrides };
}

/** trigger → llm → condition (true: slack, false: database) */
export function graphFlow(overrides: Partial<Flow> = {}): Flow {
  const nodes = [
    newFlowNode({ id: 't1', type: 'trigger', subtype: 'webhook', label: 'Start Trigger', position: { x: 100, y: 100 } }),
    newFlowNode({ id: 'a1', type: 'llm', subtype: 'openai', label: 'Agent', position: { x: 300, y: 100 } }),
    newFlowNode({ id: 'c1', type: 'condition', subtype: 'if_else', label: 'Check', position: { x: 500, y: 100 } }),
  ];
  const edges = [newFlowEdge({ source: 't1', target: 'a1' }), newFlowEdge({ source: 'a1', target: 'c1' })];
  return flow({ flowData: { nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } }, nodeCount: 3, ...overrides });
}

export const summaryOf = (f: Flow): FlowSummary => ({
  id: f.id,
  name: f.name,
  description: f.description,
  status: f.status,
  nodeCount: f.flowData.nodes.length,
  executionCount: f.executionCount,
  successRate: f.successRate,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});

type Fake<K extends keyof FlowsData> = jest.Mock<NonNullable<FlowsData[K]>>;
export type FakeApi = { [K in keyof FlowsData]-?: Fake<K> } & { table: Map<string, Flow>; deployed: Set<string> };

/** An in-memory flows table with every operation recorded. */
export function fakeApi(initial: Flow[] = []): FakeApi {
  const table = new Map(initial.map((f) => [f.id, f]));
  /** what the server has deployed (the stored status alone does not say) */
  const deployed = new Set<string>();
  const run: FlowRun = {
    id: 'run-1',
    flow_id: 'flow-1',
    status: 'succeeded',
    trigger: 'test',
    payload: {},
    nodes: [],
    started_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:01.000Z',
    duration_ms: 1000,
    error: null,
  };
  return {
    table,
    deployed,
    listFlows: jest.fn<FlowsData['listFlows']>(async () => [...table.values()].map(summaryOf)),
    getFlow: jest.fn<FlowsData['getFlow']>(async (id) => table.get(id) ?? null),
    listMcpTools: jest.fn<NonNullable<FlowsData['listMcpTools']>>(async () => []),
    insertFlow: jest.fn<FlowsData['insertFlow']>(async (f) => {
      table.set(f.id, f);
      return f;
    }),
    insertFlows: jest.fn<FlowsData['insertFlows']>(async (flows) => {
      for (const f of flows) table.set(f.id, f);
      return flows.length;
    }),
    updateFlow: jest.fn<FlowsData['updateFlow']>(async (id, patch) => {
      const next = { ...table.get(id)!, ...patch };
      table.set(id, next);
      return next;
    }),
    saveFlow: jest.fn<FlowsData['saveFlow']>(async (f) => {
      table.set(f.id, f);
    }),
    deleteFlow: jest.fn<FlowsData['deleteFlow']>(async (id) => {
      table.delete(id);
    }),
    exportFlows: jest.fn<FlowsData['exportFlows']>(async () => buildFlowExport([...table.values()], new Date('2025-06-02T00:00:00.000Z'))),
    importFlows: jest.fn<FlowsData['importFlows']>(async (file) => {
      const text = typeof file === 'string' ? file : await readFileText(file as Blob);
      const { flows, skipped } = parseFlowImport(text);
      for (const f of flows) table.set(f.id, f);
      return { imported: flows.length, skipped };
    }),
    testFlow: jest.fn<FlowsData['testFlow']>(async () => run),
    deployFlow: jest.fn<FlowsData['deployFlow']>(async (id) => {
      deployed.add(id);
      return { webhookUrl: 'http://localhost/hooks/flow-1', secret: 's3cret' };
    }),
    undeployFlow: jest.fn<FlowsData['undeployFlow']>(async (id) => {
      deployed.delete(id);
    }),
    getDeployment: jest.fn<FlowsData['getDeployment']>(async (id) => ({ deployed: deployed.has(id) })),
    listFlowRuns: jest.fn<FlowsData['listFlowRuns']>(async () => []),
    listFlowVersions: jest.fn<FlowsData['listFlowVersions']>(async () => []),
    saveFlowVersion: jest.fn<FlowsData['saveFlowVersion']>(async () => 1),
    restoreFlowVersion: jest.fn<FlowsData['restoreFlowVersion']>(async (_id, number) => ({ number: number + 1, restored: number })),
  };
}

export interface FakeNotify {
  success: jest.Mock<Notifier['success']>;
  error: jest.Mock<Notifier['error']>;
  warning: jest.Mock<Notifier['warning']>;
}
export const fakeNotify = (): FakeNotify => ({
  success: jest.fn<Notifier['success']>(),
  error: jest.fn<Notifier['error']>(),
  warning: jest.fn<Notifier['warning']>(),
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderOptions {
  route?: string;
  api?: FakeApi;
  notify?: FakeNotify;
  download?: jest.Mock<FlowsEnvironment['download']>;
  user?: UserEvent;
  /** who is signed in (admin unless said) */
  role?: 'admin' | 'builder' | 'member';
}

export type Rendered = RenderResult & {
  api: FakeApi;
  notify: FakeNotify;
  user: UserEvent;
  download: jest.Mock<FlowsEnvironment['download']>;
  location(): string | null;
  go(to: string | number): Promise<void>;
};

export function renderFlows({
  route = '/flows',
  api = fakeApi(),
  notify = fakeNotify(),
  download = jest.fn<FlowsEnvironment['download']>(),
  user = userEvent.setup(),
  role = 'admin',
}: RenderOptions = {}): Rendered {
  signInAs(role);
  let n = 0;
  let m = 0;
  const env: Partial<FlowsEnvironment> = {
    api,
    notify,
    download,
    newFlowId: () => `flow-new-${++n}`,
    newNodeId: (type) => `${type}-n${++m}`,
    now: () => new Date('2025-06-02T12:00:00.000Z'),
  };
  // a data router, as the shell's, so the builder's navigation (useBlocker, unmount on leaving) is the real one
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Routes>
              <Route path="/flows" element={<FlowsDashboardPage />} />
              <Route path="/flows/:id" element={<FlowsEditorPage />} />
            </Routes>
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const utils = render(
    <Provider store={createStore()}>
      <FlowsDataProvider value={env}>
        <RouterProvider router={router} />
      </FlowsDataProvider>
    </Provider>,
  );
  /** navigates as a sidebar link (a path) or the browser's back button (-1) would */
  const go = async (to: string | number) => {
    await act(async () => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
    });
  };
  return { ...utils, api, notify, user, download, go, location: () => utils.getByTestId('location').textContent };
}
