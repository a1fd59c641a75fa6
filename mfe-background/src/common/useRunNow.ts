// Run now (POST /api/v1/background-agents/:id/run), shared by the editor header and the card menu: a
// toast either way; a refusal (409) shows the server's reason.
import { useCallback, useState } from 'react';
import { BACKGROUND_TEXTS } from '@accent/background-common';
import { errorDetail, useBackgroundEnv } from '../state/BackgroundDataContext.js';

export function useRunNow() {
  const { api, notify } = useBackgroundEnv();
  const [busyId, setBusyId] = useState<string | null>(null);
  const runNow = useCallback(
    async (id: string, name: string): Promise<string | null> => {
      setBusyId(id);
      try {
        const { run_id } = await api.runNow(id);
        notify.success('Run Queued', `${name || BACKGROUND_TEXTS.untitled} is running now.`);
        return run_id;
      } catch (err) {
        notify.error('Run Failed', errorDetail(err, 'Could not start the run.'));
        return null;
      } finally {
        setBusyId(null);
      }
    },
    [api, notify],
  );
  return { runNow, busyId };
}
