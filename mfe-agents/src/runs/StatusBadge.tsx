import type { RunStatus } from '@accent/agents-common';
import { STATUS_LABELS } from './format.js';
import styles from './Runs.module.css';

export function StatusBadge({ status }: { status: RunStatus }) {
  return <span className={`${styles.badge} ${styles[`badge_${status}`] ?? ''}`}>{STATUS_LABELS[status]}</span>;
}
