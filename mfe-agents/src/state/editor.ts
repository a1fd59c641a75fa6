// The agent being edited, shared by the editor's header and its tab panels.
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { Agent, Step } from '@accent/agents-common';

export type EditorMode = 'new' | 'edit' | 'copy';
export type EditorTab = 'basic' | 'tools' | 'steps' | 'advanced' | 'runs' | 'versions' | 'tests';

export interface EditorSession {
  /** route identity; a different key means a different agent was opened */
  key: string;
  mode: EditorMode;
  /** the server name of the agent opened for editing (mode edit) */
  originalName: string | null;
  /** the local copy opened (mode copy) */
  copyId: string | null;
  agent: Agent;
  /** snapshot of the agent as opened or last saved, for the unsaved-changes check */
  baseline: string;
  status: 'loading' | 'ready' | 'missing';
  /** shown above the tabs, e.g. when the configuration could not be loaded */
  notice: string | null;
}

export const snapshot = (agent: Agent) => JSON.stringify(agent);

export const editorAtom = atom<EditorSession | null>(null);
export const editorTabAtom = atom<EditorTab>('basic');

export const editorDirtyAtom = atom((get) => {
  const s = get(editorAtom);
  return Boolean(s && s.status === 'ready' && snapshot(s.agent) !== s.baseline);
});

const draftAtom = atom(
  (get) => get(editorAtom)?.agent ?? null,
  (get, set, update: (agent: Agent) => Agent) => {
    const s = get(editorAtom);
    if (s) set(editorAtom, { ...s, agent: update(s.agent) });
  },
);

/** The draft agent (only read inside a ready editor) and an updater. */
export function useDraft(): [Agent, (update: (agent: Agent) => Agent) => void] {
  const agent = useAtomValue(draftAtom);
  const update = useSetAtom(draftAtom);
  if (!agent) throw new Error('useDraft outside an open agent editor');
  return [agent, update];
}

/** Patch the draft's top-level fields. */
export function usePatchDraft() {
  const update = useSetAtom(draftAtom);
  return useCallback((patch: Partial<Agent>) => update((a) => ({ ...a, ...patch })), [update]);
}

/** Update one step of the draft. */
export function useUpdateStep(index: number) {
  const update = useSetAtom(draftAtom);
  return useCallback(
    (fn: (step: Step) => Step) => update((a) => ({ ...a, steps: a.steps.map((s, i) => (i === index ? fn(s) : s)) })),
    [update, index],
  );
}
