// Single sign-on's endpoints for the shell: the library's provider (Admin → Sign-in), the login page's
// question (has this library a provider?) and the signed-in user's linked accounts. Requests checked and
// answers parsed with the contract's schemas. Behind a context so tests hand in their own.
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api } from '@accent/shared/client';
import {
  linkedIdentitiesResponseSchema,
  ssoProviderResponseSchema,
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
  /** the provider's display name for the library named on the login form, or null */
  providerName(environment: string, library: string): Promise<string | null>;
  identities(): Promise<LinkedIdentitiesResponse>;
  /** 409 ApiError when the account has no password to sign in with instead */
  unlink(id: string): Promise<void>;
}

/** Where the browser goes to sign in through the library's provider (a full page navigation). */
export function ssoStartUrl(environment: string, library: string, rememberMe: boolean): string {
  return `/api/auth/sso/start?${new URLSearchParams({ environment, library, remember_me: String(rememberMe) })}`;
}

export function createSsoApi(http: AxiosInstance): SsoApi {
  return {
    async getSettings() {
      return ssoSettingsSchema.parse((await http.get<unknown>('/api/v1/admin/sso')).data);
    },
    async putSettings(body) {
      return ssoSettingsSchema.parse((await http.put<unknown>('/api/v1/admin/sso', ssoPutRequestSchema.parse(body))).data);
    },
    async removeSettings() {
      return ssoSettingsSchema.parse((await http.delete<unknown>('/api/v1/admin/sso')).data);
    },
    async providerName(environment, library) {
      const { data } = await http.get<unknown>('/api/auth/sso/provider', { params: { environment, library } });
      return ssoProviderResponseSchema.parse(data).name;
    },
    async identities() {
      return linkedIdentitiesResponseSchema.parse((await http.get<unknown>('/api/auth/sso/identities')).data);
    },
    async unlink(id) {
      await http.delete(`/api/auth/sso/identities/${encodeURIComponent(id)}`);
    },
  };
}

export const SsoApiContext = createContext<SsoApi>(createSsoApi(api));
export const useSsoApi = () => useContext(SsoApiContext);
