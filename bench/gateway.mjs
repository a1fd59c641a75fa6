// The data gateway under load: 10,000 missions of one library (bulk-inserted as the owner), then 50
// concurrent clients each sending, one after another, the missions list's filtered read with a member's
// token, for a fixed time (and at most MAX_REQUESTS in all). Prints throughput and p50/p99 latency for
// the embedded PGlite and for a real PostgreSQL: DATABASE_URL when given (the bench's rows are removed
// afterwards), else a throwaway cluster of Debian's PostgreSQL on 127.0.0.1:55432 (installed with apt
// when missing and running as root), stopped and deleted at the end. Figures only, no assertions.
//
// The floor is measured in the same run: the statements the gateway sent for that request (recorded
// from the driver: transaction, role and claims, the select), replayed straight through `pg` (50
// connections) or PGlite (in the server's process, 50 concurrent transactions) by the same number of
// clients for the same time. The ratios say how far the gateway is from the database's own speed.
//
// Usage: pnpm --filter @accent/server build && node bench/gateway.mjs
//   GATEWAY_BENCH_SECONDS (default 10), GATEWAY_BENCH_CLIENTS (default 50),
//   GATEWAY_BENCH_ONLY=pglite|postgres (one database), GATEWAY_BENCH_NODE_ARGS (for the server process,
//   e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { withThrowawayPostgres } from './postgres.mjs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
// GATEWAY_BENCH_DIST: another build of the server (a folder inside server/, so its packages resolve), to compare two builds
const DIST = path.resolve(ROOT, process.env.GATEWAY_BENCH_DIST ?? path.join('server', 'dist'));
const THIS_FILE = fileURLToPath(import.meta.url);

const MISSIONS = 10_000;
const AGENTS = 20;
const USERS = 5;
const CLIENTS = Number(process.env.GATEWAY_BENCH_CLIENTS ?? 50);
const DURATION_MS = Number(process.env.GATEWAY_BENCH_SECONDS ?? 10) * 1000;
const WARM_UP_MS = 1500;
const MAX_REQUESTS = 500_000;
// user 1 owns every mission of "Agent 5" (see the seed), so the member's filtered read finds rows
const AGENT = 'Agent 5';
const QUERY = `/rest/v1/missions?select=id,name,status&agent_id=eq.${encodeURIComponent(AGENT)}&status=eq.active&order=created_at.desc&limit=20`;

// ---------------------------------------------------------------------------------------------------
// Child process: the real server (built), migrated and seeded, on a loopback port.
async function serve() {
  const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);
  const [{ buildApp }, { loadConfig }, { databaseTargetFor, openDatabase }, { migrate }, { createAccessTokens }, { issueRefreshToken }] = await Promise.all([
    load('app.js'),
    load('config.js'),
    load('db/database.js'),
    load('db/migrate.js'),
    load('auth/access-token.js'),
    load('auth/refresh-tokens.js'),
  ]);
  const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' });
  const database = await openDatabase(databaseTargetFor(config));
  await migrate(database);

  // Bulk insert as the owner (no RLS): one library, USERS members, MISSIONS missions over AGENTS agents.
  const tag = process.env.BENCH_TAG;
  await database.runScript(`
    WITH a AS (INSERT INTO accounts (name) VALUES ('gateway-bench-${tag}') RETURNING id),
         e AS (INSERT INTO environments (account_id, name) SELECT id, 'gateway-bench-${tag}' FROM a RETURNING id, account_id),
         l AS (INSERT INTO libraries (environment_id, name) SELECT id, 'bench' FROM e RETURNING id)
    INSERT INTO users (account_id, library_id, email, name, role, password_hash)
    SELECT e.account_id, l.id, 'bench-' || g || '-${tag}@bench.local', 'Bench ' || g, 'member', 'no-sign-in'
      FROM e, l, generate_series(1, ${USERS}) g;
    INSERT INTO missions (id, library_id, user_id, name, description, agent_id, agent_name, prompt, status, scope, tags, created_at)
    SELECT 'bench-${tag}-' || g, u.library_id, u.id, 'Mission ' || g, 'Benchmark mission number ' || g,
           'Agent ' || (g % ${AGENTS}), 'Agent ' || (g % ${AGENTS}), 'Summarise the pipeline',
           (ARRAY['active', 'paused', 'draft'])[1 + g % 3], CASE WHEN g % 4 = 0 THEN 'library' ELSE 'private' END,
           ARRAY['bench'], now() - make_interval(secs => g)
      FROM generate_series(1, ${MISSIONS}) g
      JOIN users u ON u.email = 'bench-' || (1 + g % ${USERS}) || '-${tag}@bench.local';
    ANALYZE missions;
  `);
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'library_id', 'email'])
    .where('email', '=', `bench-1-${tag}@bench.local`)
    .executeTakeFirstOrThrow();
  // a token of a live sign-in: the gateway checks the sign-in on every request
  const { sessionId } = await issueRefreshToken(database.db, user.id, false);
  const { token } = await createAccessTokens(config.jwtSecret, 3600).sign({ id: user.id, role: 'member', libraryId: user.library_id, env: `gateway-bench-${tag}`, email: user.email, sessionId });

  // Record what the gateway sends to the database for one request, for the floor.
  const recorded = [];
  let recording = false;
  if (database.kind === 'postgres') {
    const { Client } = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');
    const query = Client.prototype.query;
    Client.prototype.query = function (config, values, callback) {
      if (recording) recorded.push(typeof config === 'string' ? { text: config, values: values ?? [] } : { text: config.text, values: config.values ?? [] });
      return query.call(this, config, values, callback);
    };
  } else {
    const transaction = database.pglite.transaction.bind(database.pglite);
    database.pglite.transaction = (work) =>
      transaction((tx) => {
        if (!recording) return work(tx);
        const spy = Object.create(tx);
        spy.query = (text, values, options) => (recorded.push({ text, values: values ?? [] }), tx.query(text, values, options));
        // a batch of statements in one simple-protocol message
        spy.exec = (text, options) => {
          recorded.push({ text, exec: true });
          return tx.exec(text, options);
        };
        return work(spy);
      });
  }

  const app = await buildApp({ config, db: database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  await fetch(`http://127.0.0.1:${port}${QUERY}`, { headers: { authorization: `Bearer ${token}` } }); // loads the schema cache
  recording = true;
  const probe = await fetch(`http://127.0.0.1:${port}${QUERY}`, { headers: { authorization: `Bearer ${token}` } });
  recording = false;
  if (probe.status !== 200) throw new Error(`the gateway answered ${probe.status}: ${await probe.text()}`);
  const floorQueries = recorded;
  let version = 'PGlite';
  if (database.kind === 'postgres') {
    const { v } = await database.db.selectNoFrom((eb) => eb.fn('version', []).as('v')).executeTakeFirstOrThrow();
    version = String(v).split(' on ')[0].split(' (')[0];
  }
  process.send({ port, token, version, floorQueries });
  process.on('message', async (message) => {
    // PGlite lives in this process: its floor runs here, with the server idle
    if (message?.floor) return process.send({ floor: await drivePglite(database.pglite, floorQueries) });
    if (message !== 'stop') return;
    await app.close();
    if (database.kind === 'postgres') {
      // leave a given database as it was
      await database.runScript(`DELETE FROM accounts WHERE name = 'gateway-bench-${tag}'`);
    }
    await database.close();
    process.exit(0);
  });
}

/** The floor on PGlite: the recorded statements in one PGlite transaction, CLIENTS at a time. */
async function drivePglite(pglite, queries) {
  const inner = queries.filter((q) => !/^\s*(begin|commit)\s*$/i.test(q.text));
  const once = () => pglite.transaction(async (tx) => {
    for (const q of inner) await (q.exec ? tx.exec(q.text) : tx.query(q.text, q.values));
  });
  return driveLoop(once, WARM_UP_MS, DURATION_MS);
}

/** The floor on PostgreSQL: the recorded statements (begin … commit) over CLIENTS connections of `pg`. */
async function drivePostgres(url, queries) {
  const { Client } = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');
  const clients = await Promise.all(Array.from({ length: CLIENTS }, async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    return client;
  }));
  // one connection per client, as each client of the gateway waits for its answer before the next
  const once = async (index) => {
    for (const q of queries) await (q.values.length ? clients[index].query(q.text, q.values) : clients[index].query(q.text));
  };
  try {
    return await driveLoop(once, WARM_UP_MS, DURATION_MS);
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/** CLIENTS loops, each running `once` one after another; latencies of the timed part only. */
async function driveLoop(once, warmUpMs, durationMs) {
  const loop = async (deadline, latencies, index) => {
    let count = 0;
    while (performance.now() < deadline && count < MAX_REQUESTS / CLIENTS) {
      const started = performance.now();
      await once(index);
      latencies?.push(performance.now() - started);
      count++;
    }
    return count;
  };
  const warm = performance.now() + warmUpMs;
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => loop(warm, null, i)));
  const latencies = [];
  const started = performance.now();
  const deadline = started + durationMs;
  const counts = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => loop(deadline, latencies, i)));
  return { count: counts.reduce((a, b) => a + b, 0), errors: 0, elapsed: performance.now() - started, latencies: latencies.sort((a, b) => a - b) };
}

/** `SELECT set_config('role',` …: each statement of a message by its first two words, `+` between a batch's. */
const describeMessage = (q) =>
  q.text
    .split(/;\s*\n/)
    .map((statement) => statement.trim().split(/\s+/).slice(0, 2).join(' '))
    .join(' + ');

const perSecond = (r) => r.count / (r.elapsed / 1000);
const figures = (r) =>
  `${String(r.count).padStart(7)} requests in ${(r.elapsed / 1000).toFixed(1)} s → ${perSecond(r).toFixed(0).padStart(6)} req/s, ` +
  `p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------------
// Parent: start a server per database, drive it, print the figures.
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

function request(agent, port, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: QUERY, agent, headers: { authorization: `Bearer ${token}`, apikey: 'bench' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function drive(port, token, durationMs, record) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const deadline = performance.now() + durationMs;
  let sent = 0;
  let errors = 0;
  const latencies = [];
  let rowsPerAnswer;
  const client = async () => {
    while (performance.now() < deadline && sent < MAX_REQUESTS) {
      sent++;
      const { status, ms, body } = await request(agent, port, token);
      if (status !== 200) errors++;
      else rowsPerAnswer ??= JSON.parse(body.toString()).length;
      if (record) latencies.push(ms);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const elapsed = performance.now() - started;
  agent.destroy();
  return { count: sent, errors, elapsed, latencies: latencies.sort((a, b) => a - b), rowsPerAnswer };
}

async function runScenario(label, env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'accent-bench-gateway-'));
  const nodeArgs = (process.env.GATEWAY_BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, THIS_FILE, '--serve'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), BENCH_TAG: randomBytes(4).toString('hex'), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const seedStart = performance.now();
    const ready = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the ${label} server exited (${code}) before it was ready`)));
    });
    const seedMs = performance.now() - seedStart;
    await drive(ready.port, ready.token, WARM_UP_MS, false);
    const r = await drive(ready.port, ready.token, DURATION_MS, true);
    const name = label === 'PostgreSQL' ? ready.version : 'embedded PGlite';
    console.log(
      `${name.padEnd(22)} ${figures(r)}, errors ${r.errors} ` +
        `(${r.rowsPerAnswer ?? 0} rows per answer; start, migrate and seed ${(seedMs / 1000).toFixed(1)} s)`,
    );
    // the floor: the same statements straight to the database, same clients, same time
    const floor =
      label === 'PostgreSQL'
        ? await drivePostgres(env.DATABASE_URL, ready.floorQueries)
        : await new Promise((resolve) => {
            child.once('message', (m) => resolve(m.floor));
            child.send({ floor: true });
          });
    const throughput = perSecond(r) / perSecond(floor);
    const p99 = percentile(r.latencies, 99) / percentile(floor.latencies, 99);
    console.log(`${'  floor, same SQL'.padEnd(22)} ${figures(floor)} (${ready.floorQueries.length} messages: ${ready.floorQueries.map(describeMessage).join(' · ')})`);
    console.log(`${''.padEnd(22)} gateway/floor: throughput ${throughput.toFixed(2)}× (goal ≥ 0.5×), p99 ${p99.toFixed(2)}× (goal ≤ 2×)`);
    const key = label === 'PostgreSQL' ? 'postgres' : 'pglite';
    console.log(
      `RESULT gateway-${key} rps=${perSecond(r).toFixed(0)} p99_ms=${percentile(r.latencies, 99).toFixed(1)} floor_rps=${perSecond(floor).toFixed(0)} ` +
        `floor_p99_ms=${percentile(floor.latencies, 99).toFixed(1)} throughput_ratio=${throughput.toFixed(2)} p99_ratio=${p99.toFixed(2)}`,
    );
  } finally {
    if (child.exitCode === null) {
      child.send('stop');
      await new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(path.join(DIST, 'app.js'))) {
    console.error('Build the server first: pnpm --filter @accent/server build');
    process.exit(1);
  }
  console.log(`Data gateway: ${MISSIONS.toLocaleString('en')} missions in one library, ${CLIENTS} concurrent clients, ${DURATION_MS / 1000} s per database (after ${WARM_UP_MS / 1000} s warm-up)`);
  console.log(`GET ${QUERY}  (a member's token: row-level security applies)`);
  const { DATABASE_URL, ...withoutDatabase } = process.env;
  const only = process.env.GATEWAY_BENCH_ONLY;
  if (only !== 'postgres') await runScenario('PGlite', { ...withoutDatabase, DATABASE_URL: '' });
  if (only === 'pglite') return;
  if (DATABASE_URL) await runScenario('PostgreSQL', { DATABASE_URL });
  else await withThrowawayPostgres((url) => runScenario('PostgreSQL', { DATABASE_URL: url }));
}

if (process.argv[2] === '--serve') await serve();
else await main();
