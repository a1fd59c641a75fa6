import { useId, type MouseEvent } from 'react';
import type { MissionRun } from '@accent/missions-common';
import { RunStatusBadge } from '../common/Badges.js';
import { TRIGGER_LABELS, excerpt, formatDateTime } from '../common/format.js';
import styles from './Runs.module.css';

export interface RunCardProps {
  run: MissionRun;
  /** shown as the card's heading (the results feed); omitted inside one mission's runs */
  missionName?: string;
  onOpen(run: MissionRun): void;
}

export const runTime = (run: MissionRun) => run.finished_at ?? run.started_at ?? run.created_at;

/** One run: when, status, trigger and the first lines of its output; opens the full output. */
export function RunCard({ run, missionName, onOpen }: RunCardProps) {
  const headingId = useId();
  const when = formatDateTime(runTime(run));
  const text = run.status === 'failed' && run.error ? run.error : excerpt(run.output);
  // A click anywhere on the card opens the result; keyboard users use the button inside.
  const open = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('button') === null) onOpen(run);
  };
  return (
    <article className={styles.card} aria-labelledby={headingId} onClick={open} data-run={run.id}>
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.cardTitle}>
          {missionName ?? when}
        </h3>
        <RunStatusBadge status={run.status} />
      </header>
      <p className={styles.meta}>
        {missionName && <time dateTime={runTime(run)}>{when}</time>}
        <span>{TRIGGER_LABELS[run.trigger]}</span>
        {run.deliveries.length > 0 && <span>{run.deliveries.map((d) => `${d.channel}: ${d.status}`).join(' · ')}</span>}
      </p>
      {text ? (
        <p className={`${styles.excerpt} ${run.status === 'failed' ? styles.excerptError : ''}`}>{text}</p>
      ) : (
        <p className={styles.excerptMuted}>{run.status === 'queued' || run.status === 'running' ? 'Waiting for the agent…' : 'No output'}</p>
      )}
      <div className={styles.cardActions}>
        <button type="button" className={styles.openButton} onClick={() => onOpen(run)} aria-describedby={headingId}>
          View full result
        </button>
      </div>
    </article>
  );
}
