// Background agents: how many due agents one worker process starts (and finishes) per minute, and how
// that scales with two worker processes sharing one PostgreSQL (pg-boss hands each job to exactly one
// worker: SKIP LOCKED). AGENTS active agents are created; then, as the schedule's cron pass does when
// they all come due in the same minute, one run job per agent is queued at once; the clock runs from the
// queueing to the last run recorded as finished. Each run is the real pipeline: its data source
// (Pipedrive: "not connected", no network), one model call to a local OpenAI-compatible server, the
// markdown document, the results-feed delivery, and the run rows. Figures only, no assertions.
//
// Usage: pnpm --filter @accent/server build && node bench/background-workers.mjs
//   BACKGROUND_BENCH_AGENTS (default 2000), BACKGROUND_BENCH_CONCURRENCY (runs per worker at once, default 4)
//   DATABASE_URL: use that PostgreSQL (the bench's rows are removed) instead of a throwaway cluster.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withThrowawayPostgres } from './postgres.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'server', 'dist');
const THIS_FILE = fileURLToPath(import.meta.url);
const AGENTS = Number(process.env.BACKGROUND_BENCH_AGENTS ?? 2000);
const CONCURRENCY = Number(process.env.BACKGROUND_BENCH_CONCURRENCY ?? 4);
const TEST_KEY = 'sk-bench-background';
const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);

// ---------------------------------------------------------------------------------------------------
// Child: one worker process (the real server's app with its job workers), until told to stop.
async function worker() {
  const [{ buildApp }, { loadConfig }, { databaseTargetFor, openDatabase }] = await Promise.all([load('app.js'), load('config.js'), load('db/database.js')]);
  const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' });
  const database = await openDatabase(databaseTargetFor(config));
  const app = await buildApp({ config, db: database, jobs: { timing: { pollingIntervalSeconds: 0.5 } }, background: { concurrency: CONCURRENCY } });
  await app.ready();
  await app.scheduler.start();
  process.send('ready');
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    await database.close();
    process.exit(0);
  });
}

function startWorker(env) {
  const child = spawn(process.execPath, [THIS_FILE, '--worker'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`a worker exited (${code}) before it was ready`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send('stop');
    });
  return { ready, stop };
}

// ---------------------------------------------------------------------------------------------------
async function scenario(databaseUrl, model) {
  const [{ openDatabase }, { migrate }, { createScheduler }] = await Promise.all([load('db/database.js'), load('db/migrate.js'), load('scheduler/scheduler.js')]);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await migrate(database);
  const tag = randomBytes(4).toString('hex');
  await database.runScript(`
    WITH a AS (INSERT INTO accounts (name) VALUES ('background-bench-${tag}') RETURNING id),
         e AS (INSERT INTO environments (account_id, name) SELECT id, 'background-bench-${tag}' FROM a RETURNING id, account_id),
         l AS (INSERT INTO libraries (environment_id, name) SELECT id, 'bench' FROM e RETURNING id)
    INSERT INTO users (account_id, library_id, email, name, role, password_hash)
    SELECT e.account_id, l.id, 'bench-${tag}@bench.local', 'Bench', 'admin', 'no-sign-in' FROM e, l;
    INSERT INTO background_agents (id, library_id, owner_id, name, description, category, status, config)
    SELECT 'bench-${tag}-' || g, u.library_id, u.id, 'Bench agent ' || g, 'Benchmark', 'CRM Monitoring', 'active',
           jsonb_build_object('name', 'Bench agent ' || g, 'systemPrompt', 'Summarise.', 'scheduleType', 'event', 'interval', '',
                              'dataSources', jsonb_build_array('pipedrive'), 'deliveryChannels', jsonb_build_array('dashboard'), 'maxRetries', 0)
      FROM generate_series(1, ${AGENTS}) g, users u WHERE u.email = 'bench-${tag}@bench.local';
  `);
  const { library_id: libraryId } = await database.db.selectFrom('users').select('library_id').where('email', '=', `bench-${tag}@bench.local`).executeTakeFirstOrThrow();
  const agentIds = Array.from({ length: AGENTS }, (_, i) => `bench-${tag}-${i + 1}`);
  const finished = async () => {
    const row = await database.db
      .selectFrom('background_runs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('library_id', '=', libraryId)
      .where('status', 'in', ['succeeded', 'failed'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const failedRuns = async () =>
    Number((await database.db.selectFrom('background_runs').select((eb) => eb.fn.countAll().as('n')).where('library_id', '=', libraryId).where('status', '=', 'failed').executeTakeFirstOrThrow()).n);

  const { v } = await database.db.selectNoFrom((eb) => eb.fn('current_setting', [eb.val('server_version')]).as('v')).executeTakeFirstOrThrow();
  const version = String(v).split(' ')[0];
  const queue = createScheduler(database, { maxConnections: 2 });
  await queue.start();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'accent-bench-bg-')),
    JWT_SECRET: 'background-bench-secret-long-enough-0123456789',
    ACCENT_MASTER_KEY: randomBytes(32).toString('base64'),
    OPENAI_API_KEY: TEST_KEY,
    OPENAI_BASE_URL: model.url,
  };
  const results = [];
  try {
    for (const workers of [1, 2]) {
      const started = Array.from({ length: workers }, () => startWorker(env));
      await Promise.all(started.map((w) => w.ready));
      const before = await finished();
      const t0 = performance.now();
      // every agent due at once, as the cron pass queues them (one job each)
      await queue.boss().insert('background-run', agentIds.map((agentId) => ({ data: { agentId, libraryId, trigger: 'schedule' }, retryLimit: 0 })));
      while ((await finished()) - before < AGENTS) await new Promise((r) => setTimeout(r, 100));
      const seconds = (performance.now() - t0) / 1000;
      await Promise.all(started.map((w) => w.stop()));
      results.push({ workers, seconds, perMinute: (AGENTS / seconds) * 60 });
    }
    const failed = await failedRuns();
    if (failed) console.log(`(${failed} runs failed)`);
  } finally {
    await queue.stop();
    await database.runScript(`DELETE FROM accounts WHERE name = 'background-bench-${tag}'`);
    await database.close();
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
  console.log(`PostgreSQL ${version}, ${AGENTS} due agents, ${CONCURRENCY} runs at once per worker process, ${model.requests.length} model calls`);
  for (const r of results) {
    const ratio = r.workers === 1 ? '' : ` (×${(r.perMinute / results[0].perMinute).toFixed(2)})`;
    console.log(`${r.workers} worker process${r.workers > 1 ? 'es' : ''}: ${AGENTS} runs in ${r.seconds.toFixed(1)} s → ${r.perMinute.toFixed(0)} agents started per minute${ratio}`);
  }
}

async function main() {
  if (!existsSync(path.join(DIST, 'app.js'))) {
    console.error('Build the server first: pnpm --filter @accent/server build');
    process.exit(1);
  }
  const { startModelServer } = await load('testing/model-server.js');
  const model = await startModelServer({ apiKey: TEST_KEY, host: '127.0.0.1', port: 0 });
  try {
    if (process.env.DATABASE_URL) await scenario(process.env.DATABASE_URL, model);
    else await withThrowawayPostgres((url) => scenario(url, model));
  } finally {
    await model.close();
  }
}

if (process.argv[2] === '--worker') await worker();
else await main();
