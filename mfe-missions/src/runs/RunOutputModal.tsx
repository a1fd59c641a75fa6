import type { MissionRun } from '@accent/missions-common';
import { Button, Modal, RunDetail, RunSection, RunStatusBadge as StateBadge, RunText } from '@accent/shared/ui';
import { RunStatusBadge } from '../common/Badges.js';
import { TRIGGER_LABELS, formatDateTime } from '../common/format.js';
import { runTime } from './RunCard.js';
import styles from './Runs.module.css';

const DELIVERY_LABELS: Record<string, string> = { feed: 'Results feed', email: 'Email', webhook: 'Webhook' };

/** A run's full output (plain text, whitespace kept), its error and what each delivery did. */
export function RunOutputModal({ run, missionName, onClose }: { run: MissionRun | null; missionName?: string; onClose(): void }) {
  return (
    <Modal
      open={run !== null}
      onClose={onClose}
      size="lg"
      title={run ? `${missionName ?? 'Mission result'} · ${formatDateTime(runTime(run))}` : ''}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {run && (
        <RunDetail
          facts={[
            { label: 'Status', value: <RunStatusBadge status={run.status} /> },
            { label: 'Trigger', value: TRIGGER_LABELS[run.trigger] },
            { label: 'Started', value: formatDateTime(run.started_at) },
            { label: 'Finished', value: formatDateTime(run.finished_at) },
          ]}
        >
          {run.error && (
            <RunSection title="Error">
              <RunText text={run.error} tone="error" />
            </RunSection>
          )}
          <RunSection title="Output">
            <RunText text={run.output} empty="No output" />
          </RunSection>
          <RunSection title="Deliveries">
            {run.deliveries.length === 0 ? (
              <RunText text={null} empty="No deliveries recorded" />
            ) : (
              <ul className={styles.deliveries}>
                {run.deliveries.map((d, i) => (
                  <li key={i} className={styles.delivery}>
                    <span className={styles.deliveryChannel}>{DELIVERY_LABELS[d.channel] ?? d.channel}</span>
                    <StateBadge status={d.status === 'sent' ? 'succeeded' : d.status} label={d.status} />
                    {d.detail && <span className={styles.deliveryDetail}>{d.detail}</span>}
                  </li>
                ))}
              </ul>
            )}
          </RunSection>
        </RunDetail>
      )}
    </Modal>
  );
}
