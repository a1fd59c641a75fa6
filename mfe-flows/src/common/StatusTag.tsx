import type { FlowStatus } from '@accent/shared';
import styles from './StatusTag.module.css';

export function StatusTag({ status }: { status: FlowStatus }) {
  return <span className={`${styles.tag} ${styles[status] ?? ''}`}>{status}</span>;
}
