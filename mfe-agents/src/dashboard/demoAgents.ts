// Presentation mode (spec 01 §4, §9): with the experimentalProjects admin setting on, the dashboard also
// shows demo agents, loaded on demand from GET /api/v1/agent/demo, each rated 4.7 plus a random amount up
// to 0.6 (real agents: 4.5), categorised by keyword. They are read-only examples, never saved.
import { useCallback, useEffect } from 'react';
import { atom, useAtom } from 'jotai';
import { DEMO_RATING_BASE, DEMO_RATING_SPREAD, agentFromListItem, categoryByKeyword, mergeAgentConfig, type Agent, type DemoAgent } from '@accent/agents-common';
import { partnerIconsForTools } from '../partners/partnerIcons.js';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';

export const DEMO_BADGE = 'Demo';
export const demoLoadFailed = (message: string) => `Demo agents could not be loaded: ${message}`;

/** A demo agent as the dashboard shows it. `random` is 0 ≤ n < 1. */
export function toDemoAgent(demo: DemoAgent, random: () => number): Agent {
  const { config, name, title, description, size, lastModDate, importDate } = demo;
  const base = mergeAgentConfig(agentFromListItem({ name, title, description, size, lastModDate, importDate }), config);
  const tools = demo.tools ?? [...new Set(config.steps.flatMap((s) => s.tools))];
  return {
    ...base,
    id: `demo:${demo.name}`,
    description: demo.description,
    displayDescription: demo.description,
    category: demo.category || categoryByKeyword(demo.name, demo.description),
    status: 'Active',
    tools,
    partnerIcons: partnerIconsForTools(tools),
    rating: Math.round((DEMO_RATING_BASE + random() * DEMO_RATING_SPREAD) * 10) / 10,
    demo: true,
  };
}

interface DemoState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  agents: Agent[];
  error: string | null;
}
/** Loaded once per session (ratings stay put while the user moves around). */
export const demoAgentsAtom = atom<DemoState>({ status: 'idle', agents: [], error: null });

export function useDemoAgents(enabled: boolean) {
  const { api, random } = useAgentsEnv();
  const [state, setState] = useAtom(demoAgentsAtom);
  const load = useCallback(async () => {
    setState((s) => ({ ...s, status: 'loading', error: null }));
    try {
      const demos = await api.demoAgents();
      setState({ status: 'ready', agents: demos.map((d) => toDemoAgent(d, random)), error: null });
    } catch (err) {
      setState({ status: 'error', agents: [], error: errorMessage(err, 'Request failed') });
    }
  }, [api, random, setState]);
  useEffect(() => {
    if (enabled && state.status === 'idle') void load();
  }, [enabled, state.status, load]);
  return { agents: enabled ? state.agents : [], status: state.status, error: enabled ? state.error : null, retry: load };
}
