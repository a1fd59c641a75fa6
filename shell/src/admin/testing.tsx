// Test helpers of the Admin area: an in-memory AdminApi that behaves like the server (duplicate emails,
// self-demotion, masked hints, merged credential writes) with every method a jest mock, and a render of
// the page inside the shell's providers. Nothing here mocks a module.
import { afterAll, afterEach, beforeEach, jest } from '@jest/globals';
import type { RenderResult } from '@testing-library/react';
import {
  ADMIN_MESSAGES,
  adminCreateUserRequestSchema,
  CREDENTIAL_DEFINITIONS,
  type AdminUser,
  type CredentialItem,
  type CredentialKind,
} from '@accent/shell-common';
import { federationName, type RemoteRegistryEntry } from '@accent/shared';
import { ApiError, toast } from '@accent/shared/client';
import { type AdminApi } from './admin-api.js';
import { ADMIN, fakeServices, renderWithProviders, testSession, type FakeServices } from '../app/testing.js';
import AdminPage from './AdminPage.js';
import { AdminServicesContext } from './services.js';
import { FlowHostsApiContext, type FlowHostsApi } from './flow-hosts-api.js';
import { ServersApiContext, type ServersApi } from './servers-api.js';
import { InvitationsApiContext } from './invitations-api.js';
import { fakeInvitationsApi, type FakeInvitations } from './invitations-testing.js';
import { TwoFactorAdminApiContext, type TwoFactorAdminApi } from './TwoFactorAdmin.js';
import { fakeTwoFactorAdminApi } from './two-factor-testing.js';

/**
 * The Admin tests' frame: ADMIN signed in before each test, the toasts (and any storage named) cleared
 * after each, the session stopped at the end.
 */
export function signedInAdmin(...storages: Storage[]) {
  const session = testSession();
  beforeEach(() => session.signIn(ADMIN));
  afterAll(() => session.stop());
  afterEach(() => {
    toast.clear();
    for (const storage of storages) storage.clear();
  });
  return session;
}

export const adminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: ADMIN.user_id,
  email: ADMIN.email,
  name: ADMIN.name,
  title: ADMIN.title,
  role: 'admin',
  team: null,
  active: true,
  created_at: '2025-01-15T09:00:00.000Z',
  ...overrides,
});

export const SAMPLE_USERS: AdminUser[] = [
  adminUser(),
  adminUser({
    id: 'u-bob',
    email: 'bob@accent.local',
    name: 'Bob Builder',
    title: 'Solutions engineer',
    role: 'builder',
    team: 'sales',
    created_at: '2025-02-01T09:00:00.000Z',
  }),
  adminUser({
    id: 'u-max',
    email: 'max@accent.local',
    name: 'Max Member',
    title: '',
    role: 'member',
    team: 'marketing',
    created_at: '2025-02-02T09:00:00.000Z',
  }),
];

/** What a stored credential looks like in the list. */
export interface StoredCredential {
  values: Record<string, string>;
  updated_at: string;
}

const mask = (value: string) => (value.length <= 8 ? '••••' : `${value.slice(0, 3)}…${value.slice(-4)}`);

function itemOf(kind: CredentialKind, key: string, stored: StoredCredential | undefined, environment: boolean): CredentialItem {
  const d = CREDENTIAL_DEFINITIONS.find((x) => x.kind === kind && x.key === key)!;
  const hintValue = stored?.values[d.hintField];
  const hintSecret = d.fields.find((f) => f.name === d.hintField)?.secret ?? true;
  return {
    kind,
    key,
    label: d.label,
    fields: d.fields.map((f) => ({ ...f, set: stored ? f.name in stored.values : false })),
    hint: hintValue ? (hintSecret ? mask(hintValue) : hintValue) : null,
    updated_at: stored?.updated_at ?? null,
    configured: Boolean(stored) || environment,
    source: stored ? 'library' : environment ? 'environment' : null,
  };
}

export interface FakeAdminOptions {
  users?: AdminUser[];
  /** `kind/key` → stored values */
  credentials?: Record<string, StoredCredential>;
  /** `kind/key` of providers configured by the server's environment */
  environment?: string[];
  registry?: RemoteRegistryEntry[];
  /** the signed-in admin (self-demotion and deactivation are refused for them) */
  selfId?: string;
}

export type FakeAdmin = { [K in keyof AdminApi]: jest.Mock<AdminApi[K]> } & {
  api: AdminApi;
  users: AdminUser[];
  credentials: Map<string, StoredCredential>;
  registry: RemoteRegistryEntry[];
  /** GET /api/v1/remotes as this fake's registry answers it (the shell's `remotes.list` service) */
  listRegistry: jest.Mock<() => Promise<RemoteRegistryEntry[]>>;
};

export function fakeAdminApi({
  users = SAMPLE_USERS,
  credentials = {},
  environment = [],
  registry = [],
  selfId = ADMIN.user_id,
}: FakeAdminOptions = {}): FakeAdmin {
  const state = {
    users: users.map((u) => ({ ...u })),
    credentials: new Map(Object.entries(credentials)),
    registry: registry.map((r) => ({ ...r })),
    overrides: new Map<RemoteRegistryEntry['id'], RemoteRegistryEntry>(),
  };
  let counter = 0;
  const item = (kind: CredentialKind, key: string) =>
    itemOf(kind, key, state.credentials.get(`${kind}/${key}`), environment.includes(`${kind}/${key}`));

  const listUsers = jest.fn<AdminApi['listUsers']>(async () => state.users.map((u) => ({ ...u })));
  const createUser = jest.fn<AdminApi['createUser']>(async (body) => {
    const input = adminCreateUserRequestSchema.parse(body);
    if (state.users.some((u) => u.email === input.email)) throw new ApiError(409, 'Conflict', ADMIN_MESSAGES.emailTaken(input.email));
    const user: AdminUser = {
      id: `u-new-${++counter}`,
      email: input.email,
      name: input.name,
      title: input.title,
      role: input.role,
      team: input.team,
      active: true,
      created_at: '2025-03-01T10:00:00.000Z',
    };
    state.users.push(user);
    return { ...user };
  });
  const updateUser = jest.fn<AdminApi['updateUser']>(async (id, changes) => {
    if (id === selfId && changes.active === false) throw new ApiError(400, 'Bad Request', ADMIN_MESSAGES.cannotDeactivateSelf);
    if (id === selfId && changes.role !== undefined && changes.role !== 'admin')
      throw new ApiError(400, 'Bad Request', ADMIN_MESSAGES.cannotDemoteSelf);
    const user = state.users.find((u) => u.id === id);
    if (!user) throw new ApiError(404, 'Not Found', ADMIN_MESSAGES.userNotFound);
    Object.assign(user, changes);
    return { ...user };
  });
  const listCredentials = jest.fn<AdminApi['listCredentials']>(async () => CREDENTIAL_DEFINITIONS.map((d) => item(d.kind, d.key)));
  const putCredential = jest.fn<AdminApi['putCredential']>(async (kind, key, values) => {
    const id = `${kind}/${key}`;
    const merged = { ...(state.credentials.get(id)?.values ?? {}) };
    for (const [name, value] of Object.entries(values)) {
      if (value === null) delete merged[name];
      else if (value.trim()) merged[name] = value.trim();
    }
    state.credentials.set(id, { values: merged, updated_at: '2025-03-02T12:00:00.000Z' });
    return item(kind, key);
  });
  const deleteCredential = jest.fn<AdminApi['deleteCredential']>(async (kind, key) => {
    state.credentials.delete(`${kind}/${key}`);
  });
  const setRemote = jest.fn<AdminApi['setRemote']>(async (id, { entry, version }) => {
    const next: RemoteRegistryEntry = { id, name: federationName(id), entry: entry.trim(), version: version.trim() };
    state.overrides.set(id, next);
    return next;
  });
  const resetRemote = jest.fn<AdminApi['resetRemote']>(async (id) => {
    if (!state.overrides.delete(id)) throw new ApiError(404, 'Not Found', `Remote "${id}" has no registry override`);
  });
  const effectiveRegistry = () => {
    const byId = new Map(state.registry.map((r) => [r.id, r] as const));
    for (const [id, r] of state.overrides) byId.set(id, r);
    return [...byId.values()].map((r) => ({ ...r }));
  };
  const listRegistry = jest.fn(async () => effectiveRegistry());

  const mocks = { listUsers, createUser, updateUser, listCredentials, putCredential, deleteCredential, setRemote, resetRemote };
  return {
    ...mocks,
    api: mocks,
    listRegistry,
    get users() {
      return state.users;
    },
    credentials: state.credentials,
    get registry() {
      return effectiveRegistry();
    },
  };
}

/** Every admin data call the fake saw (none is expected for a non-admin). */
export const adminCallCount = (fake: FakeAdmin) =>
  fake.listUsers.mock.calls.length +
  fake.createUser.mock.calls.length +
  fake.updateUser.mock.calls.length +
  fake.listCredentials.mock.calls.length +
  fake.putCredential.mock.calls.length +
  fake.deleteCredential.mock.calls.length +
  fake.setRemote.mock.calls.length +
  fake.resetRemote.mock.calls.length;

/** Admin → Settings' allowed flow hosts in tests that are not about them: none stored, none in the environment. */
const NO_FLOW_HOSTS: FlowHostsApi = {
  get: async () => ({ hosts: [], environment: [], updated_at: null }),
  put: async (hosts) => ({ hosts, environment: [], updated_at: new Date().toISOString() }),
};

const NO_SERVERS: ServersApi = { list: async () => ({ servers: [] }) };

export interface RenderAdminOptions {
  admin?: FakeAdmin;
  /** invitations and sign-up domains (default: none, email configured) */
  invitations?: FakeInvitations;
  shell?: FakeServices;
  /** Admin → Users → Two-factor authentication (default: not required, nobody enrolled) */
  twoFactor?: TwoFactorAdminApi;
}

/** Renders /admin (with `search`, e.g. '?tab=providers') inside the shell's providers. */
export async function renderAdmin(
  search = '',
  { admin = fakeAdminApi(), invitations = fakeInvitationsApi(), shell, twoFactor = fakeTwoFactorAdminApi() }: RenderAdminOptions = {},
): Promise<RenderResult & { admin: FakeAdmin; shell: FakeServices; invitations: FakeInvitations }> {
  if (!shell) {
    shell = fakeServices();
    shell.services.remotes = { list: admin.listRegistry };
  }
  const result = await renderWithProviders(
    <AdminServicesContext.Provider value={{ admin: admin.api }}>
      <FlowHostsApiContext.Provider value={NO_FLOW_HOSTS}>
        <ServersApiContext.Provider value={NO_SERVERS}>
          <InvitationsApiContext.Provider value={invitations.api}>
            <TwoFactorAdminApiContext.Provider value={twoFactor}>
              <AdminPage />
            </TwoFactorAdminApiContext.Provider>
          </InvitationsApiContext.Provider>
        </ServersApiContext.Provider>
      </FlowHostsApiContext.Provider>
    </AdminServicesContext.Provider>,
    `/admin${search}`,
    { services: shell.services },
  );
  return Object.assign(result, { admin, shell, invitations });
}
