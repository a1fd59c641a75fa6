// What the revocation check costs per request: every authenticated request reads the caller's current
// state (user active, role, library, sign-in not ended) in one indexed lookup instead of trusting the
// token until it expires. Prints, for the embedded PGlite and for a real PostgreSQL (DATABASE_URL, else a
// throwaway cluster of Debian's PostgreSQL on 127.0.0.1:55434):
//   - the token's signature check alone and the database check alone, sequentially: p50/p99 in µs;
//   - an authenticated GET (/api/v1/agent/demo: no query but the guard's) over HTTP with 20 concurrent
//     clients for a few seconds: requests/s and p50/p99 in ms.
// Figures only, no assertions.
//
// Usage: pnpm --filter @accent/server build && node bench/revocation.mjs
//   REVOCATION_BENCH_SECONDS (default 5), REVOCATION_BENCH_CLIENTS (default 20)
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { withThrowawayPostgres } from './postgres.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'server', 'dist');
const SEQUENTIAL = 3000;
const CLIENTS = Number(process.env.REVOCATION_BENCH_CLIENTS ?? 20);
const DURATION_MS = Number(process.env.REVOCATION_BENCH_SECONDS ?? 5) * 1000;
const SECRET = 'revocation-bench-secret-that-is-long-enough';

const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);
const [{ buildApp }, { loadConfig }, { openDatabase }, { migrate }, { createAccessTokens }, { findCurrentCaller }, { issueRefreshToken }] = await Promise.all([
  load('app.js'),
  load('config.js'),
  load('db/database.js'),
  load('db/migrate.js'),
  load('auth/access-token.js'),
  load('auth/users.js'),
  load('auth/refresh-tokens.js'),
]);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

async function timeSequential(work) {
  for (let i = 0; i < 200; i++) await work(); // warm-up
  const samples = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    await work();
    samples.push((performance.now() - started) * 1000);
  }
  return summary(samples);
}

function get(agent, port, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/agent/demo', agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function drive(port, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const run = async (ms) => {
    const deadline = performance.now() + ms;
    const latencies = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) {
          const { status, ms: took } = await get(agent, port, token);
          if (status !== 200) errors++;
          latencies.push(took);
        }
      }),
    );
    return { latencies, errors };
  };
  await run(1000); // warm-up
  const started = performance.now();
  const { latencies, errors } = await run(DURATION_MS);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { perSecond: latencies.length / seconds, errors, ...summary(latencies) };
}

async function scenario(label, env) {
  const config = loadConfig({
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: SECRET,
    ACCENT_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'accent-revocation-bench-')),
    STATIC_ROOT: mkdtempSync(path.join(tmpdir(), 'accent-revocation-static-')),
  });
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite' });
  await migrate(database);
  const tag = randomUUID().slice(0, 8);
  const account = await database.db.insertInto('accounts').values({ name: `revocation-bench-${tag}` }).returning('id').executeTakeFirstOrThrow();
  const environment = await database.db.insertInto('environments').values({ account_id: account.id, name: `revocation-bench-${tag}` }).returning('id').executeTakeFirstOrThrow();
  const library = await database.db.insertInto('libraries').values({ environment_id: environment.id, name: 'bench' }).returning('id').executeTakeFirstOrThrow();
  // other users and sign-ins around, so the lookups are not on a near-empty table
  await database.runScript(`
    INSERT INTO users (account_id, library_id, email, name, role, password_hash)
    SELECT '${account.id}', '${library.id}', 'bench-' || g || '-${tag}@bench.local', 'Bench ' || g, 'member', 'no-sign-in'
      FROM generate_series(1, 2000) g;
    INSERT INTO refresh_tokens (family_id, user_id, token_hash, expires_at)
    SELECT gen_random_uuid(), u.id, md5(u.email || g), now() + interval '1 day'
      FROM users u, generate_series(1, 5) g WHERE u.email LIKE 'bench-%-${tag}@bench.local';
    ANALYZE users; ANALYZE refresh_tokens;
  `);
  const user = await database.db.selectFrom('users').select(['id', 'email']).where('email', '=', `bench-1-${tag}@bench.local`).executeTakeFirstOrThrow();
  const { sessionId } = await issueRefreshToken(database.db, user.id, false);
  const tokens = createAccessTokens(SECRET, 3600);
  const { token } = await tokens.sign({ id: user.id, role: 'member', libraryId: library.id, env: `revocation-bench-${tag}`, email: user.email, sessionId });

  const verify = await timeSequential(() => tokens.verify(token));
  const check = await timeSequential(() => findCurrentCaller(database.db, { id: user.id, sessionId }));

  const app = await buildApp({ config, db: database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const httpFigures = await drive(app.server.address().port, token);
  await app.close();
  if (database.kind === 'postgres') await database.runScript(`DELETE FROM accounts WHERE name = 'revocation-bench-${tag}'`);
  await database.close();

  const key = database.kind === 'postgres' ? 'postgres' : 'pglite';
  console.log(
    `RESULT revocation-${key} check_p50_us=${check.p50.toFixed(0)} check_p99_us=${check.p99.toFixed(0)} verify_p50_us=${verify.p50.toFixed(0)} rps=${httpFigures.perSecond.toFixed(0)} p50_ms=${httpFigures.p50.toFixed(2)} p99_ms=${httpFigures.p99.toFixed(2)} errors=${httpFigures.errors}`,
  );
  const us = (v) => `${v.toFixed(0)} µs`;
  console.log(`\n${label}`);
  console.log(`  token signature check alone     p50 ${us(verify.p50)}   p99 ${us(verify.p99)}   (${SEQUENTIAL} sequential)`);
  console.log(`  revocation check (database)     p50 ${us(check.p50)}   p99 ${us(check.p99)}   (${SEQUENTIAL} sequential)`);
  console.log(
    `  GET /api/v1/agent/demo, ${CLIENTS} clients  ${httpFigures.perSecond.toFixed(0)} req/s   p50 ${httpFigures.p50.toFixed(2)} ms   p99 ${httpFigures.p99.toFixed(2)} ms   errors ${httpFigures.errors}`,
  );
}

console.log(`Revocation check: the caller's state read from the database on every authenticated request (node ${process.version})`);
await scenario('PGlite (embedded, in memory)', {});
if (process.env.DATABASE_URL) await scenario('PostgreSQL (DATABASE_URL)', { DATABASE_URL: process.env.DATABASE_URL });
else await withThrowawayPostgres((url) => scenario('PostgreSQL (throwaway cluster)', { DATABASE_URL: url }));
