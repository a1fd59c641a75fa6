// Password sign-ins take turns. At most `concurrency` of them do their work at once (the account lookup,
// the password check, the session's rows); the others wait in line, first come first served. In a burst the
// line waits, not everyone else: before, each of the ~60 sign-ins admitted at once sent its lookup
// straight away, and another user's query queued behind all of them (the embedded database runs one
// statement at a time on the event loop), then behind their sessions' rows. The time one sign-in takes is
// measured, so a sign-in that could not be done within `maxWaitMs` is refused at once (SignInBusyError,
// the route's 503 with Retry-After) rather than lining up; a caller who left leaves the line.
import { signInsInProgress } from '../observability/metrics.js';

export class SignInBusyError extends Error {
  override name = 'SignInBusyError';
  constructor(readonly retryAfterSeconds: number) {
    super(`Sign-ins are busy: try again in ${retryAfterSeconds} seconds`);
  }
}

export interface SignInQueue {
  /** Runs `work` in its turn; throws SignInBusyError at once when it could not be done within `maxWaitMs`. */
  run<T>(work: () => Promise<T>, options?: { maxWaitMs?: number; signal?: AbortSignal }): Promise<T>;
  /** ms until a sign-in asking now would be done: the line ahead, `concurrency` at a time, then its own. */
  estimatedFinishMs(): number;
  /** sign-ins working now */
  readonly active: number;
  /** sign-ins waiting for their turn */
  readonly waiting: number;
}

/** Until measured: one sign-in's time (ms). */
const FIRST_GUESS_MS = 100;

export function createSignInQueue(concurrency: number): SignInQueue {
  const line: (() => void)[] = [];
  let active = 0;
  let measuredMs: number | undefined;
  const serviceMs = () => measuredMs ?? FIRST_GUESS_MS;
  const show = () => {
    signInsInProgress.set({ state: 'working' }, active);
    signInsInProgress.set({ state: 'waiting' }, line.length);
  };

  function estimatedFinishMs(): number {
    const ahead = active + line.length - concurrency + 1;
    return (ahead > 0 ? Math.ceil(ahead / concurrency) * serviceMs() : 0) + serviceMs();
  }

  /** Gives this sign-in's place to the first in line (or frees it). */
  function handOver() {
    const next = line.shift();
    if (next) next();
    else active--;
    show();
  }

  /** Resolves when a working sign-in hands over its place; rejects (and leaves the line) when the caller left. */
  function turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const onAbort = () => {
        const at = line.indexOf(wake);
        if (at >= 0) line.splice(at, 1);
        show();
        reject(signal?.reason as Error);
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      line.push(wake);
      show();
    });
  }

  return {
    async run(work, options = {}) {
      const { maxWaitMs, signal } = options;
      if (maxWaitMs !== undefined) {
        const finishMs = estimatedFinishMs();
        if (finishMs > maxWaitMs) throw new SignInBusyError(Math.max(1, Math.ceil(finishMs / 1000)));
      }
      // a place is handed from the sign-in that ends to the first in line, so `active` counts it throughout
      const queued = performance.now();
      if (active < concurrency) active++;
      else await turn(signal);
      show();
      // its turn came later than promised (sign-ins slowed down after it was admitted, a loaded machine):
      // refused now rather than answered later still, so the line never holds more than its wait
      if (maxWaitMs !== undefined && performance.now() - queued > maxWaitMs) {
        handOver();
        throw new SignInBusyError(Math.max(1, Math.ceil(estimatedFinishMs() / 1000)));
      }
      const started = performance.now();
      try {
        return await work();
      } finally {
        const ms = performance.now() - started;
        measuredMs = measuredMs === undefined ? ms : measuredMs * 0.8 + ms * 0.2;
        handOver();
      }
    },
    estimatedFinishMs,
    get active() {
      return active;
    },
    get waiting() {
      return line.length;
    },
  };
}
