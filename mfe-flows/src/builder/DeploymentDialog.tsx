// What Deploy answers: the webhook URL and its secret (shown once), the schedule or the form URL.
import { Button, Modal } from '@accent/shared/ui';
import type { FlowDeployment } from '../data/flows.js';
import styles from './Builder.module.css';

export function DeploymentDialog({ deployment, onClose }: { deployment: FlowDeployment | null; onClose: () => void }) {
  return (
    <Modal
      open={deployment !== null}
      onClose={onClose}
      title="Flow deployed"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className={styles.deploy}>
        <p>{deployment?.secret ? 'The flow is live. Copy these now: the secret is shown only once.' : 'The flow is live.'}</p>
        {deployment?.webhookUrl && <CopyField label="Webhook URL" value={deployment.webhookUrl} />}
        {deployment?.secret && <CopyField label="Secret" value={deployment.secret} />}
        {deployment?.secretHeader && <CopyField label="Secret header" value={deployment.secretHeader} />}
        {deployment?.schedule && <CopyField label="Schedule" value={`${deployment.schedule.cron} (${deployment.schedule.timezone})`} />}
        {deployment?.formUrl && <CopyField label="Form URL" value={deployment.formUrl} />}
      </div>
    </Modal>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <label className={styles.copyField}>
      <span>{label}</span>
      <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
    </label>
  );
}
