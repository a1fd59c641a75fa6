// The agent runtime's own overhead per invoke: total request time minus the time the run spent inside
// the model call (model_ms, as recorded in its run). Starts the built server with the openai provider
// pointed at the local model server (server/dist/testing), signs in as the demo admin, creates a
// one-step agent, runs 1,000 invokes one after another and prints p50/p99 — on a fresh embedded PGlite,
// then on a real PostgreSQL: DATABASE_URL when given (use a database of its own: the bench leaves its
// administrator and runs there), else a throwaway cluster of Debian's PostgreSQL (bench/postgres.mjs), stopped and deleted at the end.
// Usage: pnpm --filter @accent/server build && node bench/runtime-overhead.mjs
//   RUNTIME_BENCH_INVOKES (default 1000); RUNTIME_BENCH_ONLY=pglite|postgres (one database);
//   RUNTIME_BENCH_CPU_PROF=<folder>: the server runs with node --cpu-prof, its profile written there;
//   RUNTIME_BENCH_SERVER_DIST=<folder>: another build of the server (an A/B against a copy of dist)
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { startModelServer } from '../server/dist/testing/model-server.js';
import { withThrowawayPostgres } from './postgres.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIST = path.resolve(ROOT, process.env.RUNTIME_BENCH_SERVER_DIST ?? 'server/dist');
const INVOKES = Number(process.env.RUNTIME_BENCH_INVOKES ?? 1000);
const WARM_UP = 20;
const API_KEY = 'sk-bench-0000000000000000';
const ONLY = process.env.RUNTIME_BENCH_ONLY;
const AGENT = `Bench Echo ${process.pid}`;

/** a free port, so the benchmark never collides with another server on this machine */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitForServer(url, server, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** CPU time (user + system) the process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function serverCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (v) => `${v.toFixed(2)} ms`;

const DEMO_ADMIN = { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin' };

/** An empty PostgreSQL (migrated by the server) gets its first administrator as an operator would: the admin CLI. */
async function createAdmin(url) {
  const admin = { environment: 'runtime-bench', library: 'runtime', email: `runtime-admin-${randomBytes(3).toString('hex')}@bench.local`, password: `Runtime-admin-${randomBytes(8).toString('hex')}` };
  await promisify(execFile)(process.execPath, [path.join(SERVER_DIST, 'admin', 'cli.js'), 'create', '--email', admin.email, '--password', admin.password, '--environment', admin.environment, '--library', admin.library], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
  });
  return admin;
}

/** One server on `env`'s database: warm-up, the timed invokes, then what each run recorded. */
async function measure(model, label, env, adminFor) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'accent-bench-runtime-'));
  const profile = process.env.RUNTIME_BENCH_CPU_PROF;
  const server = spawn(process.execPath, [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []), path.join(SERVER_DIST, 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: model.url, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = async (method, url, token, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
    return response;
  };

  let token;
  try {
    await waitForServer(`${base}/api/v1/remotes`, server);
    const login = await (await api('POST', '/api/auth/login', null, await adminFor())).json();
    token = login.token;
    await api('POST', '/api/v1/agent/save', token, {
      name: AGENT,
      description: 'One step, echoed by the local model server',
      query: 'Summarise {{topic}}',
      params: { topic: 'pricing' },
      steps: [{ name: 'Answer', query: 'Summarise {{topic}} for {{query}}', system: ['Be brief.'], model: { provider: 'openai', model: 'gpt-4o-mini', max_retries: 0 } }],
      // the default 60 per minute would stop the benchmark
      settings: { rate_limit: 100_000 },
    });

    const invoke = async (i) => {
      const started = performance.now();
      const response = await api('POST', '/api/v1/agent/invoke', token, { name: AGENT, query: `customer ${i}`, params: { topic: 'pricing' } });
      await response.text();
      return { totalMs: performance.now() - started, runId: response.headers.get('x-run-id') };
    };

    for (let i = 0; i < WARM_UP; i++) await invoke(-i);
    const seen = model.requests.length;
    const runs = [];
    const cpuBefore = serverCpuMs(server.pid);
    const loopStarted = performance.now();
    for (let i = 0; i < INVOKES; i++) runs.push(await invoke(i));
    const loopMs = performance.now() - loopStarted;
    // let the last run's completion finish, then the server's CPU time for the loop: on a loaded machine
    // it moves far less than the wall-clock figures
    await api('GET', `/api/v1/runs/${runs[runs.length - 1].runId}`, token);
    const cpuPerInvoke = (serverCpuMs(server.pid) - cpuBefore) / INVOKES;

    // read what each run recorded (outside the timed loop)
    const overheads = [];
    const modelTimes = [];
    for (const run of runs) {
      const recorded = await (await api('GET', `/api/v1/runs/${run.runId}`, token)).json();
      if (recorded.status !== 'succeeded') throw new Error(`run ${run.runId} ${recorded.status}: ${recorded.error}`);
      overheads.push(run.totalMs - recorded.model_ms);
      modelTimes.push(recorded.model_ms);
    }
    overheads.sort((a, b) => a - b);
    modelTimes.sort((a, b) => a - b);
    const mean = overheads.reduce((a, b) => a + b, 0) / overheads.length;
    const p50 = percentile(overheads, 50);
    const p99 = percentile(overheads, 99);

    console.log(`${label}: runtime overhead per invoke (total request time − model_ms), ${INVOKES} sequential invokes after ${WARM_UP} warm-up, one step, local model server:`);
    console.log(`  overhead p50 ${ms(p50)}   p99 ${ms(p99)}   mean ${ms(mean)}   max ${ms(overheads[overheads.length - 1])}`);
    console.log(`  model_ms p50 ${ms(percentile(modelTimes, 50))}   p99 ${ms(percentile(modelTimes, 99))}   server CPU per invoke ${ms(cpuPerInvoke)} (load average ${loadavg()[0].toFixed(1)})`);
    console.log(`  total ${(loopMs / 1000).toFixed(2)} s for ${INVOKES} invokes (${(INVOKES / (loopMs / 1000)).toFixed(0)} invokes/s); the model server saw ${model.requests.length - seen} requests`);
    return { p50, p99, cpuPerInvoke };
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const model = await startModelServer({ apiKey: API_KEY });
try {
  if (ONLY !== 'postgres') {
    const r = await measure(model, 'PGlite (embedded)', { DATABASE_URL: '' }, async () => DEMO_ADMIN);
    console.log(`RESULT runtime-overhead-pglite p50_ms=${r.p50.toFixed(2)} p99_ms=${r.p99.toFixed(2)} cpu_ms=${r.cpuPerInvoke.toFixed(2)}`);
  }
  if (ONLY !== 'pglite') {
    const onPostgres = async (url) => {
      const r = await measure(model, 'PostgreSQL', { DATABASE_URL: url }, () => createAdmin(url));
      console.log(`RESULT runtime-overhead-postgres p50_ms=${r.p50.toFixed(2)} p99_ms=${r.p99.toFixed(2)} cpu_ms=${r.cpuPerInvoke.toFixed(2)}`);
    };
    if (process.env.DATABASE_URL) await onPostgres(process.env.DATABASE_URL);
    else await withThrowawayPostgres(onPostgres);
  }
} finally {
  await model.close();
}
