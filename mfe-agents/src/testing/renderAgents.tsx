// Test harness: the Agents routes in a memory router, a fresh jotai store and injected data access
// (plain jest functions through AgentsDataContext; no module mocking).
import { jest } from '@jest/globals';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider, createStore, type PrimitiveAtom, type Store } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AgentConfig, AgentListItem } from '@accent/shared';
import { getStore, sessionAtom, type Session } from '@accent/shared/client';
import { DashboardPage } from '../dashboard/DashboardPage.js';
import { EditorPage } from '../editor/EditorPage.js';
import { AgentsDataProvider, type AgentsData, type AgentsEnvironment, type Notifier } from '../state/AgentsDataContext.js';

export function listItem(name: string, description = '', size = 4): AgentListItem {
  return { name, title: name, description, size, lastModDate: '2025-01-01T00:00:00.000Z', importDate: '2025-01-01T00:00:00.000Z' };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface FakeApi {
  list: jest.Mock<AgentsData['list']>;
  getConfig: jest.Mock<AgentsData['getConfig']>;
  save: jest.Mock<AgentsData['save']>;
  remove: jest.Mock<AgentsData['remove']>;
}
export interface FakeNotify {
  success: jest.Mock<Notifier['success']>;
  error: jest.Mock<Notifier['error']>;
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
  };
}

export function fakeNotify(): FakeNotify {
  return { success: jest.fn<Notifier['success']>(), error: jest.fn<Notifier['error']>() };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  route?: string;
  api?: FakeApi;
  notify?: FakeNotify;
  store?: Store;
}

export type Rendered = RenderResult & { api: FakeApi; notify: FakeNotify; store: Store; user: UserEvent; location(): string | null };

export function renderAgents({ route = '/agents', api = fakeApi(), notify = fakeNotify(), store = createStore() }: RenderOptions = {}): Rendered {
  let n = 0;
  const env: Partial<AgentsEnvironment> = { api, notify, newId: () => `copy-${++n}` };
  const user = userEvent.setup();
  const utils = render(
    <Provider store={store}>
      <AgentsDataProvider value={env}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/agents" element={<DashboardPage />} />
            <Route path="/agents/*" element={<EditorPage />} />
            <Route path="/missions" element={<h1>Missions</h1>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AgentsDataProvider>
    </Provider>,
  );
  const location = () => utils.getByTestId('location').textContent;
  return { ...utils, api, notify, store, user, location };
}

// The session atom is read-only for apps (the session manager owns it); tests write it directly.
const writableSession = sessionAtom as unknown as PrimitiveAtom<Session | null>;

/** Signs a fake user into the suite's shared store (useSession reads it there). Returns the sign-out. */
export function signInAs(role: 'admin' | 'builder' | 'member') {
  getStore().set(writableSession, {
    token: 'test-token',
    expiresAt: Date.now() + 3_600_000,
    user: {
      user_id: 'u1',
      account_id: 'a1',
      library_id: 'l1',
      env_name: 'lo-n02',
      email: `${role}@accent.local`,
      name: `Test ${role}`,
      title: '',
      role,
      web_client_url: '',
    },
  });
  return () => getStore().set(writableSession, null);
}
