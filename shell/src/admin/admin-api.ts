// The Admin area's endpoints (DESIGN.md §4: "admin manages users, keys and the registry"): users and
// credentials under /api/v1/admin, and the registry overrides of /api/v1/remotes. Administrators only;
// everyone else gets 403 `{detail}` (an ApiError here). Requests are validated with the Admin area's zod
// schemas before they leave, answers are parsed with them. Credential values are write-only: nothing
// this client returns ever contains one.
import type { AxiosInstance } from 'axios';
import {
  adminCreateUserRequestSchema,
  adminUpdateUserRequestSchema,
  adminUserSchema,
  adminUsersResponseSchema,
  credentialItemSchema,
  credentialPutRequestSchema,
  credentialsResponseSchema,
  type AdminCreateUserRequest,
  type AdminUpdateUserRequest,
  type AdminUser,
  type CredentialItem,
  type CredentialKind,
} from '@accent/shell-common';
import type { RemoteId, RemoteRegistryEntry } from '@accent/shared';
import { api, jsonApi, readRemoteRegistryEntry } from '@accent/shared/client';

/** PUT /api/v1/remotes/:id */
export interface RemoteUpdateRequest {
  /** URL of the remote's mf-manifest.json (http(s) URL or a path starting with /) */
  entry: string;
  version: string;
}

export interface AdminApi {
  listUsers(): Promise<AdminUser[]>;
  /** 409 ApiError when the email is taken. */
  createUser(body: AdminCreateUserRequest): Promise<AdminUser>;
  /** 400 ApiError when an admin demotes or deactivates themselves. */
  updateUser(id: string, changes: AdminUpdateUserRequest): Promise<AdminUser>;
  /** Every provider and connector, configured or not (masked hints only). */
  listCredentials(): Promise<CredentialItem[]>;
  /** Fields left out keep their stored value; null clears an optional one. Answers the updated item. */
  putCredential(kind: CredentialKind, key: string, values: Record<string, string | null>): Promise<CredentialItem>;
  deleteCredential(kind: CredentialKind, key: string): Promise<void>;
  /** Points a remote at another build (the registry override). */
  setRemote(id: RemoteId, body: RemoteUpdateRequest): Promise<RemoteRegistryEntry>;
  /** Removes the registry override (404 ApiError when there is none). */
  resetRemote(id: RemoteId): Promise<void>;
}

const segment = (value: string) => encodeURIComponent(value);

export function createAdminApi(http: AxiosInstance): AdminApi {
  const json = jsonApi(http);
  return {
    listUsers: async () => (await json.get('/api/v1/admin/users', adminUsersResponseSchema)).users,
    createUser: async (body) => json.post('/api/v1/admin/users', adminCreateUserRequestSchema.parse(body), adminUserSchema),
    updateUser: async (id, changes) => json.patch(`/api/v1/admin/users/${segment(id)}`, adminUpdateUserRequestSchema.parse(changes), adminUserSchema),
    listCredentials: async () => (await json.get('/api/v1/admin/credentials', credentialsResponseSchema)).credentials,
    putCredential: async (kind, key, values) =>
      json.put(`/api/v1/admin/credentials/${segment(kind)}/${segment(key)}`, credentialPutRequestSchema.parse({ values }), credentialItemSchema),
    async deleteCredential(kind, key) {
      await http.delete(`/api/v1/admin/credentials/${segment(kind)}/${segment(key)}`);
    },
    setRemote: async (id, { entry, version }) =>
      json.put(`/api/v1/remotes/${segment(id)}`, { entry: entry.trim(), version: version.trim() }, { parse: readRemoteRegistryEntry }),
    async resetRemote(id) {
      await http.delete(`/api/v1/remotes/${segment(id)}`);
    },
  };
}

export const adminApi: AdminApi = createAdminApi(api);
