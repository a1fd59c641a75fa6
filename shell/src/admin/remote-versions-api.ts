// The versioned remote registry as Admin → Remotes uses it (/api/v1/remotes/:id/…; administrators only).
import type { AxiosInstance } from 'axios';
import type { RemoteId } from '@accent/shared';
import { api } from '@accent/shared/client';

export type RemoteVersionStatus = 'current' | 'canary' | 'available' | 'withdrawn';

export interface RemoteVersion {
  version: string;
  entry: string;
  registeredAt: string;
  registeredBy: string | null;
  status: RemoteVersionStatus;
  requires: string | null;
  /** when and why it was withdrawn (a canary rolled back for failing); null: it is not */
  withdrawn: { at: string | null; reason: string | null } | null;
  /** visits of users given this version: those that went well, and those that failed */
  health: { loaded: number; failed: number };
}

export interface RemoteEvent {
  id: string;
  action: string;
  version: string | null;
  detail: string | null;
  at: string;
  by: string | null;
}

export interface RemoteVersions {
  /** whether this user may change the registry (a studio operator); library administrators only read it */
  canChange: boolean;
  current: string | null;
  canary: { version: string; percent: number } | null;
  versions: RemoteVersion[];
  events: RemoteEvent[];
}

export interface RemoteVersionsApi {
  get(id: RemoteId): Promise<RemoteVersions>;
  register(id: RemoteId, body: { version: string; entry: string }): Promise<RemoteVersions>;
  /** `confirmWithdrawn`: the admin confirmed serving a withdrawn version again (the server requires it) */
  promote(id: RemoteId, version: string, options?: { confirmWithdrawn: true }): Promise<string | null>;
  rollback(id: RemoteId): Promise<string | null>;
  setCanary(id: RemoteId, canary: { version: string; percent: number }): Promise<RemoteVersions>;
  stopCanary(id: RemoteId): Promise<RemoteVersions>;
}

/** The answer is the server's own (typed by its OpenAPI schema); a wrong shape is a bug, said plainly. */
function versionsOf(data: unknown): RemoteVersions {
  const v = data as Partial<RemoteVersions> | null;
  if (!v || !Array.isArray(v.versions) || !Array.isArray(v.events)) throw new Error('The server answered with something that is not a version list.');
  return v as RemoteVersions;
}

export function createRemoteVersionsApi(http: AxiosInstance): RemoteVersionsApi {
  const path = (id: RemoteId, rest: string) => `/api/v1/remotes/${encodeURIComponent(id)}/${rest}`;
  return {
    async get(id) {
      return versionsOf((await http.get<unknown>(path(id, 'versions'))).data);
    },
    async register(id, { version, entry }) {
      return versionsOf((await http.post<unknown>(path(id, 'versions'), { version: version.trim(), entry: entry.trim() })).data);
    },
    async promote(id, version, options) {
      return (await http.post<{ current: string | null }>(path(id, 'promote'), { version, ...options })).data.current;
    },
    async rollback(id) {
      return (await http.post<{ current: string | null }>(path(id, 'rollback'))).data.current;
    },
    async setCanary(id, canary) {
      return versionsOf((await http.put<unknown>(path(id, 'canary'), canary)).data);
    },
    async stopCanary(id) {
      return versionsOf((await http.delete<unknown>(path(id, 'canary'))).data);
    },
  };
}

export const remoteVersionsApi: RemoteVersionsApi = createRemoteVersionsApi(api);
