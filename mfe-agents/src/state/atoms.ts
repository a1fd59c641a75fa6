// State of the Agents area that crosses components. The atoms live in the suite's one jotai store
// (the shell's), so the list, the local copies and the dashboard filters survive moving between the
// dashboard and the editor during a session.
import { atom } from 'jotai';
import type { Agent } from '@accent/agents-common';

export interface AgentListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** agents from the server (local copies are kept apart in localCopiesAtom) */
  agents: Agent[];
  error: string | null;
  /** true once a list has arrived at least once (later reloads keep showing it) */
  loaded: boolean;
}

export const agentListAtom = atom<AgentListState>({ status: 'idle', agents: [], error: null, loaded: false });

/** Copies made by Duplicate: local to this session, never sent until the user saves one (spec 01 §4). */
export const localCopiesAtom = atom<Agent[]>([]);

export const searchAtom = atom('');
/** null = All Categories */
export const categoryFilterAtom = atom<string | null>(null);
export const createModalOpenAtom = atom(false);

/** Local copies first (newest first), then the server's agents. */
export const allAgentsAtom = atom((get) => [...get(localCopiesAtom), ...get(agentListAtom).agents]);
