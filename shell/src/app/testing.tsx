// Test helpers for the shell's component tests: a signed-in or signed-out session in the shared store
// (through a real session manager with a fake transport), fake services and remote loaders, and a
// render of the real route table in a MemoryRouter. Nothing here mocks a module.
import { afterEach, beforeEach, jest } from '@jest/globals';
import { act, render, type RenderResult } from '@testing-library/react';
import type { Context, ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { AgentListItem } from '@accent/agents-common';
import type { RemoteRegistryEntry, User } from '@accent/shared';
import { createSessionManager, type AuthApi, type SessionManager } from '@accent/shared/client';
import { ToastHost } from '@accent/shared/ui';
import type { RemoteLoader } from '../remotes/loader.js';
import { AppProviders } from './AppProviders.js';
import { AppRoutes } from './AppRoutes.js';
import type { ShellServices } from './services.js';

export const ADMIN: User = {
  user_id: 'u-admin',
  account_id: 'acc-1',
  library_id: 'sales2',
  env_name: 'lo-n02',
  email: 'ada@accent.local',
  name: 'Ada Lovelace',
  title: 'Head of Sales Ops',
  role: 'admin',
  web_client_url: '',
};
export const MEMBER: User = { ...ADMIN, user_id: 'u-member', email: 'max@accent.local', name: 'Max Member', title: '', role: 'member' };

/** Drives the shared session state through a real session manager whose transport is fake. */
export function testSession() {
  let user: User = ADMIN;
  const authApi: AuthApi = {
    login: async () => ({ ...user, token: `token-${user.user_id}`, expires_in: 3600 }),
    refresh: async () => null,
    logout: async () => {},
  };
  const manager: SessionManager = createSessionManager({ authApi, openChannel: () => null, lock: (run) => run() });
  return {
    async signIn(as: User = ADMIN) {
      user = as;
      await act(async () => {
        await manager.login({ email: as.email, password: 'x', environment: as.env_name, library: as.library_id, rememberMe: false });
      });
    },
    async signOut() {
      await act(async () => {
        await manager.logout();
      });
    },
    stop: () => manager.stop(),
    /** the manager itself, e.g. as the `session` service whose logout really signs out */
    manager,
  };
}

export const agentItem = (name: string, extra: Partial<AgentListItem> = {}): AgentListItem => ({
  name,
  title: name,
  description: `${name} description`,
  size: 2,
  lastModDate: '2025-03-01T10:00:00Z',
  importDate: '2025-03-01T10:00:00Z',
  ...extra,
});

export const registryEntry = (id: RemoteRegistryEntry['id'], entry = `/mfe/${id}/mf-manifest.json`): RemoteRegistryEntry => ({
  id,
  name: `mfe_${id}`,
  entry,
  version: '1.0.0',
});

export interface FakeServicesOptions {
  agents?: AgentListItem[] | Error;
  registry?: RemoteRegistryEntry[] | Error;
}

export interface FakeServices {
  services: ShellServices;
  logout: jest.Mock<() => Promise<void>>;
  listAgents: jest.Mock<() => Promise<AgentListItem[]>>;
  listRemotes: jest.Mock<() => Promise<RemoteRegistryEntry[]>>;
}

export function fakeServices({ agents = [], registry = [] }: FakeServicesOptions = {}): FakeServices {
  const logout = jest.fn(async () => {});
  const listAgents = jest.fn(async () => {
    if (agents instanceof Error) throw agents;
    return agents;
  });
  const listRemotes = jest.fn(async () => {
    if (registry instanceof Error) throw registry;
    return registry;
  });
  const services: ShellServices = { session: { logout }, agents: { list: listAgents }, remotes: { list: listRemotes } };
  return { services, logout, listAgents, listRemotes };
}

/** A loader that serves the given modules (or failures) without Module Federation. */
export interface FakeLoader {
  loader: RemoteLoader;
  register: jest.Mock<RemoteLoader['register']>;
  load: jest.Mock<(entry: RemoteRegistryEntry) => Promise<unknown>>;
}

export function fakeLoader(load: (entry: RemoteRegistryEntry) => Promise<unknown>): FakeLoader {
  const register = jest.fn<RemoteLoader['register']>();
  const loadFn = jest.fn(load);
  const loader: RemoteLoader = { register, load: loadFn };
  return { loader, register, load: loadFn };
}

/** Shows the router's current location, for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

export interface RenderAppOptions {
  services?: ShellServices;
  loader?: RemoteLoader;
}

/** Lets pending promises (the registry fetch, lazy pages) settle inside act(). */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Renders the real route table at `path` and lets the registry fetch settle. */
export async function renderApp(
  path: string,
  { services = fakeServices().services, loader = fakeLoader(async () => null).loader }: RenderAppOptions = {},
): Promise<RenderResult> {
  const result = render(
    <AppProviders services={services} loader={loader}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  await settle();
  return result;
}

/** Renders any element inside the providers and a MemoryRouter, and lets the registry fetch settle. */
export async function renderWithProviders(ui: ReactNode, path = '/', options: RenderAppOptions = {}): Promise<RenderResult> {
  const { services = fakeServices().services, loader = fakeLoader(async () => null).loader } = options;
  const result = render(
    <AppProviders services={services} loader={loader}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  await settle();
  return result;
}

/** `ui` with a fake API in its context: the one line each screen test needs to hand its screen an API. */
export function provide<T>(Api: Context<T>, api: T, ui: ReactElement): ReactElement {
  return <Api.Provider value={api}>{ui}</Api.Provider>;
}

/** Renders a panel with its API in context and the toast host beside it, as the admin and profile pages mount it. */
export function renderWithApi<T>(Api: Context<T>, api: T, ui: ReactElement): RenderResult {
  return render(
    provide(
      Api,
      api,
      <>
        {ui}
        <ToastHost />
      </>,
    ),
  );
}

type SilentSpy = ReturnType<typeof jest.spyOn>;

/**
 * For every test of the file, replaces `target[method]` with a spy that does nothing (window.alert, or
 * console.error for the failures a test provokes on purpose) and restores it after the test. Call it at
 * the top of the file; the getter returns the current test's spy.
 */
export function silenceInEachTest(target: object, method: string): () => SilentSpy {
  let spy: SilentSpy | undefined;
  beforeEach(() => {
    spy = jest.spyOn(target as Record<string, () => void>, method).mockImplementation(() => {});
  });
  afterEach(() => spy?.mockRestore());
  return () => {
    if (!spy) throw new Error(`${method} is only silenced while a test runs.`);
    return spy;
  };
}
