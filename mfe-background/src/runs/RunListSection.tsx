// A titled list of runs with its states: the editor's Runs and the dashboard's Results feed differ only
// in their texts and in how one run reads. The kit's run list panel draws it.
import type { ReactNode } from 'react';
import type { BackgroundRun } from '../data/background.js';
import { RunList, RunListPanel } from '@accent/shared/ui';
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
  return (
    <RunListPanel
      id={id}
      title={title}
      runs={runs}
      error={error}
      errorText={(message) => `Could not load ${noun}: ${message}`}
      loadingText={`Loading ${noun}...`}
      empty={empty}
      onRefresh={reload}
      actions={
        polling && (
          <span className={styles.muted} role="status">
            {pollingText}
          </span>
        )
      }
    >
      {(list) => (
        <RunList label={label} ordered>
          {list.map((run) => (
            <li key={run.id}>{item(run)}</li>
          ))}
        </RunList>
      )}
    </RunListPanel>
  );
}
