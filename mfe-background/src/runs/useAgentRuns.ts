// An agent's runs, read again every few seconds while one is queued or running, or while a run that
// Run now queued has not shown up yet; polling stops on unmount.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

/**
 * A list of runs read by `read` (null: nothing to read yet), read again every few seconds while a tracked
 * run has not shown up and, with `whilePending`, while one is queued or running.
 */
export function useRunList(read: (() => Promise<BackgroundRun[]>) | null, { errorText, whilePending }: { errorText: string; whilePending: boolean }): AgentRuns {
  const { runsRefreshMs = RUNS_REFRESH_MS } = useBackgroundEnv();
  const [runs, setRuns] = useState<BackgroundRun[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // run id → reads it has been missing from the list
  const [awaiting, setAwaiting] = useState<ReadonlyMap<string, number>>(() => new Map());
  const live = useRef(true);
  const inFlight = useRef(false);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    if (!read || inFlight.current) return;
    inFlight.current = true;
    try {
      const next = await read();
      if (!live.current) return;
      setRuns(next);
      setError(null);
      setAwaiting((current) => {
        if (current.size === 0) return current;
        const left = new Map<string, number>();
        for (const [id, misses] of current) if (!next.some((r) => r.id === id) && misses + 1 < AWAIT_RUN_MAX_MISSES) left.set(id, misses + 1);
        return left;
      });
    } catch (err) {
      if (live.current) setError(errorMessage(err, errorText));
    } finally {
      inFlight.current = false;
    }
  }, [read, errorText]);

  useEffect(() => {
    setRuns(null);
    void reload();
  }, [reload]);

  const polling = read !== null && ((whilePending && (runs?.some((r) => isPending(r.status)) ?? false)) || awaiting.size > 0);
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void reload(), runsRefreshMs);
    return () => clearInterval(timer);
  }, [polling, reload, runsRefreshMs]);

  const track = useCallback(
    (runId: string) => {
      setAwaiting((m) => new Map(m).set(runId, 0));
      void reload();
    },
    [reload],
  );

  return { runs, error, polling, reload, track };
}

/** An agent's runs, polled while one is queued or running. */
export function useAgentRuns(agentId: string | null): AgentRuns {
  const { api } = useBackgroundEnv();
  const read = useMemo(() => (agentId ? () => api.listRuns(agentId) : null), [api, agentId]);
  return useRunList(read, { errorText: 'Could not load runs', whilePending: true });
}
