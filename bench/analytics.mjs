// How quick is the analytics 30-day view of a busy library? 1,000,000 finished runs in one library over
// 90 days (8 sources, 40 agents, 20 users, 7% failed, latencies 200 ms–20 s), bulk-loaded with
// generate_series into run_facts, and the hourly roll-up built from them with the same sums the record-time
// trigger keeps; then the server's own aggregate function (server/src/analytics/aggregates.ts: series,
// totals, top agents, percentiles, top failures) timed for the 30-day view, p50 of several runs, on a
// throwaway PostgreSQL and on PGlite. Prints figures, asserts nothing.
// Usage: pnpm --filter @accent/server build && node bench/analytics.mjs [runs] [rows]
import { analytics } from '../server/dist/analytics/aggregates.js';
import { openDatabase } from '../server/dist/db/database.js';
import { migrate } from '../server/dist/db/migrate.js';
import { seedDemoData } from '../server/dist/db/seed.js';
import { sql } from '../server/node_modules/kysely/dist/index.js';
import { withThrowawayPostgres } from './postgres.mjs';

const RUNS = Number(process.argv[2] ?? 7);
const ROWS = Number(process.argv[3] ?? 1_000_000);
const DAYS = 90;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function load(database) {
  const db = database.db;
  if (database.kind === 'postgres') {
    // the throwaway cluster starts empty: one demo library as the embedded database gets
    await sql`SELECT 1`.execute(db);
  }
  const lib = await sql`SELECT l.id, u.account_id FROM libraries l JOIN users u ON u.library_id = l.id LIMIT 1`.execute(db);
  const { id: libraryId, account_id: accountId } = lib.rows[0];
  await sql`
    INSERT INTO users (account_id, library_id, email, name, role, password_hash)
    SELECT ${accountId}, ${libraryId}, 'bench' || i || '@accent.local', 'Bench ' || i, 'member', 'x'
    FROM generate_series(1, 18) i`.execute(db);
  const users = (await sql`SELECT id FROM users WHERE library_id = ${libraryId} ORDER BY email`.execute(db)).rows.map((r) => r.id);

  const started = performance.now();
  // one row per run; hash-derived columns so the load is the same on every engine
  await sql`
    INSERT INTO run_facts (run_id, library_id, started_at, source, name, user_id, status, duration_ms, tokens_in, tokens_out, cost_usd, error)
    SELECT gen_random_uuid(), ${libraryId}::uuid,
           now() - (i::double precision / ${ROWS} * ${DAYS} * interval '1 day'),
           (ARRAY['agent-test','chatbot','api','agent','mission','background','page','flow'])[(1 + (i * 7) % 8)::int],
           'Agent ' || ((i * 13) % 40),
           (ARRAY[${sql.join(users.map((u) => sql`${u}::uuid`))}])[(1 + (i * 17) % ${users.length})::int],
           CASE WHEN (i * 31) % 100 < 7 THEN 'failed' ELSE 'succeeded' END,
           (200 + (i * 7919) % 19800)::int,
           300 + (i * 37) % 3000, 50 + (i * 53) % 800,
           CASE WHEN i % 500 = 0 THEN NULL ELSE ((300 + (i * 37) % 3000) * 0.15 + (50 + (i * 53) % 800) * 0.6) / 1000000 END,
           CASE WHEN (i * 31) % 100 < 7 THEN (ARRAY['The model timed out','OpenAI rejected the API key','Tool failed: CRM unreachable'])[(1 + i % 3)::int] END
    FROM generate_series(1::bigint, ${ROWS}::bigint) i`.execute(db);
  await sql`
    INSERT INTO run_rollup_hourly (library_id, hour, source, name, runs, succeeded, failed, tokens_in, tokens_out, cost_usd, unpriced)
    SELECT library_id, date_trunc('hour', started_at, 'UTC'), source, name, count(*), count(*) FILTER (WHERE status = 'succeeded'),
           count(*) FILTER (WHERE status = 'failed'), sum(tokens_in), sum(tokens_out), COALESCE(sum(cost_usd), 0), count(*) FILTER (WHERE cost_usd IS NULL)
    FROM run_facts GROUP BY 1, 2, 3, 4`.execute(db);
  // what autovacuum does to a table that grew: statistics, and the visibility map index-only scans need
  await sql`VACUUM ANALYZE run_facts`.execute(db);
  await sql`VACUUM ANALYZE run_rollup_hourly`.execute(db);
  const rollup = (await sql`SELECT count(*)::int AS n FROM run_rollup_hourly`.execute(db)).rows[0].n;
  console.log(`  loaded ${ROWS.toLocaleString('en')} runs over ${DAYS} days (${rollup.toLocaleString('en')} roll-up rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { libraryId, member: users[3] };
}

async function time(label, work) {
  await work(); // warm-up
  const ms = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    last = await work();
    ms.push(performance.now() - t);
  }
  console.log(`  ${label.padEnd(48)} p50 ${median(ms).toFixed(1)} ms  (min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)}; ${last.totals.runs.toLocaleString('en')} runs in view)`);
}

async function measure(name, database) {
  console.log(`${name}:`);
  await migrate(database);
  await seedDemoData(database, { isProduction: false }).catch(() => undefined);
  const { libraryId, member } = await load(database);
  const library = { libraryId, userId: null, scope: 'library' };
  const q = { period: '30d', tz: 'Europe/Paris' };
  await time('30-day view, whole library (admin)', () => analytics(database.db, q, library));
  await time('30-day view, one agent', () => analytics(database.db, { ...q, agent: 'Agent 7' }, library));
  await time('30-day view, one source', () => analytics(database.db, { ...q, source: 'chatbot' }, library));
  await time("30-day view, one member's own runs", () => analytics(database.db, q, { libraryId, userId: member, scope: 'own' }));
  await time('24-hour view, whole library', () => analytics(database.db, { period: '24h', tz: 'UTC' }, library));
}

await withThrowawayPostgres(async (url) => {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    // a cluster has no demo data: the seed only fills the embedded database, so create one library
    await migrate(database);
    const has = (await sql`SELECT count(*)::int AS n FROM libraries`.execute(database.db)).rows[0].n;
    if (!has) {
      await sql`WITH a AS (INSERT INTO accounts (name) VALUES ('Bench') RETURNING id),
                     e AS (INSERT INTO environments (account_id, name) SELECT id, 'bench' FROM a RETURNING id, account_id),
                     l AS (INSERT INTO libraries (environment_id, name) SELECT id, 'bench' FROM e RETURNING id)
                INSERT INTO users (account_id, library_id, email, name, role, password_hash)
                SELECT e.account_id, l.id, 'admin@bench.local', 'Bench Admin', 'admin', 'x' FROM e, l`.execute(database.db);
    }
    await measure(`PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`, database);
  } finally {
    await database.close();
  }
});

const pglite = await openDatabase({ kind: 'pglite' });
try {
  await measure('PGlite (in memory)', pglite);
} finally {
  await pglite.close();
}
