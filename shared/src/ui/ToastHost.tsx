import { useAtomValue } from 'jotai';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { getStore } from '@accent/shared/client';
import { toast as toastBus, toastsAtom, type Toast, type ToastType } from '@accent/shared/client';
import { TOAST_STACK_GAP_REM, TOAST_TOP_REM } from '@accent/shared';
import { cx } from './class-names.js';
import { IconButton } from './IconButton.js';
import styles from './ToastHost.module.css';

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };
/** space kept between a tall toast and the next one */
const TOAST_MIN_SPACE_REM = 0.75;

function remInPx(): number {
  if (typeof document === 'undefined') return 16;
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * How far each toast sits from the bottom edge, in rem: 2 rem and 5 rem apart, further apart when a
 * toast is taller than that (a two-line message), so none covers another. The stack grows upwards
 * from the bottom right: the top right is where page headers keep their actions (Create, Save,
 * Deploy), which a toast must never cover.
 */
export function toastOffsets(heightsRem: readonly number[]): number[] {
  const offsets: number[] = [];
  let offset = TOAST_TOP_REM;
  for (const height of heightsRem) {
    offsets.push(offset);
    offset += Math.max(TOAST_STACK_GAP_REM, height + TOAST_MIN_SPACE_REM);
  }
  return offsets;
}

/** Renders the toast bus at the bottom right, stacked by their measured heights. Mount it once per app. */
export function ToastHost() {
  const toasts = useAtomValue(toastsAtom, { store: getStore() });
  const [heights, setHeights] = useState<Record<string, number>>({});
  const onHeight = useCallback((id: string, px: number) => {
    const rem = Math.round((px / remInPx()) * 100) / 100;
    setHeights((h) => (h[id] === rem ? h : { ...h, [id]: rem }));
  }, []);
  const offsets = toastOffsets(toasts.map((t) => heights[t.id] ?? 0));
  return (
    <div className={styles.host}>
      {toasts.map((item, index) => (
        <ToastCard key={item.id} toast={item} bottom={offsets[index]!} onHeight={onHeight} />
      ))}
    </div>
  );
}

function ToastCard({ toast, bottom, onHeight }: { toast: Toast; bottom: number; onHeight: (id: string, px: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { id } = toast;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => onHeight(id, el.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [id, onHeight]);
  // being read (pointer over it, or the keyboard on its close button): it does not go away meanwhile
  const pause = () => toastBus.pause(id);
  const resume = () => toastBus.resume(id);
  return (
    <div
      ref={ref}
      // errors interrupt the screen reader, the rest wait their turn
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={cx(styles.toast, styles[toast.type], toast.leaving && styles.leaving)}
      style={{ bottom: `${bottom}rem` }}
      data-toast-type={toast.type}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <span className={styles.icon} aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <div className={styles.content}>
        <p className={styles.title}>{toast.title}</p>
        {toast.message && <p className={styles.message}>{toast.message}</p>}
      </div>
      <IconButton label="Close notification" onClick={() => toastBus.dismiss(id)}>
        ×
      </IconButton>
    </div>
  );
}
