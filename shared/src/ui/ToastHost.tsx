import { useAtomValue } from 'jotai';
import { getStore } from '../client/store.js';
import { toast as toastBus, toastsAtom, type Toast, type ToastType } from '../client/toast.js';
import { TOAST_STACK_GAP_REM, TOAST_TOP_REM } from '../domain/constants.js';
import { cx } from './class-names.js';
import { IconButton } from './IconButton.js';
import styles from './ToastHost.module.css';

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

/** Renders the toast bus at the top right, stacked 5 rem apart from 2 rem (spec 01 §9). Mount it once per app. */
export function ToastHost() {
  const toasts = useAtomValue(toastsAtom, { store: getStore() });
  return (
    <div className={styles.host}>
      {toasts.map((item, index) => (
        <ToastCard key={item.id} toast={item} top={TOAST_TOP_REM + index * TOAST_STACK_GAP_REM} />
      ))}
    </div>
  );
}

function ToastCard({ toast, top }: { toast: Toast; top: number }) {
  return (
    <div
      // errors interrupt the screen reader, the rest wait their turn
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={cx(styles.toast, styles[toast.type], toast.leaving && styles.leaving)}
      style={{ top: `${top}rem` }}
      data-toast-type={toast.type}
    >
      <span className={styles.icon} aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <div className={styles.content}>
        <p className={styles.title}>{toast.title}</p>
        {toast.message && <p className={styles.message}>{toast.message}</p>}
      </div>
      <IconButton label="Close notification" onClick={() => toastBus.dismiss(toast.id)}>
        ×
      </IconButton>
    </div>
  );
}
