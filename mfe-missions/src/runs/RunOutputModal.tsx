import type { MissionRun } from '@accent/missions-common';
import { Button, Modal } from '@accent/shared/ui';
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
        <div className={styles.detail}>
          <dl className={styles.facts}>
            <div>
              <dt>Status</dt>
              <dd>
                <RunStatusBadge status={run.status} />
              </dd>
            </div>
            <div>
              <dt>Trigger</dt>
              <dd>{TRIGGER_LABELS[run.trigger]}</dd>
            </div>
            <div>
              <dt>Started</dt>
              <dd>{formatDateTime(run.started_at)}</dd>
            </div>
            <div>
              <dt>Finished</dt>
              <dd>{formatDateTime(run.finished_at)}</dd>
            </div>
          </dl>
          {run.error && (
            <section aria-label="Error">
              <h3 className={styles.detailTitle}>Error</h3>
              <pre className={`${styles.output} ${styles.outputError}`}>{run.error}</pre>
            </section>
          )}
          <section aria-label="Output">
            <h3 className={styles.detailTitle}>Output</h3>
            {run.output ? <pre className={styles.output}>{run.output}</pre> : <p className={styles.excerptMuted}>No output</p>}
          </section>
          <section aria-label="Deliveries">
            <h3 className={styles.detailTitle}>Deliveries</h3>
            {run.deliveries.length === 0 ? (
              <p className={styles.excerptMuted}>No deliveries recorded</p>
            ) : (
              <ul className={styles.deliveries}>
                {run.deliveries.map((d, i) => (
                  <li key={i} className={styles.delivery}>
                    <span className={styles.deliveryChannel}>{DELIVERY_LABELS[d.channel] ?? d.channel}</span>
                    <span className={`${styles.deliveryStatus} ${styles[`delivery_${d.status}`] ?? ''}`}>{d.status}</span>
                    {d.detail && <span className={styles.deliveryDetail}>{d.detail}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
