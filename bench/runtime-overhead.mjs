// The agent runtime's own overhead per invoke: total request time minus the time the run spent inside
// the model call (model_ms, as recorded in its run). Starts the built server on a fresh embedded
// database with the openai provider pointed at the local model server (server/dist/testing), signs in
// as the demo admin, creates a one-step agent, runs 1,000 invokes one after another and prints p50/p99.
// Usage: pnpm --filter @accent/server build && node bench/runtime-overhead.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startModelServer } from '../server/dist/testing/model-server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
// a free port, so the benchmark never collides with another server on this machine
const PORT = await new Promise((resolve, reject) => {
  const probe = createServer().once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const BASE = `http://127.0.0.1:${PORT}`;
const INVOKES = 1000;
const WARM_UP = 20;
const API_KEY = 'sk-bench-0000000000000000';

async function waitForServer(url, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function api(method, url, token, body) {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
  return response;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v) => `${v.toFixed(2)} ms`;

const model = await startModelServer({ apiKey: API_KEY });
const dataDir = mkdtempSync(path.join(tmpdir(), 'accent-bench-runtime-'));
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: model.url },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForServer(`${BASE}/api/v1/remotes`);
  const login = await (
    await api('POST', '/api/auth/login', null, { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin' })
  ).json();
  const token = login.token;
  await api('POST', '/api/v1/agent/save', token, {
    name: 'Bench Echo',
    description: 'One step, echoed by the local model server',
    query: 'Summarise {{topic}}',
    params: { topic: 'pricing' },
    steps: [{ name: 'Answer', query: 'Summarise {{topic}} for {{query}}', system: ['Be brief.'], model: { provider: 'openai', model: 'gpt-4o-mini', max_retries: 0 } }],
    // the default 60 per minute would stop the benchmark
    settings: { rate_limit: 100_000 },
  });

  const invoke = async (i) => {
    const started = performance.now();
    const response = await api('POST', '/api/v1/agent/invoke', token, { name: 'Bench Echo', query: `customer ${i}`, params: { topic: 'pricing' } });
    await response.text();
    return { totalMs: performance.now() - started, runId: response.headers.get('x-run-id') };
  };

  for (let i = 0; i < WARM_UP; i++) await invoke(-i);
  const runs = [];
  const loopStarted = performance.now();
  for (let i = 0; i < INVOKES; i++) runs.push(await invoke(i));
  const loopMs = performance.now() - loopStarted;

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

  console.log(`runtime overhead per invoke (total request time − model_ms), ${INVOKES} sequential invokes after ${WARM_UP} warm-up, embedded PGlite, one step, local model server:`);
  console.log(`  overhead p50 ${ms(percentile(overheads, 50))}   p99 ${ms(percentile(overheads, 99))}   mean ${ms(mean)}   max ${ms(overheads[overheads.length - 1])}`);
  console.log(`RESULT runtime-overhead p50_ms=${percentile(overheads, 50).toFixed(2)} p99_ms=${percentile(overheads, 99).toFixed(2)}`);
  console.log(`  model_ms p50 ${ms(percentile(modelTimes, 50))}   p99 ${ms(percentile(modelTimes, 99))}`);
  console.log(`  total ${(loopMs / 1000).toFixed(2)} s for ${INVOKES} invokes (${(INVOKES / (loopMs / 1000)).toFixed(0)} invokes/s); the model server saw ${model.requests.length} requests`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await model.close();
  rmSync(dataDir, { recursive: true, force: true });
}
