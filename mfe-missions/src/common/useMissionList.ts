// Loading a list of missions with loading / error / ready states, and keeping it fresh: every
// refreshIntervalMs the latest update (latest updated_at + exact count) is compared with the one seen at
// the last load, and the list reloads quietly when the scheduler or another user changed something.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Mission } from '@accent/missions-common';
import { errorMessage, useMissionsEnv } from '../state/MissionsDataContext.js';

export interface MissionListState {
  status: 'loading' | 'ready' | 'error';
  missions: Mission[];
  error: string | null;
}

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** `load` must be stable (useCallback) — a new function means a new list. */
export function useMissionList(load: (() => Promise<Mission[]>) | null) {
  const { api, refreshIntervalMs } = useMissionsEnv();
  const [state, setState] = useState<MissionListState>({ status: 'loading', missions: [], error: null });
  const seq = useRef(0);
  const lastSeen = useRef<string | null>(null);

  const stamp = useCallback(async () => {
    const latest = await api.latestMissionUpdate();
    return `${latest.latestUpdate ?? ''}|${latest.count}`;
  }, [api]);

  const reload = useCallback(
    async (quiet = false) => {
      if (!load) return;
      const mine = ++seq.current;
      if (!quiet) setState((s) => ({ ...s, status: s.status === 'ready' && s.missions.length ? 'ready' : 'loading', error: null }));
      try {
        const [missions, seen] = await Promise.all([load(), stamp().catch(() => null)]);
        if (mine !== seq.current) return;
        lastSeen.current = seen;
        setState({ status: 'ready', missions, error: null });
      } catch (err) {
        if (mine !== seq.current) return;
        // a quiet refresh that fails keeps what is shown
        if (quiet) return;
        setState({ status: 'error', missions: [], error: errorMessage(err) });
      }
    },
    [load, stamp],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (!refreshIntervalMs || !load) return;
    const timer = setInterval(() => {
      if (!isVisible()) return;
      void stamp()
        .then((seen) => {
          if (lastSeen.current !== null && seen !== lastSeen.current) void reload(true);
        })
        .catch(() => {});
    }, refreshIntervalMs);
    return () => clearInterval(timer);
  }, [refreshIntervalMs, load, stamp, reload]);

  /** Local updates after the database confirmed a change. */
  const replace = useCallback((m: Mission) => setState((s) => ({ ...s, missions: s.missions.map((x) => (x.id === m.id ? m : x)) })), []);
  const remove = useCallback((id: string) => setState((s) => ({ ...s, missions: s.missions.filter((x) => x.id !== id) })), []);

  return { state, reload, replace, remove };
}
