// Running a mission: a pg-boss job → a mission_runs row → the agent (runtime.runAgent as the mission's
// owner, the prompt as query, the parameters as params, source 'mission') → the run's outcome and the
// mission's counters in one transaction → deliveries.
//
// Queues:
// - `mission-run`: what the mission's pg-boss schedule sends (data {missionId, libraryId}) and the
//   scheduler's catch-up sweep sends (with an explicit scheduledFor, singletonKey
//   `mission:<id>:<scheduled minute>`). The run row's id IS the job id, so a retried job (worker died,
//   job expired) reuses its row; and (mission_id, scheduled_for) is unique for scheduled runs, so a
//   second job for the same occurrence — another process, a DST repeat, the sweep — is skipped.
// - `mission-run-now`: POST /missions/:id/run inserts the row (queued) and sends a job whose id is the
//   row's id.
// A failed agent run is a finished, failed mission run (counted in success_rate), not a failed job; the
// job fails (and pg-boss retries it) only when the run could not be carried out (database errors, the
// worker stopping), except on its last attempt, which records the failure.
import { roundTo2, type MissionRunDelivery } from '@accent/missions-common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { toIso, toJson } from '../db/values.js';
import { findRunner } from '../runtime/access.js';
import { leaseColumns, noLeases, RUN_INTERRUPTED, type LeaseHolder } from '../run-leases/leases.js';
import { RunError } from '../runtime/errors.js';
import type { Runtime } from '../runtime/run-agent.js';
import type { JobWithMetadata, PgBoss } from '../scheduler/index.js';
import type { Deliverer, DeliveryMission, DeliveryRun } from './deliver.js';
import { isOccurrence, nextRun, occurrenceAtOrBefore, resolveSchedule } from './schedule.js';
import { withMissionTables, type MissionsDB } from './tables.js';
import { runStarted } from '../observability/metrics.js';

export const MISSION_QUEUES = {
  run: 'mission-run',
  runNow: 'mission-run-now',
  reconcile: 'mission-reconcile',
} as const;

export const RUN_MESSAGES_MISSION = {
  ownerInactive: "The mission's owner is no longer an active user of this library.",
} as const;

export interface ScheduledRunJob {
  missionId: string;
  libraryId: string;
  /** set by the catch-up sweep; absent on jobs from the mission's pg-boss schedule */
  scheduledFor?: string;
}

export interface ManualRunJob {
  missionId: string;
  runId: string;
}

export type RunJobOutcome =
  | { outcome: 'ran'; runId: string; status: 'succeeded' | 'failed' }
  | { outcome: 'delivered'; runId: string }
  | { outcome: 'skipped'; reason: string };

/** The singleton key of a scheduled occurrence: `mission:<id>:<YYYY-MM-DDTHH:MM>` (UTC). */
export const occurrenceKey = (missionId: string, scheduledFor: Date) => `mission:${missionId}:${scheduledFor.toISOString().slice(0, 16)}`;

export interface MissionRunnerDeps {
  db: Kysely<DB>;
  runtime: Runtime;
  deliverer: Deliverer;
  log: { error(error: unknown, message: string): void };
  /** the run holds a lease while it works (a run whose process died is failed by the sweep) */
  leases?: LeaseHolder;
}

const FINISHED = ['succeeded', 'failed'] as const;

/** jsonb parameters: values as strings (the editor writes strings; anything else is stringified). */
function paramsOf(parameters: unknown): Record<string, string> {
  if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) return {};
  return Object.fromEntries(
    Object.entries(parameters as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

const isLastAttempt = (job: Pick<JobWithMetadata, 'retryCount' | 'retryLimit'>) => job.retryCount >= job.retryLimit;

export function createMissionRunner(deps: MissionRunnerDeps) {
  const db = withMissionTables(deps.db);
  const { runtime, deliverer, log } = deps;

  const loadMission = (id: string) => db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
  const loadRun = (id: string) => db.selectFrom('mission_runs').selectAll().where('id', '=', id).executeTakeFirst();

  /** A job from the mission's schedule or the sweep: claims the occurrence (or reuses its row on a retry) and runs it. */
  async function handleScheduled(job: JobWithMetadata<ScheduledRunJob>): Promise<RunJobOutcome> {
    const existing = await loadRun(job.id);
    if (existing) return execute(existing.id, job);

    const mission = await loadMission(job.data.missionId);
    if (!mission) return { outcome: 'skipped', reason: 'the mission was deleted' };
    if (mission.status !== 'active') return { outcome: 'skipped', reason: `the mission is ${mission.status}` };
    if (resolveSchedule(mission.schedule).kind !== 'scheduled') return { outcome: 'skipped', reason: 'the mission is not scheduled' };
    const scheduledFor = job.data.scheduledFor ? new Date(job.data.scheduledFor) : occurrenceAtOrBefore(mission.schedule, job.createdOn);
    if (!scheduledFor || Number.isNaN(scheduledFor.getTime()) || !isOccurrence(mission.schedule, scheduledFor)) {
      return { outcome: 'skipped', reason: 'not an occurrence of the mission schedule' };
    }
    await db
      .insertInto('mission_runs')
      .values({
        id: job.id,
        mission_id: mission.id,
        library_id: mission.library_id,
        user_id: mission.user_id,
        trigger: 'schedule',
        status: 'queued',
        scheduled_for: scheduledFor,
        deliveries: '[]',
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const claimed = await loadRun(job.id);
    if (!claimed) return { outcome: 'skipped', reason: `the occurrence ${scheduledFor.toISOString()} already has a run` };
    return execute(claimed.id, job);
  }

  /** A job of POST /missions/:id/run: its row exists (queued). */
  async function handleManual(job: JobWithMetadata<ManualRunJob>): Promise<RunJobOutcome> {
    const run = await loadRun(job.data.runId);
    if (!run) return { outcome: 'skipped', reason: 'the run was deleted with its mission' };
    return execute(run.id, job);
  }

  async function execute(runId: string, job: Pick<JobWithMetadata, 'signal' | 'retryCount' | 'retryLimit'>): Promise<RunJobOutcome> {
    let run = await loadRun(runId);
    if (!run) return { outcome: 'skipped', reason: 'the run was deleted with its mission' };
    let ranStatus: 'succeeded' | 'failed' | null = null;

    // a run the sweep failed because its process died: the job's retry carries it on
    const interrupted = run.status === 'failed' && run.error === RUN_INTERRUPTED;
    if (run.status === 'queued' || run.status === 'running' || interrupted) {
      const lease = (deps.leases ?? noLeases).hold('mission_runs', runId);
      let outcome: Awaited<ReturnType<typeof carryOut>>;
      try {
        outcome = await carryOut(runId, run.mission_id, job);
      } finally {
        lease.release();
      }
      if (outcome === 'skipped') return { outcome: 'skipped', reason: 'the mission was deleted' };
      ranStatus = outcome;
      run = await loadRun(runId);
      if (!run) return { outcome: 'skipped', reason: 'the run was deleted with its mission' };
    }

    await deliver(run.id);
    return ranStatus ? { outcome: 'ran', runId, status: ranStatus } : { outcome: 'delivered', runId };
  }

  /** Runs the agent for a started (or interrupted) run and records the outcome; null when it was finished meanwhile. */
  async function carryOut(runId: string, missionId: string, job: Pick<JobWithMetadata, 'signal' | 'retryCount' | 'retryLimit'>): Promise<'succeeded' | 'failed' | 'skipped' | null> {
    await db
      .updateTable('mission_runs')
      // with this process's lease in the same statement: no running row without one
      .set((eb) => ({ status: 'running', error: null, finished_at: null, started_at: sql<Date>`coalesce(started_at, now())`, attempt: eb('attempt', '+', 1), ...leaseColumns(deps.leases ?? noLeases) }))
      .where('id', '=', runId)
      .where((eb) => eb.or([eb('status', 'in', ['queued', 'running']), eb.and([eb('status', '=', 'failed'), eb('error', '=', RUN_INTERRUPTED)])]))
      .execute();
    const mission = await loadMission(missionId);
    if (!mission) return 'skipped';
    const ended = runStarted('mission');

    let result: { status: 'succeeded' | 'failed'; output: string | null; error: string | null; agentRunId: string | null };
    const owner = await findRunner(deps.db, mission.user_id);
    if (!owner || owner.libraryId !== mission.library_id) {
      result = { status: 'failed', output: null, error: RUN_MESSAGES_MISSION.ownerInactive, agentRunId: null };
    } else {
      try {
        const answer = await runtime.runAgent({
          libraryId: mission.library_id,
          user: owner,
          agentName: mission.agent_id,
          query: mission.prompt,
          params: paramsOf(mission.parameters),
          threadId: '',
          useHistory: false,
          saveHistory: false,
          maxHistoryItems: 0,
          source: 'mission',
          signal: job.signal,
        });
        if (answer.status === 'succeeded') {
          result = { status: 'succeeded', output: answer.output, error: null, agentRunId: answer.runId };
        } else {
          // the agent's fallback answered (source 'mission'); the run keeps the real error
          const agentRun = await deps.db.selectFrom('agent_runs').select('error').where('id', '=', answer.runId).executeTakeFirst();
          result = { status: 'failed', output: null, error: agentRun?.error ?? 'The agent run failed', agentRunId: answer.runId };
        }
      } catch (error) {
        // The job expired or the worker is stopping: fail the job so pg-boss retries it (this row is reused).
        if (job.signal.aborted && !isLastAttempt(job)) throw error;
        if (error instanceof RunError) result = { status: 'failed', output: null, error: error.detail, agentRunId: null };
        else if (isLastAttempt(job)) result = { status: 'failed', output: null, error: (error as Error).message, agentRunId: null };
        else throw error;
      }
    }
    const finished = await finish(runId, result);
    ended({ failed: result.status !== 'succeeded' });
    return finished ? result.status : null;
  }

  /**
   * The run's outcome and the mission's last_run, next_run (scheduled runs), execution_count + 1 and
   * success_rate (succeeded / finished runs × 100, 2 decimals), in one transaction with the mission row
   * locked, so concurrent runs of one mission count each other. False when the run was already finished.
   */
  async function finish(runId: string, result: { status: 'succeeded' | 'failed'; output: string | null; error: string | null; agentRunId: string | null }): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const run = await trx.selectFrom('mission_runs').select(['mission_id', 'trigger', 'status']).where('id', '=', runId).executeTakeFirst();
      if (!run) return false;
      const mission = await trx.selectFrom('missions').select(['id', 'status', 'schedule']).where('id', '=', run.mission_id).forUpdate().executeTakeFirst();
      const updated = await trx
        .updateTable('mission_runs')
        .set({ status: result.status, output: result.output, error: result.error, agent_run_id: result.agentRunId, finished_at: sql<Date>`now()` })
        .where('id', '=', runId)
        .where('status', 'in', ['queued', 'running'])
        .returning(['started_at'])
        .executeTakeFirst();
      if (!updated || !mission) return Boolean(updated);
      const counts = await trx
        .selectFrom('mission_runs')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('finished'),
          eb.fn.count<string | number>(sql`case when status = 'succeeded' then 1 end`).as('succeeded'),
        ])
        .where('mission_id', '=', mission.id)
        .where('status', 'in', FINISHED)
        .executeTakeFirstOrThrow();
      const finished = Number(counts.finished);
      const successRate = finished > 0 ? roundTo2((Number(counts.succeeded) / finished) * 100) : 0;
      const scheduled = mission.status === 'active' && resolveSchedule(mission.schedule).kind === 'scheduled';
      await trx
        .updateTable('missions')
        .set((eb) => ({
          last_run: updated.started_at ?? sql<Date>`now()`,
          execution_count: eb('execution_count', '+', 1),
          success_rate: successRate,
          // a manual run leaves next_run alone (a scheduled occurrence may still be due); a scheduled one moves it on
          ...(run.trigger === 'schedule' ? { next_run: scheduled ? nextRun(mission.schedule, new Date()) : null } : {}),
        }))
        .where('id', '=', mission.id)
        .execute();
      return true;
    });
  }

  /** Every channel the mission asks for that this run has no outcome for yet (a retry does not resend). */
  async function deliver(runId: string): Promise<void> {
    const row = await db
      .selectFrom('mission_runs as r')
      .innerJoin('missions as m', 'm.id', 'r.mission_id')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'r.id',
        'r.status',
        'r.trigger',
        'r.output',
        'r.error',
        'r.agent_run_id',
        'r.scheduled_for',
        'r.started_at',
        'r.finished_at',
        'r.deliveries',
        'm.id as mission_id',
        'm.name',
        'm.agent_id',
        'm.agent_name',
        'm.library_id',
        'm.delivery',
        'u.email as owner_email',
      ])
      .where('r.id', '=', runId)
      .executeTakeFirst();
    if (!row || (row.status !== 'succeeded' && row.status !== 'failed')) return;
    const mission: DeliveryMission = { id: row.mission_id, name: row.name, agent_id: row.agent_id, agent_name: row.agent_name, library_id: row.library_id, delivery: row.delivery };
    const iso = (d: Date | null) => (d ? toIso(d) : null);
    const run: DeliveryRun = {
      id: row.id,
      status: row.status,
      trigger: row.trigger,
      output: row.output,
      error: row.error,
      agent_run_id: row.agent_run_id,
      scheduled_for: iso(row.scheduled_for),
      started_at: iso(row.started_at),
      finished_at: iso(row.finished_at),
    };
    const done: MissionRunDelivery[] = Array.isArray(row.deliveries) ? row.deliveries : [];
    const pending = deliverer.channelsOf(mission).filter((channel) => !done.some((d) => d.channel === channel));
    if (pending.length === 0) return;
    const outcomes: MissionRunDelivery[] = [];
    for (const channel of pending) {
      try {
        outcomes.push(await deliverer.deliver(channel, mission, run, row.owner_email));
      } catch (error) {
        log.error(error, `Mission delivery (${channel}) failed`);
        outcomes.push({ channel, status: 'failed', detail: (error as Error).message });
      }
    }
    await db
      .updateTable('mission_runs')
      .set({ deliveries: sql<string>`deliveries || ${toJson(outcomes)}::jsonb` })
      .where('id', '=', runId)
      .execute();
  }

  /** POST /missions/:id/run: the queued row, then its job (id = the row's id). */
  async function queueManualRun(boss: PgBoss, mission: { id: string; library_id: string; user_id: string }, requestedBy: string): Promise<string> {
    const row = await db
      .insertInto('mission_runs')
      .values({ mission_id: mission.id, library_id: mission.library_id, user_id: mission.user_id, trigger: 'manual', status: 'queued', requested_by: requestedBy, deliveries: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const data: ManualRunJob = { missionId: mission.id, runId: row.id };
      await boss.send(MISSION_QUEUES.runNow, data, { id: row.id });
    } catch (error) {
      // never queued, never run: not a run that failed (it would count against the success rate)
      await db.deleteFrom('mission_runs').where('id', '=', row.id).execute();
      throw error;
    }
    return row.id;
  }

  return { handleScheduled, handleManual, execute, finish, deliver, queueManualRun };
}

export type MissionRunner = ReturnType<typeof createMissionRunner>;
export type { MissionsDB };
