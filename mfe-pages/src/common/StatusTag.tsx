import type { PageStatus } from '@accent/pages-common';
import styles from './Common.module.css';

const LABELS: Record<PageStatus, string> = { draft: 'Draft', published: 'Published', unpublished: 'Unpublished' };

export function StatusTag({ status }: { status: PageStatus }) {
  return <span className={`${styles.tag} ${styles[status]}`}>{LABELS[status]}</span>;
}
