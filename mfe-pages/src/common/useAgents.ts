// The library's agents (GET /api/v1/agent/list) a page can be bound to, with loading and error states.
import type { AgentListItem } from '@accent/agents-common';
import { useQuery } from '@accent/shared/ui';
import { errorMessage, usePagesEnv } from '../state/PagesDataContext.js';

export type AgentsState = { status: 'loading' } | { status: 'ready'; agents: AgentListItem[] } | { status: 'error'; message: string };

export function useAgents(): AgentsState & { reload(): void } {
  const { api } = usePagesEnv();
  const query = useQuery(['agents', 'list'], () => api.listAgents());
  const { reload } = query;
  if (query.status === 'ready') return { status: 'ready', agents: query.data, reload };
  if (query.status === 'error') return { status: 'error', message: errorMessage(query.error, 'Could not load agents.'), reload };
  return { status: 'loading', reload };
}
