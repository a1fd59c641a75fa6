// The library's agents (GET /api/v1/agent/list) a page can be bound to, with loading and error states.
import { useCallback, useEffect, useState } from 'react';
import type { AgentListItem } from '@accent/agents-common';
import { errorMessage, usePagesEnv } from '../state/PagesDataContext.js';

export type AgentsState = { status: 'loading' } | { status: 'ready'; agents: AgentListItem[] } | { status: 'error'; message: string };

export function useAgents(): AgentsState & { reload(): void } {
  const { api } = usePagesEnv();
  const [state, setState] = useState<AgentsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api.listAgents().then(
      (agents) => live && setState({ status: 'ready', agents }),
      (err: unknown) => live && setState({ status: 'error', message: errorMessage(err, 'Could not load agents.') }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, reload };
}
