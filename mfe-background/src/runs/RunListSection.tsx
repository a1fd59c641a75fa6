// A titled list of runs with its states: the editor's Runs and the dashboard's Results feed differ only
// in their texts and in how one run reads.
import type { ReactNode } from 'react';
import type { BackgroundRun } from '../data/background.js';
import { Button, EmptyState, ErrorState, LoadingState } from '@accent/shared/ui';
import styles from './Runs.module.css';

export interface RunListSectionProps {
  id: string;
  title: string;
  /** the list's accessible name */
  label: string;
  runs: BackgroundRun[] | null;
  error: string | null;
  polling: boolean;
  /** e.g. "Updating…" while polling */
  pollingText: string;
  /** "runs", "results": in "Loading runs...", "Could not load runs: …" */
  noun: string;
  empty: { title: string; text: string };
  reload(): void;
  item(run: BackgroundRun): ReactNode;
}

export function RunListSection({ id, title, label, runs, error, polling, pollingText, noun, empty, reload, item }: RunListSectionProps) {
  let body;
  if (error && !runs) body = <ErrorState message={`Could not load ${noun}: ${error}`} onRetry={reload} />;
  else if (!runs) body = <LoadingState text={`Loading ${noun}...`} />;
  else if (runs.length === 0) body = <EmptyState title={empty.title} text={empty.text} />;
  else
    body = (
      <ol className={styles.list} aria-label={label}>
        {runs.map((run) => (
          <li key={run.id}>{item(run)}</li>
        ))}
      </ol>
    );
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        <div className={styles.runActions}>
          {polling && (
            <span className={styles.muted} role="status">
              {pollingText}
            </span>
          )}
          <Button variant="ghost" size="sm" onClick={reload}>
            Refresh
          </Button>
        </div>
      </div>
      {error && runs && (
        <p className={styles.error} role="alert">
          Could not load {noun}: {error}
        </p>
      )}
      {body}
    </section>
  );
}
