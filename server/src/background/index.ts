// Background agents on the server: scheduling (pg-boss schedules reconciled with background_agents),
// running (a worker on background-run, with the agent's own retries), delivery, and the endpoints.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import { createMailer } from '../delivery/channels.js';
import type { LeaseHolder } from '../run-leases/leases.js';
import type { Runtime } from '../runtime/run-agent.js';
import { ensureQueue, keepSchedules, type JobWithMetadata, type PgBoss, type Scheduler, type SchedulerLog } from '../scheduler/index.js';
import { createBackgroundDeliverer } from './deliver.js';
import { createBackgroundReconciler, type BackgroundReconciler } from './reconcile.js';
import { BACKGROUND_QUEUES, createBackgroundRunner, type BackgroundRunJob, type BackgroundRunner } from './run.js';

export { backgroundRoutes } from './routes.js';
export { BACKGROUND_QUEUES } from './run.js';

export interface BackgroundOptions {
  /** Seconds one retryDelay minute lasts (default 60; tests shorten it). */
  retryMinuteSeconds?: number;
  /** Runs one worker process carries at a time (default 4). */
  concurrency?: number;
  /** Register the worker (default true; false: this process only schedules and queues). */
  work?: boolean;
  debounceMs?: number;
}

export interface Background {
  runner: BackgroundRunner;
  reconciler: BackgroundReconciler;
  retryMinuteSeconds: number;
}

export interface BackgroundDeps {
  db: Kysely<DB>;
  scheduler: Scheduler;
  runtime: Runtime;
  credentials: CredentialStore;
  config: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'allowPrivateWebhooks' | 'webhookSigningSecret' | 'connectorBaseUrls'>;
  log: SchedulerLog;
  options?: BackgroundOptions;
  leases?: LeaseHolder;
}

/**
 * Run jobs: expireInSeconds is a hard cap on one attempt, the heartbeat is how a dead worker is noticed
 * and its job retried (never lost). Retries come from each job (the agent's maxRetries/retryDelay).
 */
const RUN_QUEUE = { expireInSeconds: 3600, heartbeatSeconds: 60, retryLimit: 3, retryDelay: 300, retryBackoff: false } as const;

export function createBackground(deps: BackgroundDeps): Background {
  const { db, scheduler, runtime, credentials, config, log, options = {} } = deps;
  const retryMinuteSeconds = options.retryMinuteSeconds ?? 60;
  const mailer = createMailer(config);
  const deliverer = createBackgroundDeliverer({ mailer, credentials, allowPrivateWebhooks: config.allowPrivateWebhooks, webhookSigningSecret: config.webhookSigningSecret });
  const runner = createBackgroundRunner({ db, runtime, credentials, deliverer, mailer, config, log, leases: deps.leases });
  const reconciler = createBackgroundReconciler({ db, scheduler, log, retryMinuteSeconds, debounceMs: options.debounceMs });

  scheduler.onStart(async (boss: PgBoss) => {
    await ensureQueue(boss, BACKGROUND_QUEUES.run, RUN_QUEUE);
    await ensureQueue(boss, BACKGROUND_QUEUES.reconcile, { retryLimit: 0, expireInSeconds: 300 });
    // a web-only server sends runs but neither works them nor keeps the schedules (the workers do)
    if (!scheduler.runsJobs) return;
    if (options.work !== false) {
      // Many agents often come due in the same minute: fetch up to `concurrency` jobs at a time, run them
      // side by side, settle each on its own (retries are per agent), and fetch again at once while
      // batches come back full instead of waiting a polling interval per job.
      const concurrency = options.concurrency ?? 4;
      await boss.work(
        BACKGROUND_QUEUES.run,
        { includeMetadata: true, pollingIntervalSeconds: scheduler.pollingIntervalSeconds, batchSize: concurrency, burstWhenBatchFull: true, perJobResults: true },
        async (jobs: JobWithMetadata<BackgroundRunJob>[]) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await runner.handleJob(job);
                return { id: job.id, status: 'completed' as const };
              } catch (error) {
                return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
              }
            }),
          ),
      );
    }
    const { pollingIntervalSeconds } = scheduler;
    await keepSchedules(boss, { queue: BACKGROUND_QUEUES.reconcile, reconciler, pollingIntervalSeconds, work: options.work !== false, log, what: 'background agent schedules' });
  });
  scheduler.onStop(async () => {
    await reconciler.unlisten();
    mailer.close();
  });
  return { runner, reconciler, retryMinuteSeconds };
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}
