// Loading the agent list into agentListAtom, and the card fields derived from a list item.
import { useCallback } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { agentFromListItem, type Agent, type AgentConfig, type AgentListItem } from '@accent/agents-common';
import { partnerIconsForTools } from '../partners/partnerIcons.js';
import { agentListAtom, localCopiesAtom } from './atoms.js';
import { errorMessage, useAgentsEnv } from './AgentsDataContext.js';
import { takeEarlyAgentList } from './earlyList.js';

/**
 * The dashboard agent for a list item. The server may send the editor metadata it keeps with an agent
 * (category, avatar, status, tools) next to the spec's list fields; when it does, the card uses it.
 */
export function toDashboardAgent(item: AgentListItem): Agent {
  const meta = item as AgentListItem & Partial<AgentConfig>;
  const tools = Array.isArray(meta.tools) ? meta.tools : [];
  return { ...agentFromListItem(item, meta), tools, partnerIcons: partnerIconsForTools(tools) };
}

/** Ignore answers of superseded loads (Retry while a slow load is still in flight). */
let loadSeq = 0;

export function useAgentList() {
  const { api } = useAgentsEnv();
  const [state, setState] = useAtom(agentListAtom);
  const reload = useCallback(async () => {
    const seq = ++loadSeq;
    setState((s) => ({ ...s, status: 'loading', error: null }));
    try {
      // the route may have asked already, while the dashboard's chunk was downloading
      const items = await (takeEarlyAgentList() ?? api.list());
      if (seq !== loadSeq) return;
      setState({ status: 'ready', agents: items.map(toDashboardAgent), error: null, loaded: true });
    } catch (err) {
      if (seq !== loadSeq) return;
      // After a failure, Retry shows the loading state again rather than a stale list.
      setState((s) => ({ ...s, status: 'error', error: errorMessage(err, 'Request failed'), loaded: false }));
    }
  }, [api, setState]);
  return { state, reload };
}

/** Updates of the list after the server confirmed a change, without a round trip. */
export function useAgentListUpdates() {
  const setList = useSetAtom(agentListAtom);
  const setCopies = useSetAtom(localCopiesAtom);
  return {
    removeServerAgent: useCallback((name: string) => setList((s) => ({ ...s, agents: s.agents.filter((a) => a.name !== name) })), [setList]),
    addLocalCopy: useCallback((copy: Agent) => setCopies((c) => [copy, ...c]), [setCopies]),
    removeLocalCopy: useCallback((id: string) => setCopies((c) => c.filter((a) => a.id !== id)), [setCopies]),
  };
}
