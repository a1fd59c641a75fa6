// The job scheduler: one pg-boss per server process, on the server's own database (the embedded PGlite
// through `fromPglite`, or PostgreSQL through its own small pool on DATABASE_URL). Any number of
// processes sharing a PostgreSQL database share the queues (SKIP LOCKED) and the schedules (pg-boss
// claims each cron pass and files each occurrence under a singleton slot, so it is sent once).
//
// Modules register what they need with `onStart` (create their queues, workers and schedules) while the
// app is built; `start()` runs after the migrations and then calls them in order. Stopped gracefully on
// app close: active jobs get `stopTimeoutMs` to finish, the rest are retried by another process.
import { fromPglite, PgBoss, type ConstructorOptions, type Queue } from 'pg-boss';
import type { Database } from '../db/database.js';
import { currentRequestId, runWithContext, withRequestId } from '../observability/request-context.js';

export type { Job, JobWithMetadata, PgBoss, Queue, SendOptions, WorkOptions } from 'pg-boss';

export const SCHEDULER_MESSAGES = {
  notRunning: 'Background jobs are not available: the job scheduler is not running on this server.',
} as const;

export class SchedulerUnavailableError extends Error {
  override name = 'SchedulerUnavailableError';
  constructor() {
    super(SCHEDULER_MESSAGES.notRunning);
  }
}

export interface SchedulerLog {
  info(message: string): void;
  warn(message: string): void;
  error(error: unknown, message: string): void;
}

export interface SchedulerTiming {
  /** How often a process tries to run the cron pass that turns due schedules into jobs (pg-boss: 1–45 s, default 30). */
  cronMonitorIntervalSeconds?: number;
  /** How often scheduled occurrences are forwarded to their queues (pg-boss: 1–45 s, default 5). */
  cronWorkerIntervalSeconds?: number;
  /** How often the maintenance pass runs (default 60). */
  superviseIntervalSeconds?: number;
  /** How often a queue's expired and heartbeat-lost jobs are failed into retry, within that pass (default 60). */
  monitorIntervalSeconds?: number;
  /** Idle polling of our workers, seconds (≥ 0.5; default 2). */
  pollingIntervalSeconds?: number;
}

export interface SchedulerOptions {
  /** false: nothing starts (tests, unless they ask for it). Default true. */
  enabled?: boolean;
  log?: SchedulerLog;
  timing?: SchedulerTiming;
  /** Graceful stop: how long active jobs may still run. Default 8 s (main.ts passes SHUTDOWN_GRACE_MS). */
  stopTimeoutMs?: number;
  /** Connections of pg-boss's own pool on PostgreSQL. Default 4. */
  maxConnections?: number;
  /** A name for this process in pg-boss's instance registry. */
  instanceName?: string;
  /**
   * false (SERVER_ROLE=web): this process sends jobs but runs none: no workers, no cron pass, no
   * maintenance; modules check `runsJobs` before they work queues or reconcile schedules. Default true.
   */
  runsJobs?: boolean;
}

export type StartHook = (boss: PgBoss, scheduler: Scheduler) => Promise<void>;

export interface Scheduler {
  readonly enabled: boolean;
  /** false on a web-only server: modules start no workers and keep no schedules here (sending is fine) */
  readonly runsJobs: boolean;
  /** true between a successful start() and stop() */
  readonly running: boolean;
  /** Idle polling interval for workers (tests shorten it). */
  readonly pollingIntervalSeconds: number;
  /** The started pg-boss; throws SchedulerUnavailableError when not running. */
  boss(): PgBoss;
  /** Called after pg-boss has started, in registration order (and at once when already running). */
  onStart(hook: StartHook): void;
  /** Called before pg-boss stops (e.g. to stop listeners). */
  onStop(hook: () => Promise<void> | void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** For callers with nothing to log to. */
export const silentLog: SchedulerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createScheduler(database: Pick<Database, 'kind' | 'pglite' | 'url'>, options: SchedulerOptions = {}): Scheduler {
  const enabled = options.enabled ?? true;
  const runsJobs = options.runsJobs ?? true;
  const log = options.log ?? silentLog;
  const timing = options.timing ?? {};
  const startHooks: StartHook[] = [];
  const stopHooks: (() => Promise<void> | void)[] = [];
  let boss: PgBoss | null = null;
  let running = false;
  let starting: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;

  function constructorOptions(): ConstructorOptions {
    const common: ConstructorOptions = withoutUndefined({
      application_name: 'accent-studio-jobs',
      instanceName: options.instanceName,
      cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds,
      superviseIntervalSeconds: timing.superviseIntervalSeconds,
      monitorIntervalSeconds: timing.monitorIntervalSeconds,
      // no OpenTelemetry SDK is registered: keep it off rather than carry no-op spans
      openTelemetry: { enabled: false },
      // a web-only process: no cron pass (schedules become jobs on the workers) and no maintenance
      ...(runsJobs ? {} : { schedule: false, supervise: false }),
    });
    if (database.kind === 'pglite') {
      if (!database.pglite) throw new Error('The embedded database handle has no PGlite instance');
      return { ...common, db: fromPglite(database.pglite), backend: 'pglite' };
    }
    if (!database.url) throw new Error('The PostgreSQL database handle has no connection string');
    return { ...common, connectionString: database.url, max: options.maxConnections ?? 4 };
  }

  const scheduler: Scheduler = {
    enabled,
    runsJobs,
    get running() {
      return running;
    },
    pollingIntervalSeconds: timing.pollingIntervalSeconds ?? 2,
    boss() {
      if (!boss || !running) throw new SchedulerUnavailableError();
      return boss;
    },
    onStart(hook) {
      startHooks.push(hook);
      if (running && boss) {
        const started = boss;
        void hook(started, scheduler).catch((error: unknown) => log.error(error, 'A job scheduler start hook failed'));
      }
    },
    onStop(hook) {
      stopHooks.push(hook);
    },
    async start() {
      if (!enabled || running) return;
      if (starting) return starting;
      starting = (async () => {
        const instance = new ContextBoss(constructorOptions(), log);
        // An EventEmitter 'error' without a listener would end the process. While the database is away
        // every worker's poll fails (and waits its polling interval: the workers pause by themselves),
        // so the same error is logged once per ERROR_LOG_WINDOW_MS with how often it came.
        instance.on('error', throttledErrors(log));
        instance.on('warning', (warning) => log.warn(`Job scheduler: ${warning.message}`));
        await instance.start();
        boss = instance;
        running = true;
        try {
          for (const hook of startHooks) await hook(instance, scheduler);
        } catch (error) {
          running = false;
          boss = null;
          await instance.stop({ graceful: false, close: true }).catch(() => undefined);
          throw error;
        }
        log.info('Job scheduler started');
      })();
      try {
        await starting;
      } finally {
        starting = null;
      }
    },
    stop() {
      // one stop at a time: a shutdown stops the jobs first, then the app's close asks again
      stopping ??= stopNow().finally(() => {
        stopping = null;
      });
      return stopping;
    },
  };

  async function stopNow(): Promise<void> {
    if (starting) await starting.catch(() => undefined);
    if (!boss) return;
    const instance = boss;
    running = false;
    for (const hook of stopHooks) {
      try {
        await hook();
      } catch (error) {
        log.error(error, 'A job scheduler stop hook failed');
      }
    }
    try {
      await instance.stop({ graceful: true, close: true, timeout: options.stopTimeoutMs ?? 8_000 });
    } finally {
      boss = null;
    }
  }
  return scheduler;
}

const ERROR_LOG_WINDOW_MS = 30_000;

function throttledErrors(log: SchedulerLog, windowMs = ERROR_LOG_WINDOW_MS): (error: Error) => void {
  const seen = new Map<string, { at: number; more: number }>();
  return (error) => {
    // pg-boss appends the queue and worker to a worker's error: the same fault for every worker
    const key = String(error?.message ?? error).replace(/ \(Queue: .*\)$/, '');
    const now = Date.now();
    const last = seen.get(key);
    if (last && now - last.at < windowMs) {
      last.more++;
      return;
    }
    seen.set(key, { at: now, more: 0 });
    if (seen.size > 100) seen.delete(seen.keys().next().value as string);
    const again = last?.more ? ` (${last.more} more like it in the last ${Math.round((now - last.at) / 1000)} s)` : '';
    log.error(error, `Job scheduler error${again}`);
  };
}

type Handler = (jobs: { id: string; data?: unknown }[], ...rest: unknown[]) => Promise<unknown>;
const requestIdIn = (data: unknown) => (data && typeof data === 'object' && typeof (data as { requestId?: unknown }).requestId === 'string' ? (data as { requestId: string }).requestId : undefined);

/**
 * pg-boss as the modules use it, plus: a job queued while a request is served carries that request's
 * id (`requestId` in its data), and every job's handler runs in a log context (queue, job id, request
 * id) between a start and an end line.
 */
class ContextBoss extends PgBoss {
  constructor(
    options: ConstructorOptions,
    private readonly jobLog: SchedulerLog,
  ) {
    super(options);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's overloads (a request object, or name, data, options)
  override send(...args: any[]): Promise<string | null> {
    const [first, data, options] = args;
    if (!currentRequestId()) return super.send(first, data, options);
    if (typeof first === 'string') return super.send(first, withRequestId((data as object | null | undefined) ?? {}), options);
    return super.send({ ...first, data: withRequestId(first.data ?? {}) });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's overloads (with or without options)
  override work(name: string, ...args: any[]): Promise<string> {
    const handler = args.pop() as Handler;
    const traced: Handler = (jobs, ...rest) => {
      const ids = jobs.map((job) => job.id).join(', ');
      const requests = [...new Set(jobs.map((job) => requestIdIn(job.data)).filter(Boolean))] as string[];
      const reqId = requests.length === 1 ? requests[0] : undefined;
      return runWithContext({ queue: name, jobId: ids, ...(reqId ? { reqId } : {}) }, async () => {
        const started = performance.now();
        const what = `Job ${name} ${ids}${requests.length ? ` (request ${requests.join(', ')})` : ''}`;
        this.jobLog.info(`${what} started`);
        try {
          const result = await handler(jobs, ...rest);
          this.jobLog.info(`${what} ended in ${Math.round(performance.now() - started)} ms`);
          return result;
        } catch (error) {
          this.jobLog.warn(`${what} failed after ${Math.round(performance.now() - started)} ms: ${(error as Error)?.message ?? String(error)}`);
          throw error;
        }
      });
    };
    return args.length === 0 ? super.work(name, traced) : super.work(name, args[0], traced as never);
  }
}

/** pg-boss validates options by presence (`'x' in options`): an undefined value must not be there at all. */
function withoutUndefined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}

/** Creates the queue when missing and brings its options up to date (createQueue leaves an existing one alone). */
export async function ensureQueue(boss: PgBoss, name: string, given: Omit<Queue, 'name' | 'deadLetter'> = {}): Promise<void> {
  const options = withoutUndefined(given);
  await boss.createQueue(name, options);
  const { policy: _policy, partition: _partition, ...updatable } = options;
  if (Object.keys(updatable).length > 0) await boss.updateQueue(name, updatable);
}

/**
 * Keeps an area's schedules (missions, background agents) on a server that runs jobs: its reconcile queue
 * every minute (worked here when `work`), its change listener, and one pass at start. `what` names the
 * schedules in the log.
 */
export async function keepSchedules(
  boss: PgBoss,
  { queue, reconciler, pollingIntervalSeconds, work, log, what }: {
    queue: string;
    reconciler: { reconcile(): Promise<unknown>; listen(boss: PgBoss): Promise<void> };
    pollingIntervalSeconds: number;
    work: boolean;
    log: { error(error: unknown, message: string): void };
    what: string;
  },
): Promise<void> {
  if (work) {
    await boss.work(queue, { pollingIntervalSeconds }, async () => {
      await reconciler.reconcile().catch((error: unknown) => {
        log.error(error, `Reconciling ${what} failed`);
        throw error;
      });
    });
  }
  await boss.schedule(queue, '* * * * *', null, { tz: 'UTC' });
  await reconciler.listen(boss);
  await reconciler.reconcile().catch((error: unknown) => log.error(error, `Reconciling ${what} at start failed`));
}

/** SchedulerLog over a pino-style logger (fastify's app.log). */
export function schedulerLogFrom(logger: { info(msg: string): void; warn(msg: string): void; error(obj: object, msg: string): void }): SchedulerLog {
  return {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (error, message) => logger.error({ err: error }, message),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's job scheduler (pg-boss); main.ts starts it after the migrations. */
    scheduler: Scheduler;
  }
}
