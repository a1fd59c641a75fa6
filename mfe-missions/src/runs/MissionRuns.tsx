// A mission's recent runs (newest first), under its editor.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useState } from 'react';
import type { MissionRun } from '@accent/missions-common';
import { Button, EmptyState, ErrorState, LoadingState } from '@accent/shared/ui';
import { errorMessage, useMissionsEnv } from '../state/MissionsDataContext.js';
import { RunCard } from './RunCard.js';
import { RunOutputModal } from './RunOutputModal.js';
import styles from './Runs.module.css';

export const RECENT_RUNS_LIMIT = 10;

export interface MissionRunsHandle {
  reload(): void;
}

export const MissionRuns = forwardRef<MissionRunsHandle, { missionId: string; missionName: string }>(function MissionRuns({ missionId, missionName }, ref) {
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

  let body;
  if (error && !runs) body = <ErrorState message={`Failed to load runs: ${error}`} onRetry={() => void load()} />;
  else if (!runs) body = <LoadingState text="Loading runs..." />;
  else if (runs.length === 0) body = <EmptyState title="No runs yet" text="Use Run now, or wait for the schedule." />;
  else
    body = (
      <ul className={styles.list} aria-label={`Recent runs of ${missionName}`}>
        {runs.map((run) => (
          <li key={run.id}>
            <RunCard run={run} onOpen={setOpen} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className={styles.section} aria-labelledby="mission-runs-title">
      <div className={styles.sectionHeader}>
        <h2 id="mission-runs-title" className={styles.sectionTitle}>
          Recent runs
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      {error && runs && (
        <p className={styles.inlineError} role="alert">
          Failed to load runs: {error}
        </p>
      )}
      {body}
      <RunOutputModal run={open} missionName={missionName} onClose={() => setOpen(null)} />
    </section>
  );
});
