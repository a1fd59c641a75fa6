import { atom, type PrimitiveAtom, type Store } from 'jotai';
import { TOAST_DEFAULT_DURATION_MS, TOAST_EXIT_MS } from '@accent/shared';
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
  /** Stops a toast's countdown (the pointer or the focus is on it): it stays while it is being read. */
  pause(id: string): void;
  /** Restarts a paused countdown with the time that was left (at least a short moment to move away). */
  resume(id: string): void;
  /** Removes every toast at once (no exit animation). */
  clear(): void;
}

/** More than this many toasts would run off the screen: the oldest one makes room. */
export const TOAST_MAX_VISIBLE = 5;
/** A toast resumed with almost no time left still stays this long after the pointer leaves it. */
export const TOAST_RESUME_MIN_MS = 1000;

export const toastsAtom: PrimitiveAtom<Toast[]> = globalSingleton('__ACCENT_TOASTS_ATOM__', () => atom<Toast[]>([]));

export function createToastBus(store: Store): ToastBus {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** when each running countdown ends (ms since epoch), and what was left of a paused one */
  const deadlines = new Map<string, number>();
  const paused = new Map<string, number>();
  let counter = 0;

  const update = (change: (list: Toast[]) => Toast[]) => store.set(toastsAtom, change(store.get(toastsAtom)));
  const setTimer = (id: string, ms: number, run: () => void) => {
    clearTimeout(timers.get(id));
    timers.set(id, setTimeout(run, ms));
  };

  const countDown = (id: string, ms: number) => {
    deadlines.set(id, Date.now() + ms);
    setTimer(id, ms, () => dismiss(id));
  };

  function dismiss(id: string): void {
    const target = store.get(toastsAtom).find((t) => t.id === id);
    if (!target || target.leaving) return;
    deadlines.delete(id);
    paused.delete(id);
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
    if (Number.isFinite(duration) && duration > 0) countDown(id, duration);
    return id;
  }

  function pause(id: string): void {
    const deadline = deadlines.get(id);
    if (deadline === undefined || paused.has(id)) return;
    clearTimeout(timers.get(id));
    timers.delete(id);
    deadlines.delete(id);
    paused.set(id, Math.max(0, deadline - Date.now()));
  }

  function resume(id: string): void {
    const left = paused.get(id);
    if (left === undefined) return;
    paused.delete(id);
    countDown(id, Math.max(left, TOAST_RESUME_MIN_MS));
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
    pause,
    resume,
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      deadlines.clear();
      paused.clear();
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
