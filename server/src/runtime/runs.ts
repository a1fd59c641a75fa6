// Recorded runs (agent_runs): started as 'running' — atomically with the per-agent rate limit, so the
// limit holds across server processes — then finished with the output, trace, tokens and timings.
import type { RunDetail, RunSource, RunStatus, RunSummary, RunTrace, RunUsage } from '@accent/agents-common';
import { sql, type Kysely } from 'kysely';
import type { DB, RunInput } from '../db/schema.js';
import { inTransaction, toCount, toIso, toJson } from '../db/values.js';
import { RUN_MESSAGES, RunError } from './errors.js';

export const RATE_WINDOW_SECONDS = 60;

export interface StartRunInput {
  libraryId: string;
  agentId: string | null;
  agentName: string;
  agentVersion: number | null;
  userId: string | null;
  threadId: string;
  source: RunSource;
  input: RunInput;
  /** requests per minute for this agent */
  rateLimit: number;
}

/**
 * Inserts the 'running' row, or throws 429 when the agent already started `rateLimit` runs in the last
 * minute. Three round trips besides BEGIN: the lock, then the count and the insert as one statement
 * (the insert happens only under the limit); the wait is computed only when refused.
 */
export async function startRun(db: Kysely<DB>, run: StartRunInput): Promise<string> {
  return inTransaction(db, async (trx) => {
    // One writer per agent at a time, on every server process sharing the database. The statements
    // after it see every run committed before the lock was granted.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${run.libraryId}/${run.agentName}`}, 0))`.execute(trx);
    const recent = trx
      .selectFrom('agent_runs')
      .where('library_id', '=', run.libraryId)
      .where('agent_name', '=', run.agentName)
      .where('started_at', '>', sql<Date>`now() - make_interval(secs => ${RATE_WINDOW_SECONDS})`);
    const inserted = await trx
      .insertInto('agent_runs')
      .columns(['library_id', 'agent_id', 'agent_name', 'agent_version', 'user_id', 'thread_id', 'source', 'input'])
      .expression(
        trx
          .selectNoFrom([
            sql.val(run.libraryId).as('library_id'),
            sql.val(run.agentId).as('agent_id'),
            sql.val(run.agentName).as('agent_name'),
            sql<number | null>`${run.agentVersion}::int`.as('agent_version'),
            sql.val(run.userId).as('user_id'),
            sql.val(run.threadId).as('thread_id'),
            sql.val(run.source).as('source'),
            sql`${toJson(run.input)}::jsonb`.as('input'),
          ])
          .where(({ selectFrom }) => selectFrom(recent.select((eb) => eb.fn.countAll().as('n')).as('r')).select('r.n'), '<', run.rateLimit),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const { n } = await recent.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const count = toCount(n);
    // the run whose leaving the window frees a place
    const freeing = await recent
      .select(sql<number>`ceil(extract(epoch from (started_at + make_interval(secs => ${RATE_WINDOW_SECONDS}) - now())))::int`.as('wait'))
      .orderBy('started_at', 'asc')
      .offset(Math.max(0, count - run.rateLimit))
      .limit(1)
      .executeTakeFirst();
    const seconds = Math.max(1, Number(freeing?.wait ?? RATE_WINDOW_SECONDS));
    throw new RunError(429, RUN_MESSAGES.rateLimited(run.agentName, run.rateLimit, seconds), 'rate_limited', { 'retry-after': String(seconds) });
  });
}

export interface FinishRunInput {
  status: Exclude<RunStatus, 'running'>;
  output: string | null;
  error: string | null;
  durationMs: number;
  modelMs: number;
  usage: RunUsage;
  trace: RunTrace;
}

export async function finishRun(db: Kysely<DB>, runId: string, result: FinishRunInput): Promise<void> {
  await db
    .updateTable('agent_runs')
    .set({
      status: result.status,
      output: result.output,
      error: result.error,
      finished_at: sql<Date>`now()`,
      duration_ms: Math.round(result.durationMs),
      model_ms: Math.round(result.modelMs),
      usage: toJson(result.usage),
      trace: toJson(result.trace),
    })
    .where('id', '=', runId)
    .execute();
}

function runsQuery(db: Kysely<DB>, libraryId: string) {
  return db
    .selectFrom('agent_runs as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.agent_name',
      'r.agent_version',
      'r.user_id',
      'u.email as user_email',
      'r.thread_id',
      'r.source',
      'r.status',
      'r.error',
      'r.input',
      'r.output',
      'r.started_at',
      'r.finished_at',
      'r.duration_ms',
      'r.model_ms',
      'r.usage',
      'r.cost_usd',
      'r.cost_note',
    ])
    .where('r.library_id', '=', libraryId);
}

type RunRow = Awaited<ReturnType<ReturnType<typeof runsQuery>['executeTakeFirstOrThrow']>>;

const toSummary = (r: RunRow): RunSummary => ({
  id: r.id,
  agent_name: r.agent_name,
  agent_version: r.agent_version,
  user_id: r.user_id,
  user_email: r.user_email,
  thread_id: r.thread_id,
  source: r.source,
  status: r.status,
  error: r.error,
  input: { query: r.input.query ?? '', params: r.input.params ?? {} },
  output: r.output,
  started_at: toIso(r.started_at),
  finished_at: r.finished_at ? toIso(r.finished_at) : null,
  duration_ms: r.duration_ms,
  model_ms: r.model_ms,
  usage: r.usage,
  cost_usd: r.cost_usd == null ? null : Number(r.cost_usd),
  cost_note: r.cost_note,
});

/** `onlyUserId`: members see their own runs only. */
export async function listRuns(db: Kysely<DB>, q: { libraryId: string; agentName: string; limit: number; onlyUserId?: string }): Promise<RunSummary[]> {
  let query = runsQuery(db, q.libraryId).where('r.agent_name', '=', q.agentName);
  if (q.onlyUserId) query = query.where('r.user_id', '=', q.onlyUserId);
  const rows = await query.orderBy('r.started_at', 'desc').limit(q.limit).execute();
  return rows.map(toSummary);
}

export async function getRun(db: Kysely<DB>, q: { libraryId: string; id: string; onlyUserId?: string }): Promise<RunDetail | undefined> {
  let query = runsQuery(db, q.libraryId).select('r.trace').where('r.id', '=', q.id);
  if (q.onlyUserId) query = query.where('r.user_id', '=', q.onlyUserId);
  const row = await query.executeTakeFirst();
  return row && { ...toSummary(row), trace: row.trace };
}
