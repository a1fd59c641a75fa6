// What a run (or a dry run) gathered from each data source and did with each delivery channel.
import type { BackgroundDelivery, BackgroundSourceResult } from '@accent/background-common';
import { DELIVERY_CHANNEL_LABELS } from '../editor/labels.js';
import { DELIVERY_STATUS_LABELS, runStatusText, runWarning, SOURCE_STATUS_LABELS, sourceLabel } from '../common/format.js';
import styles from './Runs.module.css';

export function DeliveryList({ deliveries, label = 'Deliveries' }: { deliveries: readonly BackgroundDelivery[]; label?: string }) {
  if (deliveries.length === 0) return <p className={styles.muted}>No deliveries</p>;
  return (
    <ul className={styles.outcomes} aria-label={label}>
      {deliveries.map((d, i) => (
        <li key={`${d.channel}-${i}`} className={styles.outcome} data-testid={`delivery-${d.channel}`}>
          <span className={styles.outcomeName}>{DELIVERY_CHANNEL_LABELS[d.channel]}</span>
          <span className={`${styles.badge} ${styles[`delivery_${d.status}`] ?? ''}`}>{DELIVERY_STATUS_LABELS[d.status]}</span>
          {d.detail && <span className={styles.outcomeDetail}>{d.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

export function SourceList({ sources, label = 'Data sources' }: { sources: readonly BackgroundSourceResult[]; label?: string }) {
  if (sources.length === 0) return <p className={styles.muted}>No data sources</p>;
  return (
    <ul className={styles.outcomes} aria-label={label}>
      {sources.map((s, i) => (
        <li key={`${s.source}-${i}`} className={styles.outcome} data-testid={`source-${s.source}`}>
          <span className={styles.outcomeName}>{sourceLabel(s.source)}</span>
          <span className={`${styles.badge} ${styles[`source_${s.status}`] ?? ''}`}>{SOURCE_STATUS_LABELS[s.status]}</span>
          {s.detail && <span className={styles.outcomeDetail}>{s.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

type RunOutcome = Parameters<typeof runWarning>[0];

/** A run's status badge, the same in the Runs list, the results feed and a test: "succeeded with warnings" in amber. */
export function RunStatusBadge({ run }: { run: RunOutcome }) {
  const tone = runWarning(run) ? 'status_warning' : `status_${run.status}`;
  return (
    <span className={`${styles.badge} ${styles[tone] ?? ''}`} data-testid="run-status">
      {runStatusText(run)}
    </span>
  );
}

/** What the warning is (nothing when there is none). */
export function RunWarning({ run }: { run: RunOutcome }) {
  const warning = runWarning(run);
  if (!warning) return null;
  return (
    <p className={styles.warning} role="note" data-testid="run-warning">
      {warning}
    </p>
  );
}
