// Chaos: the faults of a real deployment, against two server processes (`node server/dist/main.js`,
// SERVER_ROLE=web and SERVER_ROLE=worker, one storage folder) on a throwaway PostgreSQL, in this order:
//   1. every database connection killed (pg_terminate_backend), as a failover or a pooler's idle kill does;
//   2. PostgreSQL stopped for CHAOS_OUTAGE_S (default 10) and started again;
//   3. the worker killed with SIGKILL while background agent runs are in flight (their model, the local
//      model server of the tests, answers after CHAOS_MODEL_DELAY_MS, default 8000), then started again;
//      the bench waits (at most CHAOS_SWEEP_WAIT_S, default 150) for the lease sweep to settle them;
//   4. CHAOS_BURST (default 200) sign-ins at once from as many addresses on the web server.
// All along, a client asks the web server for /api/ready and an API route that reads the database every
// 200 ms, and both processes' /api/ready: the figures are the seconds until both serve again after each
// fault, the runs left running at the end (goal 0), the requests that failed (by phase and status),
// unexpected process exits, and the burst's outcomes. Loopback only; every wait is bounded; it stops by
// itself and removes what it made. Figures only, no assertions.
// Usage: pnpm --filter @accent/server build && node bench/chaos.mjs
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ROOT, SIGN_IN_ANSWER_GOAL_MS, signInBurst } from './lib.mjs';
import { withThrowawayPostgres } from './postgres.mjs';

const DIST = path.join(ROOT, 'server', 'dist');
const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);
const pg = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');

const OUTAGE_S = Number(process.env.CHAOS_OUTAGE_S ?? 10);
const MODEL_DELAY_MS = Number(process.env.CHAOS_MODEL_DELAY_MS ?? 8000);
const SWEEP_WAIT_S = Number(process.env.CHAOS_SWEEP_WAIT_S ?? 150);
const BURST = Number(process.env.CHAOS_BURST ?? 200);
const AGENTS = 4;
const SERVE_LIMIT_S = 60;
const TEST_KEY = 'sk-bench-chaos';
const ADMIN = { email: 'chaos@example.com', password: 'a-long-enough-chaos-secret', environment: 'prod', library: 'main' };
const RUN_TABLES = ['agent_runs', 'mission_runs', 'flow_runs', 'background_runs', 'agent_test_runs'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function status(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** One SQL statement on its own connection (closed after), so no fault below finds the bench's own. */
async function query(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function scenario(databaseUrl, postgres, model) {
  const [{ openDatabase }, { migrate }, { createAdministrator }, { createScheduler }, { startServerProcess }] = await Promise.all([
    load('db/database.js'),
    load('db/migrate.js'),
    load('admin/first-admin.js'),
    load('scheduler/scheduler.js'),
    load('testing/server-process.js'),
  ]);
  const setup = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await migrate(setup);
  await createAdministrator(setup, { ...ADMIN, name: 'Chaos' });
  await setup.close();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'accent-chaos-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    ACCENT_MASTER_KEY: randomBytes(32).toString('base64'),
    OPENAI_API_KEY: TEST_KEY,
    OPENAI_BASE_URL: model.url,
    TRUST_PROXY: '1',
    LOGIN_RATE_LIMIT: String(BURST * 10),
    LOGIN_ADDRESS_RATE_LIMIT: String(BURST * 10),
  };
  const processes = {
    web: await startServerProcess({ ...env, SERVER_ROLE: 'web' }),
    worker: await startServerProcess({ ...env, SERVER_ROLE: 'worker' }),
  };

  // the client that keeps asking, and what failed, per phase
  let phase = 'start';
  const failures = {};
  let requests = 0;
  let asking = true;
  const lastStatus = { webReady: 0, webApi: 0 };
  const client = (async () => {
    while (asking) {
      const [webReady, webApi] = await Promise.all([status(`${processes.web.base}/api/ready`), status(`${processes.web.base}/api/v1/remotes`)]);
      Object.assign(lastStatus, { webReady, webApi });
      for (const [what, code] of [['web /api/v1/remotes', webApi]]) {
        requests++;
        if (code === 200) continue;
        const key = `${phase}: ${what} ${code || 'no answer'}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
      await sleep(200);
    }
  })();
  const serving = async () =>
    (await status(`${processes.web.base}/api/ready`)) === 200 &&
    (await status(`${processes.web.base}/api/v1/remotes`)) === 200 &&
    (await status(`${processes.worker.base}/api/ready`)) === 200;
  /** Seconds from `since` until both processes serve again (asked every 100 ms, at most SERVE_LIMIT_S). */
  const secondsToServe = async (since = performance.now()) => {
    while (performance.now() - since < SERVE_LIMIT_S * 1000) {
      if (await serving()) return (performance.now() - since) / 1000;
      await sleep(100);
    }
    return Number.POSITIVE_INFINITY;
  };

  const figures = {};
  const runsLeft = async () => {
    const counts = {};
    for (const table of RUN_TABLES) {
      const [{ present }] = await query(databaseUrl, 'SELECT to_regclass($1) IS NOT NULL AS present', [`public.${table}`]);
      if (present) counts[table] = Number((await query(databaseUrl, `SELECT count(*)::int AS n FROM public.${table} WHERE status = 'running'`))[0].n);
    }
    return counts;
  };
  const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);
  let scheduler;
  try {
    phase = 'start';
    figures.startS = await secondsToServe();

    // 1. every connection killed
    phase = 'connections killed';
    const killed = await query(
      databaseUrl,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = 'postgres'`,
    );
    figures.connectionsKilled = killed.length;
    figures.afterKillS = await secondsToServe();

    // 2. the database stopped and started again
    phase = 'database restarted';
    postgres.stopServer();
    await sleep(OUTAGE_S * 1000);
    figures.readyDuringOutage = lastStatus.webReady;
    figures.apiDuringOutage = lastStatus.webApi;
    postgres.startServer();
    figures.afterRestartS = await secondsToServe();

    // 3. the worker killed mid-run: background agents queued as their schedule's cron pass does
    phase = 'worker killed';
    const [{ library_id: libraryId, id: ownerId }] = await query(databaseUrl, 'SELECT library_id, id FROM users WHERE email = $1', [ADMIN.email]);
    const agentIds = Array.from({ length: AGENTS }, (_, i) => `chaos-${i + 1}`);
    for (const id of agentIds) {
      const config = {
        name: id,
        systemPrompt: 'Summarise.',
        scheduleType: 'event',
        interval: '',
        dataSources: ['pipedrive'],
        deliveryChannels: ['dashboard'],
        maxRetries: 0,
      };
      await query(
        databaseUrl,
        `INSERT INTO background_agents (id, library_id, owner_id, name, description, category, status, config) VALUES ($1, $2, $3, $1, 'Chaos', 'CRM Monitoring', 'active', $4)`,
        [id, libraryId, ownerId, JSON.stringify(config)],
      );
    }
    model.setDefaultReply((request) => ({ delayMs: MODEL_DELAY_MS, text: `Summary of ${request.body.messages.length} messages.` }));
    scheduler = createScheduler({ kind: 'postgres', url: databaseUrl }, { maxConnections: 1, runsJobs: false });
    await scheduler.start();
    await scheduler.boss().insert(
      'background-run',
      agentIds.map((agentId) => ({ data: { agentId, libraryId, trigger: 'schedule' } })),
    );
    await scheduler.stop();
    scheduler = undefined;
    const inFlightSince = performance.now();
    let inFlight = 0;
    while (inFlight === 0 && performance.now() - inFlightSince < 60_000) {
      inFlight = Number(
        (await query(databaseUrl, `SELECT count(*)::int AS n FROM background_runs WHERE library_id = $1 AND status = 'running'`, [libraryId]))[0].n,
      );
      if (!inFlight) await sleep(200);
    }
    figures.runsInFlightAtKill = inFlight;
    const exited = new Promise((resolve) => processes.worker.child.once('exit', resolve));
    processes.worker.child.kill('SIGKILL');
    await exited;
    const killedAt = performance.now();
    processes.worker = await startServerProcess({ ...env, SERVER_ROLE: 'worker' });
    figures.workerBackS = (performance.now() - killedAt) / 1000;
    figures.afterWorkerKillS = await secondsToServe(killedAt);
    // the lease sweep settles what the dead worker held; the new worker finishes what is still queued
    let left = await runsLeft();
    const sweepStart = performance.now();
    while (sum(left) > 0 && performance.now() - sweepStart < SWEEP_WAIT_S * 1000) {
      await sleep(1000);
      left = await runsLeft();
    }
    figures.sweepS = (performance.now() - killedAt) / 1000;
    figures.runsLeft = left;
    // what holds the ones left: a lease that expired, one a live process renews, or none
    figures.leftLeases = [];
    for (const table of Object.keys(left).filter((t) => left[t] > 0)) {
      const rows = await query(databaseUrl, `SELECT to_jsonb(r) AS row FROM public.${table} r WHERE status = 'running'`);
      for (const { row } of rows) {
        const expires = row.lease_expires_at ? (Date.parse(row.lease_expires_at) - Date.now()) / 1000 : null;
        figures.leftLeases.push(
          `${table} ${String(row.id).slice(0, 8)}: ${expires === null ? 'no lease' : `lease ${expires < 0 ? `expired ${(-expires).toFixed(0)} s ago` : `held ${expires.toFixed(0)} s more`} by ${row.lease_owner}`}, started ${row.started_at ?? row.created_at}`,
        );
      }
    }
    figures.backgroundRuns = await query(
      databaseUrl,
      `SELECT status, coalesce(error, '') AS error, count(*)::int AS n FROM background_runs WHERE library_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [libraryId],
    );
    model.setDefaultReply(null);

    // 4. the sign-in burst, on the web server
    phase = 'sign-in burst';
    figures.burst = await signInBurst(processes.web.base, ADMIN, BURST);
    phase = 'end';
    await sleep(1000);
  } finally {
    asking = false;
    await client;
    // exits before the bench stops them (the SIGKILLed worker's aside)
    figures.exits = Object.entries(processes).flatMap(([role, p]) => p.exits.map((code) => `${role} ${code}`));
    if (scheduler) await scheduler.stop().catch(() => {});
    for (const server of Object.values(processes)) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const s = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} s` : `not within ${SERVE_LIMIT_S} s`);
  const failed = Object.values(failures).reduce((a, b) => a + b, 0);
  // 503 in words is the answer while PostgreSQL is away; any other failure is one too many
  const unexpected = Object.entries(failures).reduce(
    (n, [key, count]) => (key.startsWith('database restarted: ') && key.endsWith(' 503') ? n : n + count),
    0,
  );
  const b = figures.burst;
  console.log(
    `Two server processes (web, worker) on PostgreSQL ${(await query(databaseUrl, 'SHOW server_version'))[0].server_version.split(' ')[0]}`,
  );
  console.log(`  start: both serving after ${s(figures.startS)}`);
  console.log(`  ${figures.connectionsKilled} connections killed: both serving again after ${s(figures.afterKillS)} (goal <= 5 s)`);
  console.log(
    `  PostgreSQL stopped for ${OUTAGE_S} s (meanwhile /api/ready ${figures.readyDuringOutage}, the API ${figures.apiDuringOutage}): both serving again ${s(figures.afterRestartS)} after it was back (goal <= 10 s)`,
  );
  console.log(
    `  worker killed (SIGKILL) with ${figures.runsInFlightAtKill} background runs in flight: a new worker listening after ${figures.workerBackS.toFixed(1)} s, both serving ${s(figures.afterWorkerKillS)} after the kill`,
  );
  console.log(
    `  runs left running ${figures.sweepS.toFixed(0)} s after the kill: ${sum(figures.runsLeft)} (goal 0; ${Object.entries(figures.runsLeft)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')})`,
  );
  for (const line of figures.leftLeases) console.log(`    ${line}`);
  console.log(
    `  background runs: ${figures.backgroundRuns.map((r) => `${r.n} ${r.status}${r.error ? ` ("${r.error.slice(0, 60)}")` : ''}`).join(', ')}`,
  );
  console.log(
    `  ${BURST} sign-ins at once: ${b.ok} signed in, ${b.busy} 503 with Retry-After, ${b.other} other, ${b.gaveUp} gave up; answered within ${SIGN_IN_ANSWER_GOAL_MS / 1000} s: ${b.inTime} of ${BURST} (goal: all); settled in ${b.seconds.toFixed(1)} s; a sign-in 5 s in: ${b.later.status || 'gave up'} in ${b.later.ms.toFixed(0)} ms (goal <= 1000 ms)`,
  );
  console.log(
    `  requests failed: ${failed} of ${requests}, ${unexpected} of them other than 503 during the outage${
      failed
        ? ` (${Object.entries(failures)
            .map(([k, n]) => `${k}: ${n}`)
            .join('; ')})`
        : ''
    }`,
  );
  console.log(`  process exits other than the SIGKILL: ${figures.exits.length ? figures.exits.join('; ') : 0}`);
  const fixed = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'never');
  console.log(
    `RESULT chaos kill_s=${fixed(figures.afterKillS)} restart_s=${fixed(figures.afterRestartS)} worker_kill_s=${fixed(figures.afterWorkerKillS)} runs_left=${sum(figures.runsLeft)} exits=${figures.exits.length} failed=${failed}/${requests} unexpected=${unexpected} burst_10s=${b.inTime}/${BURST} burst_ok=${b.ok} burst_503=${b.busy} later_ms=${b.later.ms.toFixed(0)}`,
  );
}

const { startModelServer } = await load('testing/model-server.js');
const model = await startModelServer({ apiKey: TEST_KEY, host: '127.0.0.1', port: 0 });
try {
  await withThrowawayPostgres((url, cluster) => scenario(url, cluster, model));
} finally {
  await model.close();
}
