// Test sets stored per agent, and their runs: each case goes through the real runtime (recorded in
// agent_runs like any run) and its answer is checked against the case's expectations.
import { agentSaveRequestSchema, testCaseSchema, type AgentConfig, type CaseResult, type TestCase, type TestSet, type TestSetRun } from '@accent/agents-common';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.js';
import { toIso, toJson } from '../db/values.js';
import { getVersion } from '../agents/service.js';
import { findRunner, type Runner } from '../runtime/access.js';
import { leaseColumns, noLeases, type LeaseHolder } from '../run-leases/leases.js';
import type { Runtime } from '../runtime/run-agent.js';
import { checkExpectation, type JudgeAccess } from './expectations.js';
import { withTestSetTables } from './tables.js';

const storedCases = z.array(testCaseSchema);
const storedResults = z.array(z.custom<CaseResult>());

const parseJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

function toTestSet(row: { id: string; name: string; cases: unknown; created_at: Date | string; updated_at: Date | string }, agent: string): TestSet {
  const cases = storedCases.safeParse(parseJson(row.cases));
  return { id: row.id, agent, name: row.name, cases: cases.success ? cases.data : [], created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
}

type RunRow = {
  id: string;
  test_set_id: string;
  agent_version: number | null;
  status: 'running' | 'done' | 'failed';
  total: number;
  error: string | null;
  passed: number;
  failed: number;
  results: unknown;
  created_at: Date | string;
};

function toRun(row: RunRow): TestSetRun {
  const results = storedResults.safeParse(parseJson(row.results));
  return {
    id: row.id,
    test_set_id: row.test_set_id,
    agent_version: row.agent_version,
    status: row.status,
    total: row.total,
    error: row.error,
    passed: row.passed,
    failed: row.failed,
    results: results.success ? results.data : [],
    created_at: toIso(row.created_at),
  };
}

export async function listTestSets(db: Kysely<DB>, agentId: string, agentName: string): Promise<(TestSet & { last_runs: TestSetRun[] })[]> {
  const t = withTestSetTables(db);
  const sets = await t.selectFrom('agent_test_sets').selectAll().where('agent_id', '=', agentId).orderBy('name').execute();
  return Promise.all(
    sets.map(async (s) => {
      const runs = await t.selectFrom('agent_test_runs').selectAll().where('test_set_id', '=', s.id).orderBy('created_at', 'desc').limit(2).execute();
      return { ...toTestSet(s, agentName), last_runs: runs.map(toRun) };
    }),
  );
}

export async function getTestSet(db: Kysely<DB>, libraryId: string, id: string) {
  return withTestSetTables(db).selectFrom('agent_test_sets').selectAll().where('library_id', '=', libraryId).where('id', '=', id).executeTakeFirst();
}

export async function createTestSet(db: Kysely<DB>, input: { libraryId: string; agentId: string; agentName: string; userId: string; name: string; cases: TestCase[] }): Promise<TestSet> {
  const row = await withTestSetTables(db)
    .insertInto('agent_test_sets')
    .values({ library_id: input.libraryId, agent_id: input.agentId, name: input.name, cases: toJson(input.cases), created_by: input.userId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTestSet(row, input.agentName);
}

export async function updateTestSet(db: Kysely<DB>, input: { id: string; agentName: string; name: string; cases: TestCase[] }): Promise<TestSet> {
  const row = await withTestSetTables(db)
    .updateTable('agent_test_sets')
    .set({ name: input.name, cases: toJson(input.cases) })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTestSet(row, input.agentName);
}

export async function deleteTestSet(db: Kysely<DB>, id: string): Promise<void> {
  await withTestSetTables(db).deleteFrom('agent_test_sets').where('id', '=', id).execute();
}

export interface StartRunInput {
  libraryId: string;
  agentId: string;
  testSetId: string;
  userId: string | null;
  total: number;
  /** a saved version, or the editor's draft (version null) */
  version: number | null;
  draft: AgentConfig | null;
}

/** Records a run as running; the job (runTestSetJob) fills its results. */
export async function startTestSetRun(db: Kysely<DB>, input: StartRunInput): Promise<TestSetRun> {
  const row = await withTestSetTables(db)
    .insertInto('agent_test_runs')
    .values({
      library_id: input.libraryId,
      test_set_id: input.testSetId,
      agent_id: input.agentId,
      agent_version: input.version,
      total: input.total,
      draft: input.draft ? toJson(input.draft) : null,
      results: toJson([]),
      created_by: input.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRun(row);
}

export async function getTestSetRun(db: Kysely<DB>, libraryId: string, id: string) {
  const row = await withTestSetTables(db).selectFrom('agent_test_runs').selectAll().where('library_id', '=', libraryId).where('id', '=', id).executeTakeFirst();
  return row && { run: toRun(row), testSetId: row.test_set_id };
}

export interface RunJobDeps {
  db: Kysely<DB>;
  runtime: Runtime;
  credentials?: JudgeAccess['credentials'];
  providerEnv?: JudgeAccess['providerEnv'];
  /** the run holds a lease while its cases run (a run whose process died is failed by the sweep) */
  leases?: LeaseHolder;
}

/**
 * Runs every case of a recorded run in order through the runtime (recorded in agent_runs like any
 * run), checks each answer and saves its result at once, so the editor can show the progress.
 * A retried job starts the cases again.
 */
export async function runTestSetJob(deps: RunJobDeps, runId: string): Promise<void> {
  const { db } = deps;
  const t = withTestSetTables(db);
  const row = await t
    .selectFrom('agent_test_runs as r')
    .innerJoin('agent_test_sets as s', 's.id', 'r.test_set_id')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .select(['r.id', 'r.library_id', 'r.agent_version', 'r.draft', 'r.created_by', 's.cases', 'a.name as agent_name'])
    .where('r.id', '=', runId)
    .executeTakeFirst();
  if (!row) return; // deleted with its set
  const fail = (error: string) => t.updateTable('agent_test_runs').set({ status: 'failed', error, finished_at: new Date() }).where('id', '=', runId).execute();
  const leases = deps.leases ?? noLeases;
  const lease = leases.hold('agent_test_runs', runId);
  try {
    // a retried job (its process died) runs the cases again on the same row, with this process's lease
    // in the same statement (no running row without one)
    await t.updateTable('agent_test_runs').set({ status: 'running', error: null, finished_at: null, ...leaseColumns(leases) }).where('id', '=', runId).execute();
    const runner = row.created_by ? await findRunner(db, row.created_by) : undefined;
    if (!runner) return void (await fail('The person who started this run can no longer run agents.'));
    let config: AgentConfig | undefined;
    if (row.agent_version !== null) {
      const saved = await getVersion(db, row.library_id, row.agent_name, row.agent_version);
      if (saved) {
        const { version: _version, ...rest } = saved;
        config = rest;
      }
    } else {
      const draft = agentSaveRequestSchema.safeParse(parseJson(row.draft));
      if (draft.success) config = draft.data;
    }
    if (!config) return void (await fail('The version to test no longer exists.'));
    const cases = storedCases.parse(parseJson(row.cases));
    const access: JudgeAccess = { libraryId: row.library_id, credentials: deps.credentials, providerEnv: deps.providerEnv };
    const results: CaseResult[] = [];
    for (const testCase of cases) {
      results.push(await runCase(deps.runtime, access, { libraryId: row.library_id, runner, agentName: row.agent_name, config, testCase }));
      const passed = results.filter((r) => r.pass).length;
      await t.updateTable('agent_test_runs').set({ results: toJson(results), passed, failed: results.length - passed }).where('id', '=', runId).execute();
    }
    await t.updateTable('agent_test_runs').set({ status: 'done', finished_at: new Date() }).where('id', '=', runId).execute();
  } catch (error) {
    await fail(error instanceof Error ? error.message : String(error));
  } finally {
    lease.release();
  }
}

async function runCase(runtime: Runtime, access: JudgeAccess, input: { libraryId: string; runner: Runner; agentName: string; config: AgentConfig; testCase: TestCase }): Promise<CaseResult> {
  const { testCase } = input;
  let output = '';
  let runId: string | null = null;
  let error: string | null = null;
  try {
    const run = await runtime.runAgent({
      libraryId: input.libraryId,
      user: input.runner,
      agentName: input.agentName,
      query: testCase.query,
      params: testCase.params,
      threadId: '',
      useHistory: false,
      saveHistory: false,
      maxHistoryItems: 0,
      source: 'test',
      inline: { ...input.config, name: input.agentName },
    });
    output = run.output;
    runId = run.runId;
    if (run.status === 'failed') error = 'The run failed; the answer is the agent’s fallback.';
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const expectations =
    error && !output
      ? testCase.expectations.map(() => ({ pass: false, reason: error ?? '' }))
      : await Promise.all(testCase.expectations.map((x) => checkExpectation(access, x, testCase.query, output)));
  return { pass: !error && expectations.every((x) => x.pass), output, run_id: runId, error, expectations };
}

/** Versions whose latest run of a set failed some case: (version, set name, failing case numbers). */
export async function failingVersions(db: Kysely<DB>, agentId: string): Promise<{ version: number; test_set: string; failed_cases: number[] }[]> {
  const t = withTestSetTables(db);
  const rows = await t
    .selectFrom('agent_test_runs as r')
    .innerJoin('agent_test_sets as s', 's.id', 'r.test_set_id')
    .select(['r.agent_version', 'r.test_set_id', 'r.failed', 'r.results', 'r.created_at', 's.name'])
    .where('r.agent_id', '=', agentId)
    .where('r.agent_version', 'is not', null)
    .where('r.status', '=', 'done')
    .orderBy('r.created_at', 'desc')
    .execute();
  const seen = new Set<string>();
  const out: { version: number; test_set: string; failed_cases: number[] }[] = [];
  for (const r of rows) {
    const key = `${r.agent_version}|${r.test_set_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (r.failed === 0) continue;
    const results = storedResults.safeParse(parseJson(r.results));
    const failedCases = results.success ? results.data.flatMap((c, i) => (c.pass ? [] : [i + 1])) : [];
    out.push({ version: r.agent_version!, test_set: r.name, failed_cases: failedCases });
  }
  return out.sort((a, b) => b.version - a.version || a.test_set.localeCompare(b.test_set));
}
