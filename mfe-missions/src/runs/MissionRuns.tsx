// A mission's recent runs (newest first), under its editor.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useState } from 'react';
import type { MissionRun } from '@accent/missions-common';
import { RunList, RunListPanel } from '@accent/shared/ui';
import { errorMessage, useMissionsEnv } from '../state/MissionsDataContext.js';
import { RunCard } from './RunCard.js';
import { RunOutputModal } from './RunOutputModal.js';

export const RECENT_RUNS_LIMIT = 10;

export interface MissionRunsHandle {
  reload(): void;
}

export const MissionRuns = forwardRef<MissionRunsHandle, { missionId: string; missionName: string }>(function MissionRuns(
  { missionId, missionName },
  ref,
) {
  const { api, refreshIntervalMs } = useMissionsEnv();
  const [runs, setRuns] = useState<MissionRun[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<MissionRun | null>(null);

  const load = useCallback(async () => {
    try {
      const next = await api.listRuns({ missionId, limit: RECENT_RUNS_LIMIT });
      setRuns(next);
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }, [api, missionId]);

  useImperativeHandle(ref, () => ({ reload: () => void load() }), [load]);

  useEffect(() => {
    void load();
  }, [load]);

  // While a run is queued or running, look again until it finishes.
  const pending = runs?.some((r) => r.status === 'queued' || r.status === 'running') ?? false;
  useEffect(() => {
    if (!pending || !refreshIntervalMs) return;
    const timer = setInterval(() => void load(), refreshIntervalMs);
    return () => clearInterval(timer);
  }, [pending, refreshIntervalMs, load]);

  return (
    <RunListPanel
      id="mission-runs-title"
      title="Recent runs"
      runs={runs}
      error={error}
      errorText={(message) => `Failed to load runs: ${message}`}
      loadingText="Loading runs..."
      empty={{ title: 'No runs yet', text: 'Use Run now, or wait for the schedule.' }}
      onRefresh={() => void load()}
      footer={<RunOutputModal run={open} missionName={missionName} onClose={() => setOpen(null)} />}
    >
      {(list) => (
        <RunList label={`Recent runs of ${missionName}`}>
          {list.map((run) => (
            <li key={run.id}>
              <RunCard run={run} onOpen={setOpen} />
            </li>
          ))}
        </RunList>
      )}
    </RunListPanel>
  );
});
