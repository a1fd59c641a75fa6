// Database reads kept in memory per key, for reads the hot path makes on every request but whose rows
// change rarely (an agent's configuration, a library's provider credentials). Every write calls
// `announceChange()`: this process forgets the key at once, and the NOTIFY reaches every other process
// sharing the database after the write commits (they LISTEN through pg-boss's database). Where nobody
// listens (scheduler off, or a pooler without LISTEN) entries live only briefly.
import { sql, type Kysely } from 'kysely';
import type { Scheduler, SchedulerLog } from '../scheduler/scheduler.js';
import type { DB } from './schema.js';

/** Every cache of this process, by channel: a write forgets its key in all of them before it returns. */
const localCaches = new Map<string, Set<(key: string | null) => void>>();

/**
 * Called by every write of what a channel's caches hold, with the writing transaction when there is one:
 * this process forgets the key now, the others when the NOTIFY arrives after the commit.
 */
export async function announceChange(db: Kysely<DB>, channel: string, key: string): Promise<void> {
  for (const forget of localCaches.get(channel) ?? []) forget(key);
  await sql`SELECT pg_notify(${channel}, ${key})`.execute(db);
}

export interface ReadCacheOptions {
  /** how long an entry is trusted while this process hears other processes' changes (default 10 min) */
  listeningTtlMs?: number;
  /** how long without LISTEN: another process's write shows after at most this (default 2 s) */
  ttlMs?: number;
  /** entries kept, least recently read dropped first (default 2,000) */
  maxEntries?: number;
}

export interface ReadCache<V> {
  /** the cached value of `key`, or what `load` reads (kept unless `keep` says otherwise) */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** LISTEN for other processes' writes while the scheduler runs */
  listenWith(scheduler: Scheduler, log: SchedulerLog): void;
  close(): Promise<void>;
}

export interface ReadCacheSetup<V> extends ReadCacheOptions {
  /** the NOTIFY channel its writes announce changes on */
  channel: string;
  /** what it holds, for log lines ("agent", "credential") */
  what: string;
  /** whether a read value is kept (default: every value) */
  keep?: (value: V) => boolean;
}

export function createReadCache<V>(setup: ReadCacheSetup<V>): ReadCache<V> {
  const { channel, what } = setup;
  const listeningTtlMs = setup.listeningTtlMs ?? 10 * 60_000;
  const ttlMs = setup.ttlMs ?? 2_000;
  const maxEntries = setup.maxEntries ?? 2_000;
  const entries = new Map<string, { value: V; at: number }>();
  // bumped by every change: a read that started before one must not store what it read
  let generation = 0;
  let listener: { close(): Promise<void> } | null = null;

  const forget = (key: string | null) => {
    generation++;
    if (key === null) entries.clear();
    else entries.delete(key);
  };
  const siblings = localCaches.get(channel) ?? new Set();
  localCaches.set(channel, siblings.add(forget));

  async function get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = entries.get(key);
    if (hit && performance.now() - hit.at < (listener ? listeningTtlMs : ttlMs)) {
      // most recently read last, so the oldest reads leave first
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const seen = generation;
    const value = await load();
    entries.delete(key);
    if (generation === seen && (setup.keep?.(value) ?? true)) {
      entries.set(key, { value, at: performance.now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return value;
  }

  function listenWith(scheduler: Scheduler, log: SchedulerLog) {
    const Changes = `${what[0].toUpperCase()}${what.slice(1)} changes`;
    scheduler.onStart(async (boss) => {
      const database = boss.getDb();
      if (!database.listen) {
        log.warn(`${Changes} made by other server processes show after a few seconds: the job database cannot LISTEN`);
        return;
      }
      try {
        listener = await database.listen(
          channel,
          (payload) => forget(payload || null),
          // notifications may have been missed while reconnecting
          () => forget(null),
        );
        // what was read before listening may already be stale
        forget(null);
      } catch (error) {
        log.error(error, `Cannot LISTEN for ${what} changes; changes by other processes show after a few seconds`);
      }
    });
    scheduler.onStop(() => unlisten());
  }

  async function unlisten() {
    const current = listener;
    listener = null;
    await current?.close().catch(() => undefined);
  }

  async function close() {
    siblings.delete(forget);
    await unlisten();
  }

  return { get, listenWith, close };
}
