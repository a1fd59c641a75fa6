// The login page's one question about single sign-on (has the library on the form a provider?) and the
// address that starts it. Kept apart from the rest of the SSO client and read without the schema library,
// so the login page's bundle stays small. Behind a context so tests hand in their own.
import { createContext, useContext } from 'react';
import { api } from '@accent/shared/client';
import { readProviderName } from '@accent/shell-common';

export interface SsoLoginApi {
  /** the provider's display name for the library named on the login form, or null */
  providerName(environment: string, library: string): Promise<string | null>;
}

export const ssoLoginApi: SsoLoginApi = {
  async providerName(environment, library) {
    const { data } = await api.get<unknown>('/api/auth/sso/provider', { params: { environment, library } });
    return readProviderName(data);
  },
};

/** Where the browser goes to sign in through the library's provider (a full page navigation). */
export function ssoStartUrl(environment: string, library: string, rememberMe: boolean): string {
  return `/api/auth/sso/start?${new URLSearchParams({ environment, library, remember_me: String(rememberMe) })}`;
}

export const SsoLoginApiContext = createContext<SsoLoginApi>(ssoLoginApi);
export const useSsoLoginApi = () => useContext(SsoLoginApiContext);
