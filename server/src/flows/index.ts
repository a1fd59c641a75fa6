// Flows on the server: the engine (engine.ts, nodes/), stored flows and runs (migration 007), Test Flow,
// deployments (webhook, schedule, form) and the `flow-run` worker. See runner.ts and deploy.ts.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import type { LeaseHolder } from '../run-leases/leases.js';
import { ensureQueue, type JobWithMetadata, type PgBoss, type Scheduler } from '../scheduler/index.js';
import { reconcileFlowSchedules } from './deploy.js';
import { createFlowRunner, FLOW_QUEUE, type FlowRunJob, type FlowRunner, type FlowsOptions } from './runner.js';

export { flowRoutes, type FlowRoutesOptions } from './routes.js';
export { FLOW_QUEUE, type FlowsOptions } from './runner.js';

export interface Flows {
  runner: FlowRunner;
  /** Makes the flow-run schedules match flow_deployments (also done at scheduler start). */
  reconcile(): Promise<{ scheduled: string[]; unscheduled: string[] }>;
}

export interface FlowsDeps {
  db: Kysely<DB>;
  scheduler: Scheduler;
  config: Pick<Config, 'providerEnv' | 'flowAllowHosts' | 'smtpUrl' | 'smtpFrom'>;
  credentials?: CredentialStore;
  log: { info(message: string): void; warn(message: string): void; error(error: unknown, message: string): void };
  options?: FlowsOptions;
  leases?: LeaseHolder;
  /** MCP tool nodes: the key that opens the MCP servers' secrets */
  mcp?: { masterKey: Buffer };
}

export function createFlows(deps: FlowsDeps): Flows {
  const { db, scheduler, log, options = {} } = deps;
  const runner = createFlowRunner(deps);

  scheduler.onStart(async (boss: PgBoss) => {
    // no retries (actions have side effects); the job expires a minute after the run's own time limit
    await ensureQueue(boss, FLOW_QUEUE, { retryLimit: 0, expireInSeconds: Math.ceil(runner.runTimeoutMs / 1000) + 60 });
    // a web-only server sends runs but neither works them nor reconciles the schedules (the workers do)
    if (!scheduler.runsJobs) return;
    if (options.work !== false) {
      await boss.work(
        FLOW_QUEUE,
        { includeMetadata: true, pollingIntervalSeconds: scheduler.pollingIntervalSeconds, localConcurrency: options.concurrency ?? 2 },
        async (jobs: JobWithMetadata<FlowRunJob>[]) => {
          for (const job of jobs) await runner.handleJob(job);
        },
      );
    }
    const reconciled = await reconcileFlowSchedules(db, boss).catch((error: unknown) => {
      log.error(error, 'Reconciling flow schedules at start failed');
      return undefined;
    });
    for (const { flowId, reason } of reconciled?.failed ?? []) log.warn(`Flow ${flowId} will not run on schedule (${reason})`);
  });
  scheduler.onStop(() => runner.drain());

  return { runner, reconcile: () => reconcileFlowSchedules(db, scheduler.boss()) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.flows.runner` (runs), `app.flows.reconcile()` (schedules). */
    flows: Flows;
  }
}
