import type { BackgroundAgentStatus } from '@accent/background-common';
import styles from './StatusTag.module.css';

/** The card's status as the spec shows it (§3.5): active, paused, Draft. */
export const CARD_STATUS_TEXT: Readonly<Record<BackgroundAgentStatus, string>> = { active: 'active', paused: 'paused', draft: 'Draft' };

export function StatusTag({ status }: { status: BackgroundAgentStatus }) {
  return <span className={`${styles.tag} ${styles[status] ?? ''}`}>{CARD_STATUS_TEXT[status]}</span>;
}
