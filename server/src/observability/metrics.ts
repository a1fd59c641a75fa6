// The process's metrics, in one registry served as Prometheus text at GET /metrics. Each metric is
// exported here so the code where something happens increments it (a run starting, a model call ending,
// a sign-in's outcome); gauges that read a live object (a connection pool, pg-boss's queues) are fed by
// sources registered with `observePool` / `observeQueues` and read only when scraped.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
// process CPU, memory, file descriptors, GC and event-loop lag (nodejs_eventloop_lag_*)
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

/** A counter in the registry, by `labelNames`. */
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers: [registry] });
/** A gauge in the registry, by `labelNames`. */
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Gauge<L>({ name, help, labelNames, registers: [registry] });

export const httpRequestDuration = new Histogram({
  name: 'accent_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const httpRequestsInFlight = new Gauge({
  name: 'accent_http_requests_in_flight',
  help: 'HTTP requests received and not yet answered',
  registers: [registry],
});

/** What a run is: an agent invoke, a flow run, a background agent run, a mission run. */
export type RunKind = 'agent' | 'flow' | 'background' | 'mission';

export const runsStarted = counter('accent_runs_started_total', 'Runs started, by kind', ['kind']);
export const runsFinished = counter('accent_runs_finished_total', 'Runs finished (whatever their outcome), by kind', ['kind']);
export const runsFailed = counter('accent_runs_failed_total', 'Runs that finished failed, by kind', ['kind']);

/** One run of `kind` started; call the answer once with its outcome when it ends. */
export function runStarted(kind: RunKind): (outcome: { failed: boolean }) => void {
  runsStarted.inc({ kind });
  let ended = false;
  return ({ failed }) => {
    if (ended) return;
    ended = true;
    runsFinished.inc({ kind });
    if (failed) runsFailed.inc({ kind });
  };
}

export const modelCallDuration = new Histogram({
  name: 'accent_model_call_duration_seconds',
  help: 'Model calls by provider, model and outcome (ok, error)',
  labelNames: ['provider', 'model', 'outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 80],
  registers: [registry],
});

export const modelTokens = counter('accent_model_tokens_total', 'Tokens of model calls by provider, model and direction (input, output)', [
  'provider',
  'model',
  'direction',
]);

/** A model call ended: its time and, when the provider said, its tokens. */
export function modelCallEnded(call: {
  provider: string;
  model: string;
  seconds: number;
  ok: boolean;
  inputTokens?: number;
  outputTokens?: number;
}): void {
  const labels = { provider: call.provider, model: call.model };
  modelCallDuration.observe({ ...labels, outcome: call.ok ? 'ok' : 'error' }, call.seconds);
  if (call.inputTokens) modelTokens.inc({ ...labels, direction: 'input' }, call.inputTokens);
  if (call.outputTokens) modelTokens.inc({ ...labels, direction: 'output' }, call.outputTokens);
}

export const signIns = counter(
  'accent_sign_ins_total',
  'Sign-in requests by method (password, second_factor, email_code, wallet, invitation) and outcome (success, refused, invalid, rate_limited, unavailable, error, abandoned: the client left first)',
  ['method', 'outcome'],
);

export const signInsInProgress = gauge(
  'accent_sign_ins_in_progress',
  'Password sign-ins working now (looking up, checking, issuing) and waiting for their turn (auth/sign-in-queue.ts)',
  ['state'],
);

/** The outcome of a sign-in request from its status code. */
export function signInOutcome(status: number): string {
  if (status < 400) return 'success';
  if (status === 401 || status === 403) return 'refused';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  return status >= 500 ? 'error' : 'invalid';
}

export const remoteLoads = counter(
  'accent_remote_loads_total',
  "Browsers' reports of loading a remote, by remote, version and outcome (loaded, load-failed, render-failed); versions past the first 100 reported count as 'other'",
  ['remote', 'version', 'outcome'],
);
const MAX_REPORTED_VERSIONS = 100;
const reportedVersions = new Set<string>();

/** A browser's report on a remote version (the beacon is public: the versions it may add as labels are bounded). */
export function remoteReported(remote: string, version: string, outcome: string): void {
  const key = `${remote}@${version}`;
  if (!reportedVersions.has(key) && reportedVersions.size < MAX_REPORTED_VERSIONS) reportedVersions.add(key);
  remoteLoads.inc({ remote, version: reportedVersions.has(key) ? version : 'other', outcome });
}

/** The pool numbers `pg.Pool` keeps. */
export interface PoolLike {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}
const pools = new Map<PoolLike, string>();

new Gauge({
  name: 'accent_db_pool_connections',
  help: 'Database pool connections by pool and state (total, idle, waiting: queries waiting for a connection)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [pool, name] of pools) {
      this.set({ pool: name, state: 'total' }, pool.totalCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reports `pool` under `name` until the answer is called. */
export function observePool(name: string, pool: PoolLike): () => void {
  pools.set(pool, name);
  return () => void pools.delete(pool);
}

/** Reads queue sizes (pg-boss's `getQueues`: its counts are refreshed by its maintenance pass). */
export type QueueSource = () => Promise<{ name: string; queuedCount: number; activeCount: number; deferredCount: number }[]>;
const queueSources = new Set<QueueSource>();

new Gauge({
  name: 'accent_queue_jobs',
  help: 'Jobs per pg-boss queue by state (queued: waiting to run, including deferred; active; deferred: waiting for their start time)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const source of queueSources) {
      // a scrape while the database is away still answers the other metrics
      const queues = await source().catch(() => []);
      for (const queue of queues) {
        this.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
        this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
        this.set({ queue: queue.name, state: 'deferred' }, queue.deferredCount);
      }
    }
  },
});

/** Reports the queues `source` reads until the answer is called. */
export function observeQueues(source: QueueSource): () => void {
  queueSources.add(source);
  return () => void queueSources.delete(source);
}
