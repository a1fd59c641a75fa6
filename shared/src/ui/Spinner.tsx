import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** read by screen readers; omit when a visible text already says what is loading */
  label?: string;
}

export function Spinner({ label }: SpinnerProps) {
  return label ? (
    <span role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.hiddenLabel}>{label}</span>
    </span>
  ) : (
    <span className={styles.spinner} aria-hidden="true" />
  );
}
