// Recorded runs (agent_runs): started as 'running' — atomically with the per-agent rate limit, so the
// limit holds across server processes — then finished with the output, trace, tokens and timings.
import {
  THREAD_TURNS_MAX,
  toolCallSummary,
  type RunDetail,
  type RunSource,
  type RunStatus,
  type RunSummary,
  type RunTrace,
  type RunUsage,
  type ThreadTurn,
} from '@accent/agents-common';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DB, RunInput } from '../db/schema.js';
import { toCount, toIso, toJson } from '../db/values.js';
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
  /** the lease the row is inserted with (run-leases; absent: none) */
  lease?: { owner: string | null; ttlSeconds: number };
}

// The statements every run sends, as fixed SQL: the query builder would build and compile them again on
// every run, a measurable share of an invoke's own time. The rest of this file uses the builder.
// Starting: one statement, the agent's lock + the count + the insert with its lease (migrations 028, 039).
const START_RUN =
  'SELECT public.accent_start_agent_run($1::uuid, $2::uuid, $3::text, $4::int, $5::uuid, $6::text, $7::text, $8::jsonb, $9::bigint, $10::int, $11::text, $12::float8) AS id';
const COMPLETE_RUN = `
  UPDATE agent_runs
  SET status = $2, output = $3, error = $4, finished_at = now(), duration_ms = $5::int, model_ms = $6::int, usage = $7::jsonb, trace = $8::jsonb
  WHERE id = $1::uuid`;

/**
 * Inserts the 'running' row (with its lease), or throws 429 when the agent already started `rateLimit` runs in the last
 * minute, on every server process sharing the database (the function holds the agent's advisory lock
 * until its statement commits). One round trip; the wait is computed only when refused.
 */
export async function startRun(db: Kysely<DB>, run: StartRunInput): Promise<string> {
  const { rows } = await db.executeQuery<{ id: string | null }>(
    CompiledQuery.raw(START_RUN, [
      run.libraryId,
      run.agentId,
      run.agentName,
      run.agentVersion,
      run.userId,
      run.threadId,
      run.source,
      toJson(run.input),
      run.rateLimit,
      RATE_WINDOW_SECONDS,
      run.lease?.owner ?? null,
      run.lease?.owner ? run.lease.ttlSeconds : null,
    ]),
  );
  if (rows[0]?.id) return rows[0].id;
  return refuse(db, run);
}

/** The 429 for a run over the limit, with the seconds until a place frees up. */
async function refuse(db: Kysely<DB>, run: StartRunInput): Promise<never> {
  const recent = db
    .selectFrom('agent_runs')
    .where('library_id', '=', run.libraryId)
    .where('agent_name', '=', run.agentName)
    .where('started_at', '>', sql<Date>`now() - make_interval(secs => ${RATE_WINDOW_SECONDS})`);
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
  await db.executeQuery(
    CompiledQuery.raw(COMPLETE_RUN, [
      runId,
      result.status,
      result.output,
      result.error,
      Math.round(result.durationMs),
      Math.round(result.modelMs),
      toJson(result.usage),
      toJson(result.trace),
    ]),
  );
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
export async function listRuns(
  db: Kysely<DB>,
  q: { libraryId: string; agentName: string; limit: number; onlyUserId?: string },
): Promise<RunSummary[]> {
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

/**
 * One conversation as its user saw it: their own runs of the agent under that thread id, oldest first
 * (the last THREAD_TURNS_MAX), each with its tool calls summarised from the trace. Only the caller's
 * runs, whatever their role: a conversation is personal.
 */
export async function listThread(
  db: Kysely<DB>,
  q: { libraryId: string; agentName: string; threadId: string; userId: string },
): Promise<ThreadTurn[]> {
  const rows = await db
    .selectFrom('agent_runs')
    .select(['id', 'input', 'status', 'output', 'error', 'started_at', 'trace'])
    .where('library_id', '=', q.libraryId)
    .where('agent_name', '=', q.agentName)
    .where('thread_id', '=', q.threadId)
    .where('user_id', '=', q.userId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(THREAD_TURNS_MAX)
    .execute();
  return rows.reverse().map((r) => ({
    run_id: r.id,
    query: r.input.query ?? '',
    status: r.status,
    output: r.output,
    error: r.error,
    started_at: toIso(r.started_at),
    tools: (r.trace?.steps ?? []).flatMap((step) =>
      step.tool_calls.map((call) => ({ tool: call.tool, failed: call.error !== null, summary: toolCallSummary(call) })),
    ),
  }));
}
