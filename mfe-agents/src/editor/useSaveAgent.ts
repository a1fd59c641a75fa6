// Save (spec 01 §4, §7, §8): validate the spec's save body with the shared schema, send it, then reload
// the list (the dashboard does, on opening) and close the editor. A rename deletes the old name once the new one is saved.
import { useCallback, useState } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import { MESSAGES, agentSaveRequestSchema, msg, toSaveRequest } from '@accent/agents-common';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { useAgentListUpdates } from '../state/agentList.js';
import { agentListAtom } from '../state/atoms.js';
import { editorAtom, editorTabAtom, snapshot, type EditorTab } from '../state/editor.js';

/** The navigation state of the dashboard after a save: which agent was saved. */
export interface SavedAgentState {
  savedAgent: string;
}

export const nameTakenMessage = (name: string) => `An agent named "${name}" already exists. Choose another name.`;

/** The tab that holds the field a validation issue points at. */
function tabOf(path: readonly PropertyKey[]): EditorTab {
  const [head] = path;
  if (head === 'steps') return 'steps';
  if (head === 'tools') return 'tools';
  if (head === 'settings') return 'advanced';
  return 'basic';
}

/** `leave` runs the closing navigation past the editor's unsaved-changes guard (the save is not rendered yet). */
export function useSaveAgent(leave: (go: () => void) => void = (go) => go()) {
  const { api, notify } = useAgentsEnv();
  const store = useStore();
  const navigate = useNavigate();
  const setTab = useSetAtom(editorTabAtom);
  const { removeLocalCopy } = useAgentListUpdates();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Whether another agent already has this name (the list as loaded, else asked for). */
  async function nameTaken(name: string): Promise<boolean> {
    const list = store.get(agentListAtom);
    try {
      const names = list.loaded ? list.agents.map((a) => a.name) : (await api.list()).map((i) => i.name);
      return names.includes(name);
    } catch {
      return false; // cannot tell: the save itself will report a real problem
    }
  }

  async function save() {
    const session = store.get(editorAtom);
    if (!session || saving) return;
    const { agent, mode, originalName, copyId } = session;
    const name = agent.name.trim();
    // A new agent, a copy or a renamed agent is stored under its (new) name.
    const fileName = mode === 'edit' && name === originalName ? agent.file_name : name;
    const parsed = agentSaveRequestSchema.safeParse(toSaveRequest({ ...agent, file_name: fileName }));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(issue.message);
      setTab(tabOf(issue.path));
      notify.error(MESSAGES.saveFailedTitle, issue.message);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      // The server saves by name (create or update): a new, copied or renamed agent must not silently
      // replace another one.
      if (!(mode === 'edit' && parsed.data.name === originalName) && (await nameTaken(parsed.data.name))) {
        const message = msg.unableToSaveAgent(nameTakenMessage(parsed.data.name));
        setError(message);
        setTab('basic');
        notify.error(MESSAGES.saveFailedTitle, message);
        setSaving(false);
        return;
      }
      await api.save(parsed.data);
    } catch (err) {
      const message = msg.unableToSaveAgent(errorMessage(err, MESSAGES.saveFailedDefault));
      setError(message);
      notify.error(MESSAGES.saveFailedTitle, message);
      setSaving(false);
      return;
    }
    if (mode === 'edit' && originalName && originalName !== parsed.data.name) {
      try {
        await api.remove(originalName);
      } catch (err) {
        notify.error(MESSAGES.deleteFailedTitle, errorMessage(err, 'Request failed'));
      }
    }
    if (mode === 'copy' && copyId) removeLocalCopy(copyId);
    // Saved: nothing is unsaved any more, so closing does not warn.
    const current = store.get(editorAtom);
    if (current) store.set(editorAtom, { ...current, baseline: snapshot(current.agent) });
    notify.success(MESSAGES.agentSavedTitle, MESSAGES.agentSavedMessage);
    setSaving(false);
    // Closing the editor opens the dashboard, which reloads the list (one request, not two) and puts the
    // focus on the saved agent's card.
    leave(() => navigate('/agents', { state: { savedAgent: parsed.data.name } satisfies SavedAgentState }));
  }

  const clearError = useCallback(() => setError(null), []);
  return { save, saving, error, clearError };
}
