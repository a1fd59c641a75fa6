import type { FlowStatus } from '@accent/flows-common';
import styles from './StatusTag.module.css';

export function StatusTag({ status }: { status: FlowStatus }) {
  return <span className={`${styles.tag} ${styles[status] ?? ''}`}>{status}</span>;
}
