// An agent's runs, read again every few seconds while one is queued or running, or while a run that
// Run now queued has not shown up yet; polling stops on unmount.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BackgroundRun } from '../data/background.js';
import { errorMessage, RUNS_REFRESH_MS, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { isPending } from '../common/format.js';

/** How many reads a queued run may be missing from the list before we stop waiting for it (~1 min). */
export const AWAIT_RUN_MAX_MISSES = 20;

export interface AgentRuns {
  runs: BackgroundRun[] | null;
  error: string | null;
  polling: boolean;
  reload(): Promise<void>;
  /** after Run now: read at once, and keep polling until this run is listed and done */
  track(runId: string): void;
}

export function useAgentRuns(agentId: string | null): AgentRuns {
  const { api, runsRefreshMs = RUNS_REFRESH_MS } = useBackgroundEnv();
  const [runs, setRuns] = useState<BackgroundRun[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<{ id: string; misses: number } | null>(null);
  const live = useRef(true);
  const inFlight = useRef(false);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    if (!agentId || inFlight.current) return;
    inFlight.current = true;
    try {
      const next = await api.listRuns(agentId);
      if (!live.current) return;
      setRuns(next);
      setError(null);
      setAwaiting((a) => (!a ? a : next.some((r) => r.id === a.id) || a.misses + 1 >= AWAIT_RUN_MAX_MISSES ? null : { ...a, misses: a.misses + 1 }));
    } catch (err) {
      if (live.current) setError(errorMessage(err, 'Could not load runs'));
    } finally {
      inFlight.current = false;
    }
  }, [api, agentId]);

  useEffect(() => {
    setRuns(null);
    void reload();
  }, [reload]);

  const polling = Boolean(agentId) && ((runs?.some((r) => isPending(r.status)) ?? false) || awaiting !== null);
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void reload(), runsRefreshMs);
    return () => clearInterval(timer);
  }, [polling, reload, runsRefreshMs]);

  const track = useCallback(
    (runId: string) => {
      setAwaiting({ id: runId, misses: 0 });
      void reload();
    },
    [reload],
  );

  return { runs, error, polling, reload, track };
}
