// Missions on the server: scheduling (pg-boss schedules reconciled with the missions table), running
// (workers on mission-run and mission-run-now), delivery, and the endpoints. See run.ts and
// reconcile.ts for how the pieces fit.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import type { LeaseHolder } from '../run-leases/leases.js';
import type { Runtime } from '../runtime/run-agent.js';
import { ensureQueue, keepSchedules, type JobWithMetadata, type PgBoss, type Queue, type Scheduler } from '../scheduler/index.js';
import { createDeliverer } from './deliver.js';
import { createReconciler, type Reconciler, type ReconcilerOptions } from './reconcile.js';
import { createMissionRunner, MISSION_QUEUES, type ManualRunJob, type MissionRunner, type ScheduledRunJob } from './run.js';

export { missionRoutes, type MissionRoutesOptions } from './routes.js';
export { MISSION_QUEUES } from './run.js';

type RunQueueOptions = Pick<Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds' | 'heartbeatSeconds'>;

export interface MissionsOptions extends ReconcilerOptions {
  /** Retries and time limits of mission-run and mission-run-now jobs (tests shorten them). */
  runQueue?: Partial<RunQueueOptions>;
  /** Mission runs one worker process carries at a time, per queue (default 2). */
  concurrency?: number;
  /** Register the workers (default true; false: this process only schedules and queues). */
  work?: boolean;
}

/**
 * A run job may take as long as its agent (step timeouts up to 600 s, retries): expireInSeconds is a hard
 * cap, the heartbeat is how a dead worker is noticed (within ~heartbeat + supervise interval) and its
 * job retried; retries back off from 30 s.
 */
export const DEFAULT_RUN_QUEUE: RunQueueOptions = { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600, heartbeatSeconds: 60 };

export interface Missions {
  runner: MissionRunner;
  reconciler: Reconciler;
  /** Reconcile a library's schedules now (e.g. after writing missions without the gateway). */
  onMissionsChanged(libraryId?: string | null): Promise<void>;
}

export interface MissionsDeps {
  db: Kysely<DB>;
  scheduler: Scheduler;
  runtime: Runtime;
  config: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'allowPrivateWebhooks' | 'webhookSigningSecret'>;
  log: { info(message: string): void; warn(message: string): void; error(error: unknown, message: string): void };
  options?: MissionsOptions;
  leases?: LeaseHolder;
}

export function createMissions(deps: MissionsDeps): Missions {
  const { db, scheduler, runtime, config, log, options = {} } = deps;
  const deliverer = createDeliverer(config);
  const runner = createMissionRunner({ db, runtime, deliverer, log, leases: deps.leases });
  const reconciler = createReconciler({ db, scheduler, log, options });
  const runQueue: RunQueueOptions = { ...DEFAULT_RUN_QUEUE, ...options.runQueue };

  scheduler.onStart(async (boss: PgBoss) => {
    await ensureQueue(boss, MISSION_QUEUES.run, runQueue);
    await ensureQueue(boss, MISSION_QUEUES.runNow, runQueue);
    await ensureQueue(boss, MISSION_QUEUES.reconcile, { retryLimit: 0, expireInSeconds: 300 });

    // a web-only server sends runs but neither works them nor keeps the schedules (the workers do)
    if (!scheduler.runsJobs) return;
    if (options.work !== false) {
      const workOptions = { includeMetadata: true, pollingIntervalSeconds: scheduler.pollingIntervalSeconds, localConcurrency: options.concurrency ?? 2 } as const;
      await boss.work(MISSION_QUEUES.run, workOptions, async (jobs: JobWithMetadata<ScheduledRunJob>[]) => {
        for (const job of jobs) await runner.handleScheduled(job);
      });
      await boss.work(MISSION_QUEUES.runNow, workOptions, async (jobs: JobWithMetadata<ManualRunJob>[]) => {
        for (const job of jobs) await runner.handleManual(job);
      });
    }
    const { pollingIntervalSeconds } = scheduler;
    await keepSchedules(boss, { queue: MISSION_QUEUES.reconcile, reconciler, pollingIntervalSeconds, work: options.work !== false, log, what: 'mission schedules' });
  });
  // (the deliverer keeps no connection open between messages: nothing to close after the jobs drain)
  scheduler.onStop(() => reconciler.unlisten());

  return { runner, reconciler, onMissionsChanged: (libraryId) => reconciler.onMissionsChanged(libraryId) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.missions.onMissionsChanged(libraryId)`: reconcile a library's mission schedules now. */
    missions: Missions;
  }
}
