// What the shell's pages call, behind a context so tests hand in their own (no module mocking).
// The defaults are the real singletons of @accent/shared/client.
import { createContext, useContext } from 'react';
import type { AgentsApi } from '@accent/agents-common/client';
import { api, remotesApi, session, type RemotesApi, type SessionManager } from '@accent/shared/client';
import type { TwoFactorStatus } from '@accent/shell-common';

export interface ShellServices {
  session: Pick<SessionManager, 'logout'>;
  agents: Pick<AgentsApi, 'list'>;
  remotes: RemotesApi;
  /** whether the user has two-factor authentication on and the library requires it (absent: not checked) */
  twoFactorStatus?: () => Promise<Pick<TwoFactorStatus, 'enabled' | 'required'>>;
}

// The agents client comes with its first call: it brings the Agents area's schemas (and zod), which the
// login page must not download.
const agents: ShellServices['agents'] = {
  list: async () => (await import('@accent/agents-common/client')).agentsApi.list(),
};

// Likewise the account API comes with its first call (after sign-in), not with the login page.
const twoFactorStatus: ShellServices['twoFactorStatus'] = async () => (await import('../profile/account-security-api.js')).createAccountSecurityApi(api).twoFactorStatus();

export const defaultServices: ShellServices = { session, agents, remotes: remotesApi, twoFactorStatus };

export const ServicesContext = createContext<ShellServices>(defaultServices);

export const useServices = () => useContext(ServicesContext);
