import type { ReactNode } from 'react';
import styles from './States.module.css';

export interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  /** e.g. a "Create" button */
  action?: ReactNode;
}

export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <div className={styles.state}>
      <h2 className={styles.title}>{title}</h2>
      {text && <p className={styles.text}>{text}</p>}
      {action}
    </div>
  );
}
