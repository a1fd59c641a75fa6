// Reacting to a table's changes in every process: a trigger NOTIFYs a channel with the library id, each
// process LISTENs through pg-boss's own database (a reconnecting connection on PostgreSQL, in-process on
// PGlite) and runs `onChange` for that library, coalescing bursts. After a reconnect notifications may
// have been missed, so it runs for every library (null). Without LISTEN (a transaction-mode pooler) the
// caller's minute sweep still catches up.
import type { PgBoss } from 'pg-boss';
import type { Scheduler, SchedulerLog } from './scheduler.js';

export interface ChangeListenerOptions {
  channel: string;
  scheduler: Scheduler;
  log: SchedulerLog;
  /** what changed, for log lines ("mission", "background agent") */
  what: string;
  /** coalesces notifications of one library (default 100 ms) */
  debounceMs?: number;
  onChange(libraryId: string | null): Promise<unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createChangeListener(options: ChangeListenerOptions) {
  const { channel, scheduler, log, what } = options;
  const debounceMs = options.debounceMs ?? 100;
  const pending = new Map<string, Promise<void>>();

  /** Runs onChange for a library soon (coalescing bursts); resolves when done. No-op while the scheduler is not running. */
  function changed(libraryId?: string | null): Promise<void> {
    if (!scheduler.running) return Promise.resolve();
    const key = libraryId ?? '*';
    const queued = pending.get(key);
    if (queued) return queued;
    const promise = new Promise<void>((resolve) => setTimeout(resolve, debounceMs))
      .then(async () => {
        pending.delete(key);
        if (!scheduler.running) return;
        await options.onChange(libraryId ?? null);
      })
      .catch((error: unknown) => log.error(error, `Reconciling ${what} schedules failed`));
    pending.set(key, promise);
    return promise;
  }

  let listener: { close(): Promise<void> } | null = null;
  async function listen(boss: PgBoss): Promise<void> {
    const database = boss.getDb();
    if (!database.listen) {
      log.warn(`${what[0].toUpperCase()}${what.slice(1)} changes are picked up every minute: the job database cannot LISTEN`);
      return;
    }
    try {
      listener = await database.listen(
        channel,
        (payload) => void changed(UUID.test(payload) ? payload : null),
        () => void changed(null),
      );
    } catch (error) {
      log.error(error, `Cannot LISTEN for ${what} changes; they are picked up every minute`);
    }
  }

  async function unlisten(): Promise<void> {
    const current = listener;
    listener = null;
    await current?.close().catch(() => undefined);
  }

  return { changed, listen, unlisten };
}
