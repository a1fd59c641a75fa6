// The dashboard's Results feed: what agents delivered to the dashboard channel (background_runs with
// in_feed), newest first. It reads again every few seconds while a run queued from here is not in it yet.
import { forwardRef, useCallback, useId, useImperativeHandle, useState } from 'react';
import { Link } from 'react-router';
import { BACKGROUND_TEXTS } from '@accent/background-common';
import type { BackgroundRun } from '../data/background.js';
import { Button } from '@accent/shared/ui';
import { useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { excerpt, formatDateTime, runTime } from '../common/format.js';
import { RunWarning } from '../runs/Outcomes.js';
import { RunListSection } from '../runs/RunListSection.js';
import { useRunList } from '../runs/useAgentRuns.js';
import styles from '../runs/Runs.module.css';

export interface ResultsFeedHandle {
  /** after Run now: poll until this run reaches the feed (or for about a minute) */
  track(runId: string): void;
}

export const ResultsFeed = forwardRef<ResultsFeedHandle>(function ResultsFeed(_props, ref) {
  const { api } = useBackgroundEnv();
  const read = useCallback(() => api.listFeed(), [api]);
  const { runs, error, polling, reload, track } = useRunList(read, { errorText: 'Could not load results', whilePending: false });
  useImperativeHandle(ref, () => ({ track }), [track]);

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
      reload={() => void reload()}
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
