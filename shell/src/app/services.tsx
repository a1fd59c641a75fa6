// What the shell's pages call, behind a context so tests hand in their own (no module mocking).
// The defaults are the real singletons of @accent/shared/client.
import { createContext, useContext } from 'react';
import { agentsApi, remotesApi, session, type AgentsApi, type RemotesApi, type SessionManager } from '@accent/shared/client';

export interface ShellServices {
  session: Pick<SessionManager, 'logout'>;
  agents: Pick<AgentsApi, 'list'>;
  remotes: RemotesApi;
}

export const defaultServices: ShellServices = { session, agents: agentsApi, remotes: remotesApi };

export const ServicesContext = createContext<ShellServices>(defaultServices);

export const useServices = () => useContext(ServicesContext);
