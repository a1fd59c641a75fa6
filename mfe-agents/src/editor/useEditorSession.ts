// Opens the editor session for a route target: a blank or template agent, a local copy, or a saved
// agent whose configuration is fetched and merged (spec 01 §4: "Opening a card loads the agent
// configuration and shows the editor"; on failure it opens with the basic data anyway).
import { useEffect } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { mergeAgentConfig, msg, newAgent, type Agent } from '@accent/agents-common';
import { GENERATED_TEMPLATE, generatedDraftAtom } from '../create/generate.js';
import { findTemplate } from '../create/templates.js';
import { useAgentsEnv } from '../state/AgentsDataContext.js';
import { agentListAtom, localCopiesAtom } from '../state/atoms.js';
import { editorAtom, editorTabAtom, snapshot, type EditorSession } from '../state/editor.js';
import { targetKey, type EditorTarget } from './route.js';

export const GENERATED_NOTICE = 'Drafted with AI: review every field, then save the agent.';

const CONFIG_ERROR_PREFIX = msg.failedToLoadAgentConfig('');

/** The spec's text for a failed config load, whatever was thrown. */
export function configErrorText(err: unknown): string {
  if (err instanceof Error && err.message.startsWith(CONFIG_ERROR_PREFIX)) return err.message;
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status > 0) return msg.failedToLoadAgentConfig(status);
  return msg.failedToLoadAgentConfig(err instanceof Error ? err.message : 'unknown');
}

function ready(key: string, mode: EditorSession['mode'], agent: Agent, extra: Partial<EditorSession> = {}): EditorSession {
  return { key, mode, originalName: null, copyId: null, agent, baseline: snapshot(agent), status: 'ready', notice: null, ...extra };
}

export function useEditorSession(target: EditorTarget | null): EditorSession | null {
  const { api, notify } = useAgentsEnv();
  const store = useStore();
  const session = useAtomValue(editorAtom);
  const setSession = useSetAtom(editorAtom);
  const setTab = useSetAtom(editorTabAtom);
  const key = target ? targetKey(target) : null;

  useEffect(() => {
    if (!target || !key) return;
    setTab('basic');
    if (target.mode === 'new' && target.template === GENERATED_TEMPLATE) {
      // Generate with AI's draft: unsaved changes over a blank agent, so leaving asks first
      const draft = store.get(generatedDraftAtom);
      setSession(draft ? ready(key, 'new', draft, { baseline: snapshot(newAgent()), notice: GENERATED_NOTICE }) : ready(key, 'new', newAgent()));
      return;
    }
    if (target.mode === 'new') {
      const agent = findTemplate(target.template)?.build() ?? newAgent();
      setSession(ready(key, 'new', agent));
      return;
    }
    if (target.mode === 'copy') {
      const copy = store.get(localCopiesAtom).find((c) => c.id === target.copyId);
      setSession(
        copy
          ? ready(key, 'copy', copy, { copyId: copy.id })
          : { ...ready(key, 'copy', newAgent(), { copyId: target.copyId }), status: 'missing' },
      );
      return;
    }
    const name = target.name;
    const listed = store.get(agentListAtom).agents.find((a) => a.name === name);
    const base: Agent = listed ?? { ...newAgent(), id: name, name, file_name: name, status: 'Active' };
    let cancelled = false;
    setSession({ ...ready(key, 'edit', base, { originalName: name }), status: 'loading' });
    api.getConfig(name).then(
      (config) => {
        if (cancelled) return;
        setSession(ready(key, 'edit', mergeAgentConfig(base, config), { originalName: name }));
      },
      (err: unknown) => {
        if (cancelled) return;
        const text = configErrorText(err);
        notify.error(text);
        setSession(ready(key, 'edit', base, { originalName: name, notice: text }));
      },
    );
    return () => {
      cancelled = true;
    };
    // `target` is a new object on every render; its key identifies it.
  }, [key, api, notify, store, setSession, setTab]);

  return session && session.key === key ? session : null;
}
