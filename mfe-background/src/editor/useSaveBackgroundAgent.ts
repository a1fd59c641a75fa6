// Save Draft / Publish (Update): the form keeps every value on a failure, and a schedule the database
// refused says why next to its field, which takes the focus.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { canPublish, BACKGROUND_TEXTS, type BackgroundAgentConfig, type BackgroundConfigStatus } from '@accent/background-common';
import { backgroundScheduleProblem, type BackgroundScheduleProblem } from '../data/background.js';
import { useBackgroundEnv } from '../state/BackgroundDataContext.js';

/** `leave` runs the closing navigation past the editor's unsaved-changes guard (the save is not rendered yet). */
export function useSaveBackgroundAgent(config: BackgroundAgentConfig, editingId: string | null, leave: (go: () => void) => void = (go) => go()) {
  const { api, notify } = useBackgroundEnv();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<BackgroundConfigStatus | null>(null);
  /** a cron expression or time zone the database refused on save */
  const [scheduleProblem, setScheduleProblem] = useState<BackgroundScheduleProblem | null>(null);
  const cronRef = useRef<HTMLInputElement>(null);
  const timezoneRef = useRef<HTMLSelectElement>(null);

  // A refused schedule field takes the focus, so its message is read out next to it.
  useEffect(() => {
    if (scheduleProblem?.field === 'cronExpression') cronRef.current?.focus();
    else if (scheduleProblem?.field === 'timezone') timezoneRef.current?.focus();
  }, [scheduleProblem]);

  async function save(status: BackgroundConfigStatus) {
    if (status === 'active' && !canPublish(config)) return;
    setSaving(status);
    setScheduleProblem(null);
    try {
      await api.saveAgent({ ...config, status }, status, editingId);
      notify.success(
        status === 'active' ? (editingId ? 'Agent Updated' : 'Agent Published') : 'Draft Saved',
        `${config.name || BACKGROUND_TEXTS.untitled} has been saved.`,
      );
      leave(() => navigate('/background'));
    } catch (err) {
      const problem = backgroundScheduleProblem(err);
      if (problem) {
        setScheduleProblem(problem);
        notify.error('Save Failed', problem.hint ? `${problem.message}. ${problem.hint}` : problem.message);
      } else notify.error('Save Failed', 'Could not save the background agent. Please check your connection.');
      setSaving(null);
    }
  }

  return { save, saving, scheduleProblem, clearScheduleProblem: () => setScheduleProblem(null), cronRef, timezoneRef };
}
