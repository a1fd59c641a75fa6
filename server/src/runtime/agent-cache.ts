// Saved agents' configurations as the runtime reads them, kept in memory per library and name so an
// invoke does not read and re-validate the agent before every model call. Every write of an agent calls
// agentChanged() inside its transaction (see db/read-cache.ts for how other processes hear of it).
// Only the agent is cached: who the caller is and what they may do is read on every request.
import { agentSettingsSchema, type AgentConfig, type AgentSettings } from '@accent/agents-common';
import type { Kysely } from 'kysely';
import { getAgentForRun } from '../agents/service.js';
import { announceChange, createReadCache, type ReadCacheOptions } from '../db/read-cache.js';
import type { DB } from '../db/schema.js';
import type { Scheduler, SchedulerLog } from '../scheduler/scheduler.js';

export const AGENTS_CHANGED_CHANNEL = 'accent_agents_changed';

/** Agent names cannot contain slashes, so `<library id>/<name>` is unambiguous. */
const cacheKey = (libraryId: string, name: string) => `${libraryId}/${name}`;

/**
 * Called by every write of an agent (save, restore, delete), with the writing transaction: this process
 * forgets the agent now, the others when the NOTIFY arrives after the commit.
 */
export async function agentChanged(db: Kysely<DB>, libraryId: string, name: string): Promise<void> {
  await announceChange(db, AGENTS_CHANGED_CHANNEL, cacheKey(libraryId, name));
}

export interface RunnableAgent {
  id: string;
  version: number;
  config: AgentConfig;
  settings: AgentSettings;
}

export type AgentCacheOptions = ReadCacheOptions;

export interface AgentCache {
  get(libraryId: string, name: string): Promise<RunnableAgent | undefined>;
  /** LISTEN for other processes' writes while the scheduler runs */
  listenWith(scheduler: Scheduler, log: SchedulerLog): void;
  close(): Promise<void>;
}

export function createAgentCache(db: Kysely<DB>, options: AgentCacheOptions = {}): AgentCache {
  // a name not found is read again next time: that is the 404 path, not the hot one
  const cache = createReadCache<RunnableAgent | undefined>({ ...options, channel: AGENTS_CHANGED_CHANNEL, what: 'agent', keep: (agent) => agent !== undefined });
  return {
    get: (libraryId, name) =>
      cache.get(cacheKey(libraryId, name), async () => {
        const row = await getAgentForRun(db, libraryId, name);
        return row && { ...row, settings: agentSettingsSchema.parse(row.config.settings ?? {}) };
      }),
    listenWith: cache.listenWith,
    close: cache.close,
  };
}
