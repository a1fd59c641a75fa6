// Many people using the studio at once, on the embedded PGlite and on a real PostgreSQL. The built
// server (server/dist/main.js, as `npm start` runs it) with the openai provider pointed at the local
// model server; USERS distinct members created through the admin API and a few library missions
// written through the gateway before the timed part. Then every user, all starting together, signs in
// once and loops until the time is up: list agents (GET /api/v1/agent/list), read missions through the
// gateway (GET /rest/v1/missions with the user's token), invoke a one-step agent (POST
// /api/v1/agent/invoke). Prints throughput, p50/p99 per request kind and overall, errors by status and
// the load average. Loopback only; bounded by time and by MAX_REQUESTS. Figures only, no assertions.
// Sign-in limits per address are lifted for the run: every user comes from 127.0.0.1.
//
// PostgreSQL: DATABASE_URL when given (use a database of its own: the bench leaves its users there),
// else a throwaway cluster of Debian's PostgreSQL (bench/postgres.mjs), deleted at the end; its first
// administrator is made by `npm run admin -- create`, as an operator would.
//
// Usage: pnpm build && node bench/load.mjs [--seconds 60] [--users 200] [--db pglite|postgres|both]
//   or LOAD_BENCH_SECONDS / LOAD_BENCH_USERS / LOAD_BENCH_DB
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { ROOT, startServer } from './lib.mjs';

const { values: flags } = parseArgs({ options: { seconds: { type: 'string' }, users: { type: 'string' }, db: { type: 'string' } } });
const SECONDS = Number(flags.seconds ?? process.env.LOAD_BENCH_SECONDS ?? 60);
const USERS = Number(flags.users ?? process.env.LOAD_BENCH_USERS ?? 200);
const DB = flags.db ?? process.env.LOAD_BENCH_DB ?? 'both';
if (!(SECONDS > 0 && SECONDS <= 600) || !(Number.isInteger(USERS) && USERS >= 1 && USERS <= 1000) || !['pglite', 'postgres', 'both'].includes(DB)) {
  console.error('Usage: node bench/load.mjs [--seconds 1..600] [--users 1..1000] [--db pglite|postgres|both]');
  process.exit(2);
}
const MAX_REQUESTS = 1_000_000;
// long enough to see the last of USERS simultaneous sign-ins answer (each hash is ~¼ s of a core, queued)
const REQUEST_TIMEOUT_MS = 180_000;
const MISSIONS = 20;
const AGENT = 'Load Echo';
const API_KEY = 'load-bench-key';
const PASSWORD = `load-${randomBytes(6).toString('hex')}`;
const MISSIONS_QUERY = '/rest/v1/missions?select=id,name,status,agent_name&order=created_at.desc&limit=20';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);

/** One HTTP request over the shared keep-alive agent: status, time and the body (for errors and tokens). */
function send(agent, base, method, pathname, { token, body } = {}) {
  const url = new URL(pathname, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          ...(token ? { authorization: `Bearer ${token}`, apikey: 'load-bench' } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, text: Buffer.concat(chunks).toString() }));
        res.on('error', () => resolve({ status: 'reset', ms: performance.now() - started, text: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: error.message === 'timeout' ? 'timeout' : 'network', ms: performance.now() - started, text: error.message }));
    req.end(payload);
  });
}

async function must(agent, base, method, pathname, options, expected = [200, 201]) {
  const r = await send(agent, base, method, pathname, options);
  if (!expected.includes(r.status)) throw new Error(`${method} ${pathname} → ${r.status}: ${r.text.slice(0, 300)}`);
  return r.text ? JSON.parse(r.text) : undefined;
}

/** `work(i)` for i in 0..count-1, `parallel` at a time. */
async function pool(count, parallel, work) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, async () => {
    while (next < count) await work(next++);
  }));
}

/** The users, the agent and the missions, before the clock starts. */
async function prepare(agent, base, admin) {
  const { token } = await must(agent, base, 'POST', '/api/auth/login', { body: admin });
  await must(agent, base, 'POST', '/api/v1/agent/save', {
    token,
    body: {
      name: AGENT,
      description: 'One step, echoed by the local model server',
      steps: [{ name: 'Answer', query: 'Summarise {{query}}', system: ['Be brief.'], model: { provider: 'openai', model: 'gpt-4o-mini', max_retries: 0 } }],
      // every member may run it; the default 60 a minute would stop the benchmark
      settings: { access: ['all_users'], rate_limit: 100_000 },
    },
  });
  await pool(MISSIONS, 4, (i) =>
    must(agent, base, 'POST', '/rest/v1/missions', {
      token,
      body: { name: `Load mission ${i}`, agent_id: AGENT, agent_name: AGENT, prompt: `Report ${i}`, scope: 'library', status: 'active', schedule: { type: 'on-demand' }, delivery: { channels: ['feed'] }, created_by: admin.email },
    }),
  );
  const tag = randomBytes(3).toString('hex');
  const users = Array.from({ length: USERS }, (_, i) => ({ environment: admin.environment, library: admin.library, email: `load-${tag}-${i}@bench.local`, password: PASSWORD }));
  // each creation hashes a password: two at a time on a small machine
  await pool(USERS, 2, (i) => must(agent, base, 'POST', '/api/v1/admin/users', { token, body: { email: users[i].email, name: `Load user ${i}`, role: 'member', password: PASSWORD } }));
  return users;
}

/** The timed part: every user signs in, then list → missions → invoke until the deadline. */
async function drive(agent, base, users) {
  const load1 = os.loadavg()[0];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const samples = { 'sign-in': [], 'agent list': [], 'missions (gateway)': [], invoke: [] };
  const errors = new Map();
  const firstBody = new Map();
  let sent = 0;
  let missionRows;
  let lastSignIn = 0;
  let inWindow = 0;
  const note = (kind, r, ok) => {
    samples[kind].push(r.ms);
    if (performance.now() <= deadline) inWindow++;
    if (ok) return;
    const key = `${kind} ${r.status}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
    if (!firstBody.has(key)) firstBody.set(key, r.text.slice(0, 200));
  };
  const more = () => performance.now() < deadline && sent < MAX_REQUESTS;
  const user = async (who, i) => {
    sent++;
    const signIn = await send(agent, base, 'POST', '/api/auth/login', { body: who });
    note('sign-in', signIn, signIn.status === 200);
    lastSignIn = Math.max(lastSignIn, performance.now() - started);
    if (signIn.status !== 200) return;
    const { token } = JSON.parse(signIn.text);
    for (let n = 0; more(); n++) {
      sent++;
      const list = await send(agent, base, 'GET', '/api/v1/agent/list', { token });
      note('agent list', list, list.status === 200);
      if (!more()) break;
      sent++;
      const missions = await send(agent, base, 'GET', MISSIONS_QUERY, { token });
      note('missions (gateway)', missions, missions.status === 200);
      if (missions.status === 200) missionRows ??= JSON.parse(missions.text).length;
      if (!more()) break;
      sent++;
      const run = await send(agent, base, 'POST', '/api/v1/agent/invoke', { token, body: { name: AGENT, query: `customer ${i}-${n}` } });
      note('invoke', run, run.status === 200);
    }
  };
  await Promise.all(users.map(user));
  return { samples, errors, firstBody, elapsed: performance.now() - started, missionRows, lastSignIn, inWindow, load1, load1End: os.loadavg()[0] };
}

async function scenario(label, key, env, firstAdmin) {
  const server = await startServer(0, { ...env, LOGIN_RATE_LIMIT: String(USERS * 10), LOGIN_ADDRESS_RATE_LIMIT: String(USERS * 10) });
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 8 });
  try {
    const admin = await firstAdmin();
    const prepStarted = performance.now();
    const users = await prepare(agent, server.url, admin);
    const prepS = (performance.now() - prepStarted) / 1000;
    const r = await drive(agent, server.url, users);
    const all = Object.values(r.samples).flat().sort((a, b) => a - b);
    const errorCount = [...r.errors.values()].reduce((a, b) => a + b, 0);
    // throughput over the timed window; sign-ins still queued at its end answer later and only add latency
    const rps = r.inWindow / SECONDS;
    console.log(`${label}: ${USERS} users for ${SECONDS} s (prepared ${USERS} users, the agent and ${MISSIONS} missions in ${prepS.toFixed(1)} s); load average ${r.load1.toFixed(2)} → ${r.load1End.toFixed(2)} on ${os.cpus().length} CPUs`);
    for (const [kind, values] of Object.entries(r.samples)) {
      const sorted = values.sort((a, b) => a - b);
      const extra = kind.startsWith('missions') ? `  (${r.missionRows ?? 0} rows per answer)` : kind === 'sign-in' ? `  (the last answered ${ms(r.lastSignIn)} after the start)` : '';
      console.log(`  ${kind.padEnd(20)} ${String(sorted.length).padStart(7)} requests  p50 ${ms(percentile(sorted, 50)).padStart(9)}  p99 ${ms(percentile(sorted, 99)).padStart(9)}${extra}`);
    }
    console.log(`  ${'all'.padEnd(20)} ${String(all.length).padStart(7)} requests (${r.inWindow} answered within the ${SECONDS} s → ${rps.toFixed(0)} req/s; the last ${(r.elapsed / 1000).toFixed(1)} s after the start)  p50 ${ms(percentile(all, 50))}  p99 ${ms(percentile(all, 99))}`);
    const signedIn = Object.entries(r.samples).filter(([kind]) => kind !== 'sign-in').flatMap(([, v]) => v).sort((a, b) => a - b);
    console.log(`  ${'all but sign-in'.padEnd(20)} ${String(signedIn.length).padStart(7)} requests  p50 ${ms(percentile(signedIn, 50)).padStart(9)}  p99 ${ms(percentile(signedIn, 99)).padStart(9)}`);
    console.log(`  errors: ${errorCount}${errorCount ? ` (${[...r.errors].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`);
    for (const [k, body] of r.firstBody) console.log(`    first ${k}: ${body}`);
    console.log(
      `RESULT load-${key} users=${USERS} seconds=${SECONDS} rps=${rps.toFixed(0)} p50_ms=${percentile(all, 50).toFixed(0)} p99_ms=${percentile(all, 99).toFixed(0)} ` +
        `errors=${errorCount} sign_in_p99_ms=${percentile(r.samples['sign-in'], 99).toFixed(0)} signed_in_p99_ms=${percentile(signedIn, 99).toFixed(0)} load1=${r.load1End.toFixed(2)}`,
    );
  } finally {
    agent.destroy();
    await server.stop();
  }
}

if (!existsSync(path.join(ROOT, 'server', 'dist', 'main.js'))) {
  console.error('Build the server first: pnpm --filter @accent/server build');
  process.exit(1);
}
const { startModelServer } = await import('../server/dist/testing/model-server.js');
const model = await startModelServer({ apiKey: API_KEY });
// the model server keeps every request for tests; a load run needs none of them
const forget = setInterval(() => model.requests.splice(0), 1000);
const env = { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: model.url };
console.log(`Load: ${USERS} users at once for ${SECONDS} s each on ${DB === 'both' ? 'PGlite and PostgreSQL' : DB}; each signs in once, then agent list → missions via /rest/v1 → invoke, one after another`);
try {
  if (DB !== 'postgres') {
    const demoAdmin = { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin' };
    await scenario('embedded PGlite', 'pglite', { ...env, DATABASE_URL: '' }, async () => demoAdmin);
  }
  if (DB !== 'pglite') {
    const onPostgres = (url) =>
      scenario('PostgreSQL', 'postgres', { ...env, DATABASE_URL: url }, async () => {
        // the server has migrated the database; an empty PostgreSQL gets its first administrator this way
        const admin = { environment: 'load-bench', library: 'load', email: `load-admin-${randomBytes(3).toString('hex')}@bench.local`, password: `Load-admin-${randomBytes(8).toString('hex')}` };
        await promisify(execFile)(process.execPath, ['server/dist/admin/cli.js', 'create', '--email', admin.email, '--password', admin.password, '--environment', admin.environment, '--library', admin.library], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url },
        });
        return admin;
      });
    if (process.env.DATABASE_URL) await onPostgres(process.env.DATABASE_URL);
    else {
      const { withThrowawayPostgres } = await import('./postgres.mjs');
      await withThrowawayPostgres(onPostgres);
    }
  }
} finally {
  clearInterval(forget);
  await model.close();
}
