// Keeps pg-boss in step with background_agents, which the browser writes through the data gateway (or
// straight to a hosted Supabase project): each ACTIVE agent whose schedule is an interval or a valid cron
// expression has exactly one pg-boss schedule on queue `background-run` (key = the agent id; its cron
// and time zone; its retries: maxRetries attempts retryDelay minutes apart); drafts, paused, event and
// deleted agents have none; background_agents.next_run_at says when it fires next. When: at start,
// every minute, and at once after a change (migration 009's trigger NOTIFYs accent_background_agents_changed).
import type { BackgroundAgentConfig } from '@accent/background-common';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { createChangeListener, listSchedules, oneAtATime, scheduleKeyFor, syncSchedules, type DesiredSchedule, type Scheduler, type SchedulerLog } from '../scheduler/index.js';
import { BACKGROUND_QUEUES, type BackgroundRunJob } from './run.js';
import { nextOccurrence, resolveBackgroundSchedule } from './schedule.js';
import { storedBackgroundConfig } from './stored-config.js';
import { withBackgroundTables } from './tables.js';

export const BACKGROUND_CHANGED_CHANNEL = 'accent_background_agents_changed';

/** The retry options of an agent's jobs. `minuteSeconds`: how long a retryDelay minute is (tests shorten it). */
export function retryOptions(config: { maxRetries: number; retryDelay: number }, minuteSeconds: number) {
  return { retryLimit: config.maxRetries, retryDelay: config.retryDelay * minuteSeconds, retryBackoff: false } as const;
}

export function createBackgroundReconciler(deps: { db: Kysely<DB>; scheduler: Scheduler; log: SchedulerLog; retryMinuteSeconds: number; debounceMs?: number }) {
  const db = withBackgroundTables(deps.db);
  const { scheduler, log } = deps;
  const warned = new Set<string>();

  async function reconcileNow(libraryId?: string) {
    const boss = scheduler.boss();
    let query = db.selectFrom('background_agents').select(['id', 'library_id', 'name', 'icon', 'description', 'category', 'status', 'config', 'next_run_at']);
    if (libraryId) query = query.where('library_id', '=', libraryId);
    const agents = await query.execute();
    const existing = (await listSchedules(boss, BACKGROUND_QUEUES.run)).filter((s) => !libraryId || (s.data as Partial<BackgroundRunJob> | undefined)?.libraryId === libraryId);

    const desired = new Map<string, DesiredSchedule>();
    const now = new Date();
    const nextRuns: { id: string; next: Date | null; stored: Date | null }[] = [];
    for (const agent of agents) {
      let config: BackgroundAgentConfig;
      try {
        config = storedBackgroundConfig({ ...agent, config: agent.config });
      } catch (error) {
        // one malformed row is skipped and reported; every other agent keeps its schedule
        if (!(error instanceof HttpError)) throw error;
        if (!warned.has(`${agent.id}:${error.detail}`)) {
          warned.add(`${agent.id}:${error.detail}`);
          log.warn(`Background agent ${agent.id} will not run on schedule: ${error.detail}`);
        }
        nextRuns.push({ id: agent.id, next: null, stored: agent.next_run_at });
        continue;
      }
      const schedule = resolveBackgroundSchedule(config);
      if (schedule.kind === 'invalid' && !warned.has(`${agent.id}:${schedule.reason}`)) {
        warned.add(`${agent.id}:${schedule.reason}`);
        log.warn(`Background agent ${agent.id} will not run on schedule: ${schedule.reason}`);
      }
      const runs = agent.status === 'active' && schedule.kind === 'scheduled';
      if (runs) {
        const data: BackgroundRunJob = { agentId: agent.id, libraryId: agent.library_id, trigger: 'schedule' };
        desired.set(scheduleKeyFor(agent.id, 'background'), { cron: schedule.cron, timezone: schedule.timezone, data, options: retryOptions(config, deps.retryMinuteSeconds) });
      }
      nextRuns.push({ id: agent.id, next: runs ? nextOccurrence(schedule, now) : null, stored: agent.next_run_at });
    }
    const result = await syncSchedules(boss, BACKGROUND_QUEUES.run, existing, desired);
    for (const { key, reason } of result.failed) {
      const { agentId } = desired.get(key)!.data as BackgroundRunJob;
      log.warn(`Background agent ${agentId} will not run on schedule: ${reason}`);
      const entry = nextRuns.find((n) => n.id === agentId);
      if (entry) entry.next = null;
    }
    for (const { id, next, stored } of nextRuns) {
      if ((next?.getTime() ?? null) === (stored?.getTime() ?? null)) continue;
      await db.updateTable('background_agents').set({ next_run_at: next }).where('id', '=', id).execute();
    }
    return result;
  }

  const reconcile = oneAtATime(reconcileNow);

  const changes = createChangeListener({
    channel: BACKGROUND_CHANGED_CHANNEL,
    scheduler,
    log,
    what: 'background agent',
    debounceMs: deps.debounceMs,
    onChange: (libraryId) => reconcile(libraryId ?? undefined),
  });
  return { reconcile, changed: changes.changed, listen: changes.listen, unlisten: changes.unlisten };
}

export type BackgroundReconciler = ReturnType<typeof createBackgroundReconciler>;
