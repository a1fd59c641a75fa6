// The dashboard's Results feed: what agents delivered to the dashboard channel (background_runs with
// in_feed), newest first. It reads again every few seconds while a run queued from here is not in it yet.
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BACKGROUND_TEXTS } from '@accent/background-common';
import type { BackgroundRun } from '../data/background.js';
import { Button } from '@accent/shared/ui';
import { errorMessage, RUNS_REFRESH_MS, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { excerpt, formatDateTime, runTime } from '../common/format.js';
import { RunWarning } from '../runs/Outcomes.js';
import { RunListSection } from '../runs/RunListSection.js';
import { AWAIT_RUN_MAX_MISSES } from '../runs/useAgentRuns.js';
import styles from '../runs/Runs.module.css';

export interface ResultsFeedHandle {
  /** after Run now: poll until this run reaches the feed (or for about a minute) */
  track(runId: string): void;
}

export const ResultsFeed = forwardRef<ResultsFeedHandle>(function ResultsFeed(_props, ref) {
  const { api, runsRefreshMs = RUNS_REFRESH_MS } = useBackgroundEnv();
  const [runs, setRuns] = useState<BackgroundRun[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<Map<string, number>>(() => new Map());
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    try {
      const next = await api.listFeed();
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
      if (live.current) setError(errorMessage(err, 'Could not load results'));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const polling = awaiting.size > 0;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void load(), runsRefreshMs);
    return () => clearInterval(timer);
  }, [polling, load, runsRefreshMs]);

  useImperativeHandle(ref, () => ({ track: (runId) => setAwaiting((m) => new Map(m).set(runId, 0)) }), []);

  return (
    <RunListSection
      id="bg-results-title"
      title="Results"
      label="Delivered results"
      runs={runs}
      error={error}
      polling={polling}
      pollingText="Waiting for results…"
      noun="results"
      empty={{ title: 'No results yet', text: 'Results that agents deliver to the dashboard appear here.' }}
      reload={() => void load()}
      item={(run) => <FeedItem run={run} />}
    />
  );
});

function FeedItem({ run }: { run: BackgroundRun }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const outputId = useId();
  const when = runTime(run);
  const preview = excerpt(run.output);
  const more = Boolean(run.output) && preview !== run.output!.trim();
  const name = run.agent_name || BACKGROUND_TEXTS.untitled;
  return (
    <article className={styles.run} aria-labelledby={headingId} data-testid={`feed-${run.id}`}>
      <div className={styles.runHead}>
        <h3 id={headingId} className={styles.runTitle}>
          <Link className={styles.link} to={`/background/${encodeURIComponent(run.agent_id)}`}>
            {name}
          </Link>
        </h3>
        <time className={styles.muted} dateTime={when}>
          {formatDateTime(when)}
        </time>
      </div>
      <RunWarning run={run} />
      {open ? (
        <pre id={outputId} className={styles.output} role="region" aria-label={`Result of ${name}`}>
          {run.output}
        </pre>
      ) : (
        <p className={styles.excerpt}>{preview || 'No output'}</p>
      )}
      {more && (
        <div className={styles.runActions}>
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Show less' : 'Show full result'}
          </Button>
        </div>
      )}
    </article>
  );
}
