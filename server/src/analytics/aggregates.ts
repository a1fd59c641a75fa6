// The analytics figures, summed in SQL: per-bucket series, totals, top agents and cost from the hourly
// roll-up (or, when the view is one user's, from that user's run_facts rows, which the user index finds
// quickly), latency percentiles and top failures from run_facts. Buckets are the viewer's hours or days;
// every bucket of the period is present, empty ones with zeros.
import type { AnalyticsQuery, AnalyticsResponse } from '@accent/shell-common';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import { toCount, toIso } from '../db/values.js';

export interface AnalyticsScope {
  libraryId: string;
  /** only this user's runs (a member's own, or an administrator's user filter) */
  userId: string | null;
  scope: 'library' | 'own';
}

interface Period {
  from: Date;
  to: Date;
  bucket: 'hour' | 'day';
}

/** Custom ranges up to this many days are shown by hour. */
const HOURLY_UP_TO_DAYS = 3;
const TOP = 10;

/** The period's bounds as instants: whole hours for 24 h, whole local days (DST days included) otherwise. */
async function periodOf(db: Kysely<DB>, q: AnalyticsQuery, now: Date): Promise<Period> {
  const tz = q.tz;
  if (q.period === '24h') {
    const { rows } = await sql<{ from: Date; to: Date }>`
      SELECT date_trunc('hour', ${now}::timestamptz, 'UTC') - interval '23 hours' AS "from",
             date_trunc('hour', ${now}::timestamptz, 'UTC') + interval '1 hour' AS "to"`.execute(db);
    return { ...rows[0], bucket: 'hour' };
  }
  const days = q.period === '7d' ? 7 : q.period === '30d' ? 30 : null;
  const { rows } =
    days === null
      ? await sql<{ from: Date; to: Date }>`
          SELECT (${q.from}::date)::timestamp AT TIME ZONE ${tz}::text AS "from",
                 ((${q.to}::date) + 1)::timestamp AT TIME ZONE ${tz}::text AS "to"`.execute(db)
      : await sql<{ from: Date; to: Date }>`
          SELECT (((${now}::timestamptz AT TIME ZONE ${tz}::text)::date) - ${days - 1}::int)::timestamp AT TIME ZONE ${tz}::text AS "from",
                 (((${now}::timestamptz AT TIME ZONE ${tz}::text)::date) + 1)::timestamp AT TIME ZONE ${tz}::text AS "to"`.execute(db);
  const from = new Date(rows[0].from);
  const to = new Date(rows[0].to);
  const hourly = days === null && (to.getTime() - from.getTime()) / 86_400_000 <= HOURLY_UP_TO_DAYS + 0.05;
  return { from, to, bucket: hourly ? 'hour' : 'day' };
}

const num = (v: unknown): number => (v == null ? 0 : Number(v));

export async function analytics(db: Kysely<DB>, q: AnalyticsQuery, who: AnalyticsScope, now = new Date()): Promise<AnalyticsResponse> {
  const tz = q.tz;
  const period = await periodOf(db, q, now);
  const { from, to } = period;

  // run_facts rows of the view
  const factFilters: RawBuilder<unknown>[] = [
    sql`f.library_id = ${who.libraryId}::uuid`,
    sql`f.started_at >= ${from}::timestamptz`,
    sql`f.started_at < ${to}::timestamptz`,
  ];
  if (who.userId) factFilters.push(sql`f.user_id = ${who.userId}::uuid`);
  if (q.source) factFilters.push(sql`f.source = ${q.source}::text`);
  if (q.agent) factFilters.push(sql`f.name = ${q.agent}::text`);
  const factWhere = sql.join(factFilters, sql` AND `);

  // the view summed per UTC hour, source and name: the roll-up itself, or one user's facts summed alike
  let hourly: RawBuilder<unknown>;
  if (who.userId) {
    hourly = sql`
      SELECT date_trunc('hour', f.started_at, 'UTC') AS hour, f.source, f.name, count(*)::int AS runs,
             count(*) FILTER (WHERE f.status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE f.status = 'failed')::int AS failed,
             sum(f.tokens_in) AS tokens_in, sum(f.tokens_out) AS tokens_out, COALESCE(sum(f.cost_usd), 0) AS cost_usd,
             count(*) FILTER (WHERE f.cost_usd IS NULL)::int AS unpriced
      FROM run_facts f WHERE ${factWhere}
      GROUP BY 1, 2, 3`;
  } else {
    const filters: RawBuilder<unknown>[] = [sql`r.library_id = ${who.libraryId}::uuid`, sql`r.hour >= ${from}::timestamptz`, sql`r.hour < ${to}::timestamptz`];
    if (q.source) filters.push(sql`r.source = ${q.source}::text`);
    if (q.agent) filters.push(sql`r.name = ${q.agent}::text`);
    hourly = sql`
      SELECT r.hour, r.source, r.name, r.runs, r.succeeded, r.failed, r.tokens_in, r.tokens_out, r.cost_usd, r.unpriced
      FROM run_rollup_hourly r WHERE ${sql.join(filters, sql` AND `)}`;
  }

  const sums = sql`sum(h.runs)::int AS runs, sum(h.succeeded)::int AS succeeded, sum(h.failed)::int AS failed,
    sum(h.tokens_in)::bigint AS tokens_in, sum(h.tokens_out)::bigint AS tokens_out, sum(h.cost_usd) AS cost_usd, sum(h.unpriced)::int AS unpriced`;

  const buckets =
    period.bucket === 'hour'
      ? sql`SELECT b AS start, to_char(b AT TIME ZONE ${tz}::text, 'YYYY-MM-DD"T"HH24:MI') AS label, date_trunc('hour', b, 'UTC') AS key
            FROM generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 hour', interval '1 hour') b`
      : sql`SELECT (d::timestamp AT TIME ZONE ${tz}::text) AS start, to_char(d, 'YYYY-MM-DD') AS label, d::date AS key
            FROM generate_series((${from}::timestamptz AT TIME ZONE ${tz}::text)::date, (${to}::timestamptz AT TIME ZONE ${tz}::text)::date - 1, interval '1 day') d`;
  const keyOf = period.bucket === 'hour' ? sql`h.hour` : sql`(h.hour AT TIME ZONE ${tz}::text)::date`;

  type Figures = { runs: number; succeeded: number; failed: number; tokens_in: unknown; tokens_out: unknown; cost_usd: unknown; unpriced: number };
  const [series, totals, agents, percentiles, failures] = await Promise.all([
    sql<Figures & { label: string; start: Date }>`
      WITH h AS (${hourly}), b AS (${buckets}),
      per AS (SELECT ${keyOf} AS key, ${sums} FROM h GROUP BY 1)
      SELECT b.label, b.start, COALESCE(per.runs, 0) AS runs, COALESCE(per.succeeded, 0) AS succeeded, COALESCE(per.failed, 0) AS failed,
             COALESCE(per.tokens_in, 0) AS tokens_in, COALESCE(per.tokens_out, 0) AS tokens_out, COALESCE(per.cost_usd, 0) AS cost_usd,
             COALESCE(per.unpriced, 0) AS unpriced
      FROM b LEFT JOIN per ON per.key = b.key ORDER BY b.start`.execute(db),
    sql<Figures>`WITH h AS (${hourly}) SELECT ${sums} FROM h`.execute(db),
    sql<Figures & { name: string }>`
      WITH h AS (${hourly}) SELECT h.name, ${sums} FROM h WHERE h.source <> 'flow'
      GROUP BY h.name ORDER BY sum(h.runs) DESC, h.name LIMIT ${TOP}`.execute(db),
    // percentile_cont sorts every duration of the period (a third of a million for a busy month): with
    // PostgreSQL's default 4 MB of sort memory that sort spills to disk, so this one query gets more
    db.transaction().execute(async (trx) => {
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      return sql<{ p50: unknown; p95: unknown }>`
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY f.duration_ms) AS p50,
               percentile_cont(0.95) WITHIN GROUP (ORDER BY f.duration_ms) AS p95
        FROM run_facts f WHERE ${factWhere} AND f.duration_ms IS NOT NULL`.execute(trx);
    }),
    sql<{ source: string; name: string; error: string; count: number; last_run_id: string; last_at: Date }>`
      SELECT f.source, f.name, left(COALESCE(f.error, ''), 300) AS error, count(*)::int AS count,
             (array_agg(f.run_id ORDER BY f.started_at DESC))[1]::text AS last_run_id, max(f.started_at) AS last_at
      FROM run_facts f WHERE ${factWhere} AND f.status = 'failed'
      GROUP BY 1, 2, 3 ORDER BY count(*) DESC, max(f.started_at) DESC LIMIT ${TOP}`.execute(db),
  ]);

  const figures = (r: Figures) => ({
    runs: toCount(r.runs),
    succeeded: toCount(r.succeeded),
    failed: toCount(r.failed),
    tokens_in: num(r.tokens_in),
    tokens_out: num(r.tokens_out),
    cost_usd: Math.round(num(r.cost_usd) * 1e6) / 1e6,
    unpriced: toCount(r.unpriced),
  });
  const total = figures(totals.rows[0]);
  const p = percentiles.rows[0];
  return {
    scope: who.scope,
    period: { from: from.toISOString(), to: to.toISOString(), tz, bucket: period.bucket },
    totals: {
      ...total,
      success_rate: total.runs > 0 ? total.succeeded / total.runs : null,
      p50_ms: p?.p50 == null ? null : Math.round(Number(p.p50)),
      p95_ms: p?.p95 == null ? null : Math.round(Number(p.p95)),
    },
    series: series.rows.map((r) => ({ label: r.label, start: toIso(r.start), ...figures(r) })),
    top_agents: agents.rows.map((r) => ({ name: r.name, ...figures(r) })),
    top_failures: failures.rows.map((r) => ({
      source: r.source as AnalyticsResponse['top_failures'][number]['source'],
      name: r.name,
      error: r.error,
      count: toCount(r.count),
      last_run_id: r.last_run_id,
      last_at: toIso(r.last_at),
    })),
  };
}
