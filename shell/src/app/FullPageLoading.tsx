import { LoadingState } from '@accent/shared/ui';
import styles from './FullPageLoading.module.css';

export function FullPageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className={styles.page}>
      <LoadingState text={text} />
    </div>
  );
}
