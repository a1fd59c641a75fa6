import { atom, type PrimitiveAtom, type Store } from 'jotai';
import { TOAST_DEFAULT_DURATION_MS, TOAST_EXIT_MS } from '../domain/constants.js';
import { globalSingleton } from './global-singleton.js';
import { getStore } from './store.js';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
  /** ms before it closes by itself; 0 or Infinity keeps it until closed */
  duration?: number;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  duration: number;
  /** true during the exit animation, just before removal */
  leaving: boolean;
}

export interface ToastBus {
  show(input: ToastInput): string;
  success(title: string, message?: string, duration?: number): string;
  error(title: string, message?: string, duration?: number): string;
  warning(title: string, message?: string, duration?: number): string;
  info(title: string, message?: string, duration?: number): string;
  dismiss(id: string): void;
  /** Removes every toast at once (no exit animation). */
  clear(): void;
}

/** More than this many toasts would run off the screen: the oldest one makes room. */
export const TOAST_MAX_VISIBLE = 5;

export const toastsAtom: PrimitiveAtom<Toast[]> = globalSingleton('__ACCENT_TOASTS_ATOM__', () => atom<Toast[]>([]));

export function createToastBus(store: Store): ToastBus {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let counter = 0;

  const update = (change: (list: Toast[]) => Toast[]) => store.set(toastsAtom, change(store.get(toastsAtom)));
  const setTimer = (id: string, ms: number, run: () => void) => {
    clearTimeout(timers.get(id));
    timers.set(id, setTimeout(run, ms));
  };

  function dismiss(id: string): void {
    const target = store.get(toastsAtom).find((t) => t.id === id);
    if (!target || target.leaving) return;
    update((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
    setTimer(id, TOAST_EXIT_MS, () => {
      timers.delete(id);
      update((list) => list.filter((t) => t.id !== id));
    });
  }

  function show({ type, title, message, duration = TOAST_DEFAULT_DURATION_MS }: ToastInput): string {
    const id = `toast-${++counter}`;
    const staying = store.get(toastsAtom).filter((t) => !t.leaving);
    if (staying.length >= TOAST_MAX_VISIBLE) dismiss(staying[0]!.id);
    update((list) => [...list, { id, type, title, ...(message ? { message } : {}), duration, leaving: false }]);
    if (Number.isFinite(duration) && duration > 0) setTimer(id, duration, () => dismiss(id));
    return id;
  }

  const ofType = (type: ToastType) => (title: string, message?: string, duration?: number) =>
    show({ type, title, ...(message !== undefined ? { message } : {}), ...(duration !== undefined ? { duration } : {}) });

  return {
    show,
    success: ofType('success'),
    error: ofType('error'),
    warning: ofType('warning'),
    info: ofType('info'),
    dismiss,
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      store.set(toastsAtom, []);
    },
  };
}

/** The toast bus every app uses (one per page, see globalSingleton). */
export const toast: ToastBus = globalSingleton('__ACCENT_TOAST__', () => createToastBus(getStore()));

/** What a remote needs of the toast bus: injected through its data context, so tests can watch it. */
export interface Notifier {
  success(title: string, message?: string, duration?: number): unknown;
  error(title: string, message?: string, duration?: number): unknown;
}
