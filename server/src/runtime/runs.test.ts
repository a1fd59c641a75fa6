// Starting a run holds the per-agent rate limit exactly, also when many start at once: on the embedded
// PGlite and on PostgreSQL shared by two server processes (the start function's lock, then its
// count-and-insert, in one statement). PostgreSQL is skipped when it is not installed.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Kysely } from 'kysely';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { DB } from '../db/schema.js';
import { startThrowawayPostgres } from '../testing/postgres.js';
import { RunError } from './errors.js';
import { finishRun, startRun } from './runs.js';

jest.setTimeout(120_000);

async function libraryIn(database: Database): Promise<string> {
  const { db } = database;
  const account = await db.insertInto('accounts').values({ name: `runs-test-${Date.now()}` }).returning('id').executeTakeFirstOrThrow();
  const environment = await db.insertInto('environments').values({ account_id: account.id, name: `runs-test-${Date.now()}` }).returning('id').executeTakeFirstOrThrow();
  const library = await db.insertInto('libraries').values({ environment_id: environment.id, name: 'runs' }).returning('id').executeTakeFirstOrThrow();
  return library.id;
}

let seq = 0;
/** `attempts` runs of one new agent started at once over `dbs` (round robin): what succeeded and what was refused. */
async function race(dbs: Kysely<DB>[], libraryId: string, attempts: number, rateLimit: number) {
  const agentName = `Race ${++seq}`;
  const results = await Promise.allSettled(
    Array.from({ length: attempts }, (_, i) =>
      startRun(dbs[i % dbs.length], { libraryId, agentId: null, agentName, agentVersion: null, userId: null, threadId: '', source: 'api', input: { query: `q${i}`, params: {} }, rateLimit }),
    ),
  );
  const started = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason as RunError);
  const rows = await dbs[0].selectFrom('agent_runs').select(['id', 'status']).where('library_id', '=', libraryId).where('agent_name', '=', agentName).execute();
  return { agentName, started, refused, rows };
}

function expectExactLimit(outcome: Awaited<ReturnType<typeof race>>, rateLimit: number, attempts: number) {
  expect(outcome.started).toHaveLength(rateLimit);
  expect(new Set(outcome.started).size).toBe(rateLimit);
  expect(outcome.refused).toHaveLength(attempts - rateLimit);
  for (const error of outcome.refused) {
    expect(error).toBeInstanceOf(RunError);
    expect(error.statusCode).toBe(429);
    expect(error.headers?.['retry-after']).toMatch(/^\d+$/);
  }
  expect(outcome.rows.map((r) => r.id).sort()).toEqual([...outcome.started].sort());
  expect(outcome.rows.every((r) => r.status === 'running')).toBe(true);
}

describe('starting runs on the embedded PGlite (one connection)', () => {
  let database: Database;
  let libraryId: string;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await migrate(database);
    libraryId = await libraryIn(database);
  });
  afterAll(() => database.close());

  it('starts exactly rate_limit runs of 12 started at once', async () => {
    expectExactLimit(await race([database.db], libraryId, 12, 5), 5, 12);
  });

  it('completes a run with its output, timings, usage and trace', async () => {
    const { started } = await race([database.db], libraryId, 1, 5);
    await finishRun(database.db, started[0], { status: 'succeeded', output: 'It\'s "done"', error: null, durationMs: 12.4, modelMs: 7.6, usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 }, trace: { steps: [], fallback: null, escalated: false, depth: 0, thread_key: '' } });
    const row = await database.db.selectFrom('agent_runs').selectAll().where('id', '=', started[0]).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', output: 'It\'s "done"', error: null, duration_ms: 12, model_ms: 8, usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 }, trace: { steps: [], depth: 0 } });
    expect(row.finished_at).toBeInstanceOf(Date);
  });
});

const postgres = await startThrowawayPostgres();
if (!postgres) console.warn('runs.test: PostgreSQL part skipped, PostgreSQL is not installed (apt-get install postgresql)');
const describeWithPostgres = postgres ? describe : describe.skip;

describeWithPostgres('starting runs on PostgreSQL shared by two server processes', () => {
  let first: Database;
  let second: Database;
  let libraryId: string;
  beforeAll(async () => {
    first = await openDatabase({ kind: 'postgres', url: postgres!.url });
    second = await openDatabase({ kind: 'postgres', url: postgres!.url });
    await migrate(first);
    libraryId = await libraryIn(first);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await postgres?.stop();
  });

  it('starts exactly rate_limit runs of 16 started at once over both pools', async () => {
    for (let round = 0; round < 3; round++) expectExactLimit(await race([first.db, second.db], libraryId, 16, 5), 5, 16);
  });
});
