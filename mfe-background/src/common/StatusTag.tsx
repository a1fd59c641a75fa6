import type { BackgroundAgentStatus } from '@accent/background-common';
import styles from './StatusTag.module.css';

/** The card's status (§3.5 lists the stored values active, paused, Draft): shown alike, capitalised. */
export const CARD_STATUS_TEXT: Readonly<Record<BackgroundAgentStatus, string>> = { active: 'Active', paused: 'Paused', draft: 'Draft' };

export function StatusTag({ status }: { status: BackgroundAgentStatus }) {
  return <span className={`${styles.tag} ${styles[status] ?? ''}`}>{CARD_STATUS_TEXT[status]}</span>;
}
