// Single sign-on's endpoints for signed-in screens: the library's provider (Admin → Sign-in) and the
// user's linked accounts (the login page's question is in sso-login-api.ts). Requests checked and answers
// parsed with the contract's schemas. Behind a context so tests hand in their own.
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import {
  linkedIdentitiesResponseSchema,
  ssoPutRequestSchema,
  ssoSettingsSchema,
  type LinkedIdentitiesResponse,
  type SsoPutRequest,
  type SsoSettings,
} from '@accent/shell-common';

export interface SsoApi {
  getSettings(): Promise<SsoSettings>;
  /** 400 ApiError in words when the issuer does not answer as an OpenID provider or a field is refused */
  putSettings(body: SsoPutRequest): Promise<SsoSettings>;
  removeSettings(): Promise<SsoSettings>;
  identities(): Promise<LinkedIdentitiesResponse>;
  /** 409 ApiError when the account has no password to sign in with instead */
  unlink(id: string): Promise<void>;
}

export function createSsoApi(http: AxiosInstance): SsoApi {
  const json = jsonApi(http);
  return {
    getSettings: async () => json.get('/api/v1/admin/sso', ssoSettingsSchema),
    putSettings: async (body) => json.put('/api/v1/admin/sso', ssoPutRequestSchema.parse(body), ssoSettingsSchema),
    removeSettings: async () => json.delete('/api/v1/admin/sso', ssoSettingsSchema),
    identities: async () => json.get('/api/auth/sso/identities', linkedIdentitiesResponseSchema),
    async unlink(id) {
      await http.delete(`/api/auth/sso/identities/${encodeURIComponent(id)}`);
    },
  };
}

export const SsoApiContext = createContext<SsoApi>(createSsoApi(api));
export const useSsoApi = () => useContext(SsoApiContext);
