// Keeps pg-boss in step with the missions table, which the browser writes through the data gateway (or
// straight to a hosted Supabase project, where this server never sees the request):
// - each ACTIVE mission with a valid `scheduled` schedule has exactly one pg-boss schedule on queue
//   `mission-run`, key = the mission id, its cron and time zone; paused, draft, on-demand, invalid and
//   deleted missions have none;
// - missions.next_run is the next occurrence (null when the mission does not run on schedule);
// - an occurrence that came due but got no run (pg-boss's cron pass does not see times inside a DST
//   spring-forward gap; the server was down; the schedule was created late) is caught up once, by a
//   job with singletonKey `mission:<id>:<scheduled minute>` — runs are unique per occurrence anyway.
// When: at start, every minute (a pg-boss cron job, one process per minute), and right after a change —
// a trigger (migration 006) NOTIFYs accent_missions_changed with the library id on inserts, deletes and
// changes of schedule or status, and every process LISTENs (through pg-boss's own listener connection,
// which reconnects); `onMissionsChanged(libraryId)` does the same for code that writes missions itself.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { createChangeListener, listSchedules, oneAtATime, scheduleKeyFor as keyFor, syncSchedules, type DesiredSchedule, type PgBoss, type Scheduler } from '../scheduler/index.js';
import { MISSION_QUEUES, occurrenceKey, type ScheduledRunJob } from './run.js';
import { isOccurrence, nextRun, resolveSchedule } from './schedule.js';
import { withMissionTables } from './tables.js';

export const MISSIONS_CHANGED_CHANNEL = 'accent_missions_changed';

/** pg-boss schedule keys allow [A-Za-z0-9_.-/]: mission ids usually are uuids; others get a stable hash. */
export const scheduleKeyFor = (missionId: string): string => keyFor(missionId, 'mission');

export interface ReconcileResult {
  scheduled: string[];
  unscheduled: string[];
  /** missions whose next_run changed */
  nextRunUpdated: string[];
  /** catch-up jobs sent (mission ids) */
  caughtUp: string[];
}

export interface ReconcilerOptions {
  /** How long after an occurrence its run may still come from the pg-boss schedule before the sweep sends it (default 90 s). */
  catchUpAfterSeconds?: number;
  /** Coalesces change notifications of one library (default 100 ms). */
  debounceMs?: number;
}

export interface ReconcilerLog {
  warn(message: string): void;
  error(error: unknown, message: string): void;
}

export function createReconciler(deps: { db: Kysely<DB>; scheduler: Scheduler; log: ReconcilerLog; options?: ReconcilerOptions }) {
  const db = withMissionTables(deps.db);
  const { scheduler, log } = deps;
  const catchUpAfterMs = (deps.options?.catchUpAfterSeconds ?? 90) * 1000;
  const debounceMs = deps.options?.debounceMs ?? 100;
  const warnedInvalid = new Set<string>();

  async function reconcileNow(libraryId?: string): Promise<ReconcileResult> {
    const boss = scheduler.boss();
    const result: ReconcileResult = { scheduled: [], unscheduled: [], nextRunUpdated: [], caughtUp: [] };
    let query = db.selectFrom('missions').select(['id', 'library_id', 'status', 'schedule', 'next_run']);
    if (libraryId) query = query.where('library_id', '=', libraryId);
    const missions = await query.execute();
    const schedules = (await listSchedules(boss, MISSION_QUEUES.run)).filter((s) => !libraryId || (s.data as Partial<ScheduledRunJob> | undefined)?.libraryId === libraryId);

    const desired = new Map<string, DesiredSchedule>();
    for (const m of missions) {
      const resolved = resolveSchedule(m.schedule);
      if (resolved.kind === 'invalid') {
        const warning = `${m.id}:${resolved.reason}`;
        if (!warnedInvalid.has(warning)) log.warn(`Mission ${m.id} has an invalid schedule and will not run on schedule (${resolved.reason})`);
        warnedInvalid.add(warning);
      }
      if (m.status === 'active' && resolved.kind === 'scheduled') {
        const data: ScheduledRunJob = { missionId: m.id, libraryId: m.library_id };
        desired.set(scheduleKeyFor(m.id), { cron: resolved.cron, timezone: resolved.timezone, data });
      }
    }
    const synced = await syncSchedules(boss, MISSION_QUEUES.run, schedules, desired);
    for (const { key, reason } of synced.failed) {
      log.warn(`Mission ${(desired.get(key)!.data as ScheduledRunJob).missionId} will not run on schedule (${reason})`);
      desired.delete(key);
    }
    result.unscheduled.push(...synced.unscheduled);
    result.scheduled.push(...synced.scheduled.map((key) => (desired.get(key)!.data as ScheduledRunJob).missionId));

    // next_run, and the catch-up of occurrences that got no run
    const now = new Date();
    for (const m of missions) {
      const runs = desired.has(scheduleKeyFor(m.id));
      const next = runs ? nextRun(m.schedule, now) : null;
      const stored = m.next_run;
      if (runs && stored && stored.getTime() <= now.getTime()) {
        // A due occurrence: its run (from the pg-boss schedule) moves next_run on when it finishes.
        const run = await db
          .selectFrom('mission_runs')
          .select('status')
          .where('mission_id', '=', m.id)
          .where('trigger', '=', 'schedule')
          .where('scheduled_for', '=', stored)
          .executeTakeFirst();
        if (run && (run.status === 'queued' || run.status === 'running')) continue;
        if (!run && isOccurrence(m.schedule, stored)) {
          if (now.getTime() - stored.getTime() < catchUpAfterMs) continue; // the pg-boss schedule may still send it
          const jobData: ScheduledRunJob = { missionId: m.id, libraryId: m.library_id, scheduledFor: stored.toISOString() };
          const sent = await boss.send(MISSION_QUEUES.run, jobData, { singletonKey: occurrenceKey(m.id, stored), singletonSeconds: 3600 });
          if (sent) result.caughtUp.push(m.id);
          continue; // the run moves next_run on
        }
      }
      if ((stored?.getTime() ?? null) === (next?.getTime() ?? null)) continue;
      await db.updateTable('missions').set({ next_run: next }).where('id', '=', m.id).execute();
      result.nextRunUpdated.push(m.id);
    }
    return result;
  }

  const reconcile: (libraryId?: string) => Promise<ReconcileResult> = oneAtATime(reconcileNow);

  const changes = createChangeListener({
    channel: MISSIONS_CHANGED_CHANNEL,
    scheduler,
    log: { info: () => undefined, ...log },
    what: 'mission',
    debounceMs,
    onChange: (libraryId) => reconcile(libraryId ?? undefined),
  });
  /** Reconciles a library soon (coalescing bursts); resolves when done. No-op while the scheduler is not running. */
  const onMissionsChanged = (libraryId?: string | null) => changes.changed(libraryId);
  const { listen, unlisten } = changes;

  return { reconcile, onMissionsChanged, listen, unlisten };
}

export type Reconciler = ReturnType<typeof createReconciler>;
