import { SHARED_MESSAGES } from '@accent/shared';
import styles from './AreaUnavailable.module.css';
import { Button } from './Button.js';

export interface AreaUnavailableProps {
  /** the area's title, e.g. "AI Flows" */
  title: string;
  reason: string;
  onRetry?: () => void;
}

/** Shown in place of a remote that is not installed or failed (DESIGN.md §3 "Failure isolation"). */
export function AreaUnavailable({ title, reason, onRetry }: AreaUnavailableProps) {
  return (
    <section className={styles.area} role="alert" aria-label={`${title}: ${SHARED_MESSAGES.areaUnavailable}`}>
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <h2 className={styles.heading}>{SHARED_MESSAGES.areaUnavailable}</h2>
      <p className={styles.areaTitle}>{title}</p>
      <p className={styles.reason}>{reason}</p>
      {onRetry && <Button onClick={onRetry}>Retry</Button>}
    </section>
  );
}
