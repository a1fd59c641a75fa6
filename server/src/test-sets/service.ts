// Test sets stored per agent, and their runs: each case goes through the real runtime (recorded in
// agent_runs like any run) and its answer is checked against the case's expectations.
import { testCaseSchema, type AgentConfig, type CaseResult, type TestCase, type TestSet, type TestSetRun } from '@accent/agents-common';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.js';
import { toIso, toJson } from '../db/values.js';
import type { Runner } from '../runtime/access.js';
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

function toRun(row: { id: string; test_set_id: string; agent_version: number | null; passed: number; failed: number; results: unknown; created_at: Date | string }): TestSetRun {
  const results = storedResults.safeParse(parseJson(row.results));
  return {
    id: row.id,
    test_set_id: row.test_set_id,
    agent_version: row.agent_version,
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

export interface RunSetInput {
  libraryId: string;
  agentId: string;
  agentName: string;
  runner: Runner;
  testSetId: string;
  cases: TestCase[];
  /** what runs: a saved version's configuration, or the editor's draft (version null) */
  config: AgentConfig;
  version: number | null;
}

/** Runs every case in order through the runtime, checks it, and records the set's run. */
export async function runTestSet(db: Kysely<DB>, runtime: Runtime, access: JudgeAccess, input: RunSetInput): Promise<TestSetRun> {
  const results: CaseResult[] = [];
  for (const testCase of input.cases) {
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
    const expectations = error && !output ? testCase.expectations.map(() => ({ pass: false, reason: error ?? '' })) : await Promise.all(testCase.expectations.map((x) => checkExpectation(access, x, testCase.query, output)));
    results.push({ pass: !error && expectations.every((x) => x.pass), output, run_id: runId, error, expectations });
  }
  const passed = results.filter((r) => r.pass).length;
  const row = await withTestSetTables(db)
    .insertInto('agent_test_runs')
    .values({
      library_id: input.libraryId,
      test_set_id: input.testSetId,
      agent_id: input.agentId,
      agent_version: input.version,
      passed,
      failed: results.length - passed,
      results: toJson(results),
      created_by: input.runner.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRun(row);
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
