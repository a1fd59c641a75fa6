// Test harness: the Missions routes in a memory router, a fresh jotai store and injected data access
// (plain jest functions through MissionsDataContext; no module mocking).
import { jest } from '@jest/globals';
import { createStore, type Store } from 'jotai';
import { Route } from 'react-router';
import type { AgentListItem } from '@accent/agents-common';
import type { Mission, MissionRun } from '@accent/missions-common';
import { MissionsDashboardPage } from '../dashboard/MissionsDashboardPage.js';
import { MissionsEditorPage, MyMissionsEditorPage } from '../editor/MissionsEditorPage.js';
import { MyMissionsPage } from '../my-missions/MyMissionsPage.js';
import { ResultsPage } from '../results/ResultsPage.js';
import { renderRoutes, type RenderedRoutes } from '../../../shared/src/ui/testing/renderWithSession.js';
import { MissionsDataProvider, type MissionsData, type MissionsEnvironment } from '../state/MissionsDataContext.js';
import { fakeNotify, type FakeNotify } from '../../../shared/src/ui/testing/fakeNotify.js';
import { storedMission } from '../../common/src/testing/fixtures.js';

export { fakeNotify, type FakeNotify };

export { deferred, signInAs, type Deferred } from '../../../shared/src/ui/testing/renderWithSession.js';

export const mission = (overrides: Partial<Mission> = {}): Mission =>
  storedMission({
    name: 'Pipeline digest',
    description: 'Summarise the week in the pipeline',
    prompt: 'Summarise the pipeline',
    parameters: { region: 'EMEA' },
    schedule: { type: 'scheduled', frequency: 'weekly', time: '09:00', daysOfWeek: [1, 3], timezone: 'Europe/Paris' },
    created_by: 'owner@accent.local',
    ...overrides,
  });

export function run(overrides: Partial<MissionRun> = {}): MissionRun {
  return {
    id: 'r1',
    mission_id: 'm1',
    user_id: 'u1',
    trigger: 'manual',
    status: 'succeeded',
    output: 'Line one\nLine two',
    error: null,
    agent_run_id: null,
    deliveries: [],
    scheduled_for: null,
    started_at: '2025-06-02T09:00:00.000Z',
    finished_at: '2025-06-02T09:00:05.000Z',
    created_at: '2025-06-02T09:00:00.000Z',
    ...overrides,
  };
}

export function agentItem(name: string, title = name): AgentListItem {
  return { name, title, description: '', size: 2, lastModDate: '2025-01-01T00:00:00.000Z', importDate: '2025-01-01T00:00:00.000Z' };
}

type Fake<K extends keyof MissionsData> = jest.Mock<MissionsData[K]>;
export type FakeApi = { [K in keyof MissionsData]: Fake<K> };

/** In-memory data access: the missions and runs given, with the operations recorded. */
export function fakeApi({ missions = [], runs = [], agents = [agentItem('Lead Qualifier'), agentItem('Churn Watcher')] }: { missions?: Mission[]; runs?: MissionRun[]; agents?: AgentListItem[] } = {}): FakeApi {
  return {
    listMissions: jest.fn<MissionsData['listMissions']>(async () => missions),
    listMissionsByUser: jest.fn<MissionsData['listMissionsByUser']>(async (userId) => missions.filter((m) => m.user_id === userId)),
    getMission: jest.fn<MissionsData['getMission']>(async (id) => missions.find((m) => m.id === id) ?? null),
    upsertMission: jest.fn<MissionsData['upsertMission']>(async (w) => mission({ ...w, user_id: 'u1' })),
    updateMission: jest.fn<MissionsData['updateMission']>(async (id, patch) => ({ ...(missions.find((m) => m.id === id) ?? mission({ id })), ...patch })),
    deleteMission: jest.fn<MissionsData['deleteMission']>(async () => true),
    latestMissionUpdate: jest.fn<MissionsData['latestMissionUpdate']>(async () => ({ latestUpdate: null, count: missions.length })),
    listRuns: jest.fn<MissionsData['listRuns']>(async () => runs),
    runNow: jest.fn<MissionsData['runNow']>(async () => 'run-new'),
    listAgents: jest.fn<MissionsData['listAgents']>(async () => agents),
  };
}


export interface RenderOptions {
  route?: string;
  api?: FakeApi;
  notify?: FakeNotify;
  store?: Store;
  refreshIntervalMs?: number;
  timeZones?: string[];
  defaultTimeZone?: string;
}

export type Rendered = RenderedRoutes & { api: FakeApi; notify: FakeNotify };

export function renderMissions({
  route = '/missions',
  api = fakeApi(),
  notify = fakeNotify(),
  store = createStore(),
  refreshIntervalMs = 0,
  timeZones = ['UTC', 'Europe/Paris', 'America/New_York'],
  defaultTimeZone = 'Europe/Paris',
}: RenderOptions = {}): Rendered {
  let n = 0;
  const env: Partial<MissionsEnvironment> = {
    api,
    notify,
    newId: () => `new-id-${++n}`,
    defaultTimeZone: () => defaultTimeZone,
    timeZones: () => timeZones,
    refreshIntervalMs,
  };
  const utils = renderRoutes({
    route,
    store,
    wrap: (router) => <MissionsDataProvider value={env}>{router}</MissionsDataProvider>,
    routes: (
      <>
        <Route path="/missions" element={<MissionsDashboardPage />} />
        <Route path="/missions/*" element={<MissionsEditorPage />} />
        <Route path="/end-user/my-missions" element={<MyMissionsPage />} />
        <Route path="/end-user/missions/create" element={<MyMissionsEditorPage />} />
        <Route path="/end-user/missions/edit/:id" element={<MyMissionsEditorPage />} />
        <Route path="/end-user/mission-results" element={<ResultsPage />} />
      </>
    ),
  });
  return { ...utils, api, notify };
}
