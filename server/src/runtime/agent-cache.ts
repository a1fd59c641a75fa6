// Saved agents' configurations as the runtime reads them, kept in memory per library and name so an
// invoke does not read and re-validate the agent before every model call. Every write of an agent calls
// agentChanged() inside its transaction: this process forgets the entry at once, and the NOTIFY reaches
// every other process sharing the database after the commit (they LISTEN through pg-boss's database).
// Where nobody listens (scheduler off, or a pooler without LISTEN) entries live only briefly.
// Only the agent is cached: who the caller is and what they may do is read on every request.
import { agentSettingsSchema, type AgentConfig, type AgentSettings } from '@accent/agents-common';
import { sql, type Kysely } from 'kysely';
import { getAgentForRun } from '../agents/service.js';
import type { DB } from '../db/schema.js';
import type { Scheduler, SchedulerLog } from '../scheduler/scheduler.js';

export const AGENTS_CHANGED_CHANNEL = 'accent_agents_changed';

/** Agent names cannot contain slashes, so `<library id>/<name>` is unambiguous. */
const cacheKey = (libraryId: string, name: string) => `${libraryId}/${name}`;

/** Every cache of this process: a write forgets its entry in all of them before its transaction ends. */
const localCaches = new Set<(key: string | null) => void>();

/**
 * Called by every write of an agent (save, restore, delete), with the writing transaction: this process
 * forgets the agent now, the others when the NOTIFY arrives after the commit.
 */
export async function agentChanged(db: Kysely<DB>, libraryId: string, name: string): Promise<void> {
  const key = cacheKey(libraryId, name);
  for (const forget of localCaches) forget(key);
  await sql`SELECT pg_notify(${AGENTS_CHANGED_CHANNEL}, ${key})`.execute(db);
}

export interface RunnableAgent {
  id: string;
  version: number;
  config: AgentConfig;
  settings: AgentSettings;
}

export interface AgentCacheOptions {
  /** how long an entry is trusted while this process hears other processes' changes (default 10 min) */
  listeningTtlMs?: number;
  /** how long without LISTEN: another process's save shows after at most this (default 2 s) */
  ttlMs?: number;
  /** entries kept, least recently read dropped first (default 2,000) */
  maxEntries?: number;
}

export interface AgentCache {
  get(libraryId: string, name: string): Promise<RunnableAgent | undefined>;
  /** LISTEN for other processes' writes while the scheduler runs */
  listenWith(scheduler: Scheduler, log: SchedulerLog): void;
  close(): Promise<void>;
}

export function createAgentCache(db: Kysely<DB>, options: AgentCacheOptions = {}): AgentCache {
  const listeningTtlMs = options.listeningTtlMs ?? 10 * 60_000;
  const ttlMs = options.ttlMs ?? 2_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const entries = new Map<string, { agent: RunnableAgent; at: number }>();
  // bumped by every change: a read that started before one must not store what it read
  let generation = 0;
  let listener: { close(): Promise<void> } | null = null;

  const forget = (key: string | null) => {
    generation++;
    if (key === null) entries.clear();
    else entries.delete(key);
  };
  localCaches.add(forget);

  async function get(libraryId: string, name: string): Promise<RunnableAgent | undefined> {
    const key = cacheKey(libraryId, name);
    const hit = entries.get(key);
    if (hit && performance.now() - hit.at < (listener ? listeningTtlMs : ttlMs)) {
      // most recently read last, so the oldest reads leave first
      entries.delete(key);
      entries.set(key, hit);
      return hit.agent;
    }
    const seen = generation;
    const row = await getAgentForRun(db, libraryId, name);
    if (!row) {
      entries.delete(key);
      return undefined;
    }
    const agent: RunnableAgent = { ...row, settings: agentSettingsSchema.parse(row.config.settings ?? {}) };
    if (generation === seen) {
      entries.delete(key);
      entries.set(key, { agent, at: performance.now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return agent;
  }

  function listenWith(scheduler: Scheduler, log: SchedulerLog) {
    scheduler.onStart(async (boss) => {
      const database = boss.getDb();
      if (!database.listen) {
        log.warn('Agent changes made by other server processes show after a few seconds: the job database cannot LISTEN');
        return;
      }
      try {
        listener = await database.listen(
          AGENTS_CHANGED_CHANNEL,
          (payload) => forget(payload || null),
          // notifications may have been missed while reconnecting
          () => forget(null),
        );
        // what was read before listening may already be stale
        forget(null);
      } catch (error) {
        log.error(error, 'Cannot LISTEN for agent changes; saves by other processes show after a few seconds');
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
    localCaches.delete(forget);
    await unlisten();
  }

  return { get, listenWith, close };
}
