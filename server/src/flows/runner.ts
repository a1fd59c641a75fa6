// Running stored flows and recording their runs (table flow_runs, migration 007).
//
// - Test Flow (POST /flows/:id/test) runs inline: `runNow` checks the graph first (FlowValidationError →
//   400, nothing recorded), then records a `test` run and answers the engine's FlowRun.
// - Webhook and form runs are queued: `enqueue` inserts a `queued` flow_runs row and sends a `flow-run`
//   job whose id is the row's id; without a running job scheduler (tests, a process started without
//   jobs) the run is carried out in this process instead, in the background.
// - Schedule runs come from the deployment's pg-boss schedule on `flow-run` (data {flowId}, key from the
//   flow id): the worker inserts the row (its id made from the flow and the occurrence's minute, so a
//   redelivered job or a second copy of the occurrence finds it) and runs it.
// Every finished run updates the flow's execution_count and success_rate (percentage of succeeded runs,
// 2 decimals) in the same transaction as the run row. Runs are never retried: actions have side effects.
import { createHash } from 'node:crypto';
import { storedFlowHosts } from './allowed-hosts.js';
import type { FlowRun, FlowRunTrigger } from '@accent/flows-common';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import { toIso, toJson } from '../db/values.js';
import { leaseColumns, noLeases, type LeaseHolder } from '../run-leases/leases.js';
import type { JobWithMetadata, Scheduler } from '../scheduler/index.js';
import { FlowValidationError, prepareFlow, runFlow, type FlowContext, type PreparedFlow } from './engine.js';
import { withFlowTables, type StoredFlowRunStatus } from './tables.js';
import { runStarted } from '../observability/metrics.js';

export const FLOW_QUEUE = 'flow-run';

/** A `flow-run` job: a queued run (runId), or an occurrence of the flow's schedule (flowId only). */
export interface FlowRunJob {
  flowId: string;
  runId?: string;
}

export const FLOW_RUNNER_MESSAGES = {
  flowDeleted: 'The flow was deleted before the run started.',
  notScheduled: 'The flow is no longer deployed on a schedule.',
  timedOut: (seconds: number) => `The run took longer than ${seconds} seconds and was stopped.`,
} as const;

export interface FlowsOptions {
  /** time limit of a queued or scheduled run (default 10 minutes); the job expires a minute later */
  runTimeoutMs?: number;
  /** time limit of Test Flow (default 2 minutes) */
  testTimeoutMs?: number;
  /** flow runs one process carries at a time (default 2) */
  concurrency?: number;
  /** register the worker (default true) */
  work?: boolean;
  /** engine context overrides (tests: model timeouts, name resolution…) */
  context?: Partial<FlowContext>;
}

export const DEFAULT_FLOW_RUN_TIMEOUT_MS = 600_000;
export const DEFAULT_FLOW_TEST_TIMEOUT_MS = 120_000;

export interface StoredFlow {
  id: string;
  library_id: string;
  owner_id: string;
  flow_data: unknown;
}

export interface FlowRunnerDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'providerEnv' | 'flowAllowHosts' | 'smtpUrl' | 'smtpFrom'>;
  credentials?: CredentialStore;
  scheduler: Scheduler;
  log: { error(error: unknown, message: string): void };
  options?: FlowsOptions;
  /** each run holds a lease while it works (a run whose process died is failed by the sweep) */
  leases?: LeaseHolder;
  /** MCP tool nodes: the key that opens the MCP servers' secrets */
  mcp?: { masterKey: Buffer };
}

const FINISHED: StoredFlowRunStatus[] = ['succeeded', 'failed', 'cancelled'];

export function createFlowRunner(deps: FlowRunnerDeps) {
  const db = withFlowTables(deps.db);
  const { config, credentials, scheduler, log, options = {} } = deps;
  const leases = deps.leases ?? noLeases;
  const runTimeoutMs = options.runTimeoutMs ?? DEFAULT_FLOW_RUN_TIMEOUT_MS;
  const testTimeoutMs = options.testTimeoutMs ?? DEFAULT_FLOW_TEST_TIMEOUT_MS;
  /** background runs of this process (no scheduler): awaited on close */
  const inline = new Set<Promise<unknown>>();

  async function contextFor(flow: StoredFlow, requestedBy: string | null): Promise<FlowContext> {
    return {
      libraryId: flow.library_id,
      userId: requestedBy ?? flow.owner_id,
      db: deps.db,
      credentials,
      providerEnv: config.providerEnv,
      // the server's FLOW_ALLOW_HOSTS and the library's own list (Admin → Settings), read for each run
      allowHosts: [...config.flowAllowHosts, ...(await storedFlowHosts(deps.db, flow.library_id))],
      email: { smtpUrl: config.smtpUrl, from: config.smtpFrom },
      ...(deps.mcp ? { mcp: { masterKey: deps.mcp.masterKey } } : {}),
      ...options.context,
    };
  }

  const loadFlow = (id: string) => db.selectFrom('flows').select(['id', 'library_id', 'owner_id', 'flow_data']).where('id', '=', id).executeTakeFirst();

  /** Records a finished run and the flow's counters in one transaction. */
  async function finish(runId: string, flowId: string, run: Pick<FlowRun, 'status' | 'nodes' | 'error' | 'started_at' | 'finished_at' | 'duration_ms'>) {
    const ok = run.status === 'succeeded' ? 100 : 0;
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('flow_runs')
        .set({
          status: run.status,
          nodes: toJson(run.nodes),
          error: run.error,
          started_at: run.started_at,
          finished_at: run.finished_at ?? new Date().toISOString(),
          duration_ms: run.duration_ms === null ? null : Math.round(run.duration_ms),
        })
        .where('id', '=', runId)
        .where('status', 'not in', FINISHED)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return; // already recorded (a redelivered job)
      await trx
        .updateTable('flows')
        .set({
          execution_count: sql<number>`execution_count + 1`,
          success_rate: sql<number>`round((success_rate * execution_count + ${ok}) / (execution_count + 1), 2)`,
        })
        .where('id', '=', flowId)
        .execute();
    });
  }

  /** A run that could not start (the graph is invalid now, the flow was deleted…). */
  function failedRun(message: string, startedAt: Date): Pick<FlowRun, 'status' | 'nodes' | 'error' | 'started_at' | 'finished_at' | 'duration_ms'> {
    const now = new Date();
    return { status: 'failed', nodes: [], error: message, started_at: startedAt.toISOString(), finished_at: now.toISOString(), duration_ms: now.getTime() - startedAt.getTime() };
  }

  async function execute(prepared: PreparedFlow, flow: StoredFlow, runId: string, trigger: FlowRunTrigger, payload: unknown, requestedBy: string | null, signal: AbortSignal): Promise<FlowRun> {
    const lease = leases.hold('flow_runs', runId);
    try {
      // with this process's lease in the same statement: no running row without one
      await db.updateTable('flow_runs').set({ status: 'running', started_at: sql<Date>`coalesce(started_at, now())`, ...leaseColumns(leases) }).where('id', '=', runId).execute();
      const ended = runStarted('flow');
      let run: FlowRun;
      try {
        run = await runFlow(prepared, { payload, trigger, runId, signal, context: await contextFor(flow, requestedBy) });
      } catch (error) {
        // the engine answers failed runs itself; this is a fault outside any node
        log.error(error, `Flow ${flow.id} run ${runId} failed outside its nodes`);
        const failed = failedRun(error instanceof Error ? error.message : String(error), new Date());
        run = { id: runId, flow_id: flow.id, trigger, payload, ...failed };
      }
      await finish(runId, flow.id, run);
      ended({ failed: run.status !== 'succeeded' });
      return { ...run, id: runId };
    } finally {
      lease.release();
    }
  }

  /** Test Flow (and other inline runs): throws FlowValidationError before recording anything. */
  async function runNow(flow: StoredFlow, input: { trigger: FlowRunTrigger; payload: unknown; requestedBy: string | null; flowData?: unknown; startNodeId?: string; signal?: AbortSignal }): Promise<FlowRun> {
    const prepared = prepareFlow({ id: flow.id, flow_data: input.flowData ?? flow.flow_data }, input.startNodeId);
    const row = await db
      .insertInto('flow_runs')
      .values({ flow_id: flow.id, library_id: flow.library_id, owner_id: flow.owner_id, requested_by: input.requestedBy, trigger: input.trigger, status: 'running', payload: toJson(input.payload ?? {}), started_at: new Date(), ...leaseColumns(leases) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const timeout = AbortSignal.timeout(testTimeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    return execute(prepared, flow, row.id, input.trigger, input.payload ?? {}, input.requestedBy, signal);
  }

  /** Runs a queued (or, for schedules, just inserted) run row. Never throws for a failed run. */
  async function executeQueued(runId: string, signal: AbortSignal): Promise<FlowRun | null> {
    const row = await db.selectFrom('flow_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    if (!row || FINISHED.includes(row.status)) return null;
    const flow = await loadFlow(row.flow_id);
    if (!flow) return null; // the run went with its flow (ON DELETE CASCADE)
    let prepared: PreparedFlow;
    try {
      prepared = prepareFlow({ id: flow.id, flow_data: flow.flow_data });
    } catch (error) {
      if (!(error instanceof FlowValidationError)) throw error;
      await finish(runId, flow.id, failedRun(error.message, row.started_at ?? new Date()));
      return null;
    }
    const timeout = AbortSignal.timeout(runTimeoutMs);
    return execute(prepared, flow, runId, row.trigger, row.payload, row.requested_by, AbortSignal.any([signal, timeout]));
  }

  /** Queues a run (webhook, form, manual): answers the run's id at once. */
  async function enqueue(flow: StoredFlow, trigger: FlowRunTrigger, payload: unknown, requestedBy: string | null = null): Promise<string> {
    const row = await db
      .insertInto('flow_runs')
      .values({ flow_id: flow.id, library_id: flow.library_id, owner_id: flow.owner_id, requested_by: requestedBy, trigger, status: 'queued', payload: toJson(payload ?? {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (scheduler.running) {
      try {
        const data: FlowRunJob = { flowId: flow.id, runId: row.id };
        await scheduler.boss().send(FLOW_QUEUE, data, { id: row.id });
        return row.id;
      } catch (error) {
        log.error(error, `Queueing flow run ${row.id} failed: running it in this process`);
      }
    }
    const work = executeQueued(row.id, AbortSignal.timeout(runTimeoutMs))
      .catch((error: unknown) => log.error(error, `Flow run ${row.id} failed`))
      .finally(() => inline.delete(work));
    inline.add(work);
    return row.id;
  }

  /** The `flow-run` worker. */
  async function handleJob(job: JobWithMetadata<FlowRunJob>): Promise<void> {
    if (job.data.runId) {
      await executeQueued(job.data.runId, job.signal);
      return;
    }
    // an occurrence of the deployment's schedule
    const deployment = await db.selectFrom('flow_deployments').select(['flow_id', 'schedule_cron']).where('flow_id', '=', job.data.flowId).executeTakeFirst();
    const flow = deployment?.schedule_cron ? await loadFlow(job.data.flowId) : undefined;
    if (!flow) return; // undeployed or deleted since: the reconciler removes the schedule
    // One run per occurrence even when the job scheduler sends an occurrence twice (two servers whose cron
    // passes race): the run's id is made from the flow and the occurrence's minute, so the second insert
    // finds the first and this job ends without running the flow again.
    const runId = occurrenceRunId(flow.id, job.createdOn);
    const inserted = await db
      .insertInto('flow_runs')
      .values({ id: runId, flow_id: flow.id, library_id: flow.library_id, owner_id: flow.owner_id, trigger: 'schedule', status: 'queued', payload: toJson({ scheduledAt: toIso(job.createdOn) }) })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    // another job's copy of the occurrence does not run it twice; a retry of this job (after a crash) still finishes it
    if (!inserted && job.retryCount === 0) return;
    await executeQueued(runId, job.signal);
  }

  return {
    runNow,
    enqueue,
    executeQueued,
    handleJob,
    runTimeoutMs,
    /** waits for this process's background runs (app close, tests) */
    async drain() {
      await Promise.allSettled([...inline]);
    },
  };
}

export type FlowRunner = ReturnType<typeof createFlowRunner>;

/** A schedule occurrence's run id: a UUID from the flow and the minute the occurrence was sent in (cron counts in minutes). */
export function occurrenceRunId(flowId: string, sentAt: Date): string {
  const minute = sentAt.toISOString().slice(0, 16);
  const h = createHash('sha256').update(`flow-schedule:${flowId}:${minute}`).digest('hex');
  // shaped as a version-5-like UUID: the version and variant bits set, the rest from the hash
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
