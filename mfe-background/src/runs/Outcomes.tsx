// What a run (or a dry run) gathered from each data source and did with each delivery channel.
import type { BackgroundDelivery, BackgroundSourceResult } from '@accent/background-common';
import { DELIVERY_CHANNEL_LABELS } from '../editor/labels.js';
import { DELIVERY_STATUS_LABELS, runStatusText, runWarning, SOURCE_STATUS_LABELS, sourceLabel } from '../common/format.js';
import { RunStatusBadge as StateBadge, type StatusTone } from '@accent/shared/ui';
import styles from './Runs.module.css';

const DELIVERY_TONES: Readonly<Record<BackgroundDelivery['status'], StatusTone>> = {
  sent: 'success',
  failed: 'danger',
  skipped: 'warning',
  dry_run: 'info',
};
const SOURCE_TONES: Readonly<Record<BackgroundSourceResult['status'], StatusTone>> = {
  collected: 'success',
  not_connected: 'warning',
  failed: 'danger',
};

export function DeliveryList({ deliveries, label = 'Deliveries' }: { deliveries: readonly BackgroundDelivery[]; label?: string }) {
  if (deliveries.length === 0) return <p className={styles.muted}>No deliveries</p>;
  return (
    <ul className={styles.outcomes} aria-label={label}>
      {deliveries.map((d, i) => (
        <li key={`${d.channel}-${i}`} className={styles.outcome} data-testid={`delivery-${d.channel}`}>
          <span className={styles.outcomeName}>{DELIVERY_CHANNEL_LABELS[d.channel]}</span>
          <StateBadge status={d.status} tone={DELIVERY_TONES[d.status]} label={DELIVERY_STATUS_LABELS[d.status]} />
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
          <StateBadge status={s.status} tone={SOURCE_TONES[s.status]} label={SOURCE_STATUS_LABELS[s.status]} />
          {s.detail && <span className={styles.outcomeDetail}>{s.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

type RunOutcome = Parameters<typeof runWarning>[0];

/** A run's status badge, the same in the Runs list, the results feed and a test: "succeeded with warnings" in amber. */
export function RunStatusBadge({ run }: { run: RunOutcome }) {
  return <StateBadge status={runWarning(run) ? 'warning' : run.status} label={runStatusText(run)} data-testid="run-status" />;
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
