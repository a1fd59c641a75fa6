// The library's agents (GET /api/v1/agent/list) with loading and error states, for the shell's pages.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AgentListItem } from '@accent/agents-common';
import { useServices } from './services.js';

export type AgentListState =
  | { status: 'loading' }
  | { status: 'ready'; agents: AgentListItem[] }
  | { status: 'error'; message: string };

export function useAgentList(): AgentListState & { reload: () => void } {
  const { agents } = useServices();
  const [state, setState] = useState<AgentListState>({ status: 'loading' });
  const request = useRef(0);

  const reload = useCallback(() => {
    const id = ++request.current;
    setState({ status: 'loading' });
    agents.list().then(
      (list) => {
        if (id === request.current) setState({ status: 'ready', agents: list });
      },
      (e: unknown) => {
        if (id === request.current) setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      },
    );
  }, [agents]);

  useEffect(() => {
    reload();
    return () => {
      request.current++;
    };
  }, [reload]);

  return { ...state, reload };
}
