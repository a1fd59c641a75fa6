import { Button } from './Button.js';
import { cx } from './class-names.js';
import styles from './States.module.css';

export interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
}

export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <div className={styles.state}>
      <span className={cx(styles.icon, styles.errorIcon)} aria-hidden="true">
        !
      </span>
      <p className={styles.text} role="alert">
        {message}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
