import { Spinner } from './Spinner.js';
import styles from './States.module.css';

export interface LoadingStateProps {
  text: string;
}

export function LoadingState({ text }: LoadingStateProps) {
  return (
    <div className={styles.state} role="status">
      <span className={styles.spinner}>
        <Spinner />
      </span>
      <p className={styles.text}>{text}</p>
    </div>
  );
}
