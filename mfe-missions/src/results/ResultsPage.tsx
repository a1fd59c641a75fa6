// /end-user/mission-results: the feed of mission runs, newest first: mission name, when, status, the
// first lines of the output; a result opens in full with its deliveries. Refreshes every 10 s and on
// demand. ?mission=<id> narrows it to one mission.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Mission, MissionRun } from '@accent/missions-common';
import { useSession } from '@accent/shared/client';
import { Button, Checkbox, EmptyState, ErrorState, LoadingState, Notice, Page, PageHeader, TextLink } from '@accent/shared/ui';
import { formatDateTime } from '../common/format.js';
import { RunCard } from '../runs/RunCard.js';
import { RunOutputModal } from '../runs/RunOutputModal.js';
import { errorMessage, useMissionsEnv } from '../state/MissionsDataContext.js';
import styles from './Results.module.css';

export const RESULTS_TEXTS = {
  title: 'Mission Results',
  subtitle: 'What your missions delivered, newest first.',
  loading: 'Loading results...',
  empty: 'No mission results yet',
  emptyText: 'Results appear here after your missions run. Run a mission now, or wait for its schedule.',
  includeShared: 'Include missions shared with the library',
};

export const RESULTS_LIMIT = 50;

interface Feed {
  runs: MissionRun[];
  missions: Map<string, Mission>;
  at: number;
}

export function ResultsPage() {
  const { api, refreshIntervalMs } = useMissionsEnv();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const missionId = params.get('mission');
  const [includeShared, setIncludeShared] = useState(false);
  const [feed, setFeed] = useState<Feed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [open, setOpen] = useState<MissionRun | null>(null);
  const seq = useRef(0);
  const userId = user?.user_id ?? null;

  const load = useCallback(async () => {
    if (!userId) return;
    const mine = ++seq.current;
    setRefreshing(true);
    try {
      const [runs, missions] = await Promise.all([
        api.listRuns({ missionId: missionId ?? undefined, userId: includeShared || missionId ? undefined : userId, limit: RESULTS_LIMIT }),
        // names for the feed; a failure here only costs the names
        api.listMissions().catch(() => [] as Mission[]),
      ]);
      if (mine !== seq.current) return;
      const byId = new Map(missions.map((m) => [m.id, m]));
      // Shared: the user's own runs and those of missions shared with the library (admins see every run otherwise).
      const shown = includeShared && !missionId ? runs.filter((r) => r.user_id === userId || byId.get(r.mission_id)?.scope === 'library') : runs;
      setFeed({ runs: shown, missions: byId, at: Date.now() });
      setError(null);
    } catch (err) {
      if (mine === seq.current) setError(errorMessage(err));
    } finally {
      if (mine === seq.current) setRefreshing(false);
    }
  }, [api, userId, missionId, includeShared]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!refreshIntervalMs) return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void load();
    }, refreshIntervalMs);
    return () => clearInterval(timer);
  }, [load, refreshIntervalMs]);

  const nameOf = useCallback((run: MissionRun) => feed?.missions.get(run.mission_id)?.name ?? 'Mission', [feed]);
  const filteredName = missionId ? (feed?.missions.get(missionId)?.name ?? null) : null;
  const openName = useMemo(() => (open ? nameOf(open) : undefined), [open, nameOf]);

  let body;
  if (error && !feed) body = <ErrorState message={`Failed to load results: ${error}`} onRetry={() => void load()} />;
  else if (!feed || !userId) body = <LoadingState text={RESULTS_TEXTS.loading} />;
  else if (feed.runs.length === 0)
    body = (
      <EmptyState
        title={RESULTS_TEXTS.empty}
        text={RESULTS_TEXTS.emptyText}
        action={<TextLink to="/end-user/my-missions">Go to My Missions</TextLink>}
      />
    );
  else
    body = (
      <ul className={styles.feed} aria-label="Mission results">
        {feed.runs.map((run) => (
          <li key={run.id}>
            <RunCard run={run} missionName={nameOf(run)} onOpen={setOpen} />
          </li>
        ))}
      </ul>
    );

  return (
    <Page labelledBy="mission-results-title">
      <PageHeader
        titleId="mission-results-title"
        title={RESULTS_TEXTS.title}
        subtitle={RESULTS_TEXTS.subtitle}
        actions={
          <>
            {feed && (
              <span className={styles.updated} aria-live="polite">
                Updated {formatDateTime(new Date(feed.at).toISOString())}
              </span>
            )}
            <Button variant="secondary" onClick={() => void load()} loading={refreshing && Boolean(feed)}>
              Refresh
            </Button>
          </>
        }
      />
      <div className={styles.toolbar}>
        {missionId ? (
          <p className={styles.filterNote}>
            Showing the results of <strong>{filteredName ?? 'one mission'}</strong>.{' '}
            <button
              type="button"
              className={styles.clear}
              onClick={() =>
                setParams((p) => {
                  const next = new URLSearchParams(p);
                  next.delete('mission');
                  return next;
                })
              }
            >
              Show all results
            </button>
          </p>
        ) : (
          <Checkbox label={RESULTS_TEXTS.includeShared} checked={includeShared} onChange={(e) => setIncludeShared(e.target.checked)} />
        )}
      </div>
      {error && feed && (
        <Notice tone="danger" role="alert">
          Failed to refresh: {error}
        </Notice>
      )}
      {body}
      <RunOutputModal run={open} missionName={openName} onClose={() => setOpen(null)} />
    </Page>
  );
}
