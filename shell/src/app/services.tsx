// What the shell's pages call, behind a context so tests hand in their own (no module mocking).
// The defaults are the real singletons of @accent/shared/client.
import { createContext, useContext } from 'react';
import type { AgentsApi } from '@accent/agents-common/client';
import { remotesApi, session, type RemotesApi, type SessionManager } from '@accent/shared/client';

export interface ShellServices {
  session: Pick<SessionManager, 'logout'>;
  agents: Pick<AgentsApi, 'list'>;
  remotes: RemotesApi;
}

// The agents client comes with its first call: it brings the Agents area's schemas (and zod), which the
// login page must not download.
const agents: ShellServices['agents'] = {
  list: async () => (await import('@accent/agents-common/client')).agentsApi.list(),
};

export const defaultServices: ShellServices = { session, agents, remotes: remotesApi };

export const ServicesContext = createContext<ShellServices>(defaultServices);

export const useServices = () => useContext(ServicesContext);
