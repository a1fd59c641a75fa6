// Test sets on real PGlite with the local model server (it echoes the last user message, so a step's
// answer is its prompt with the parameters filled in): CRUD and who may do it, each expectation kind,
// runs against saved versions and the draft through the runtime, and the versions that fail a set.
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AgentSaveRequest, TestSet, TestSetRun } from '@accent/agents-common';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { FAST_JOBS, saveAgent, TEST_KEY } from '../testing/missions.js';
import { startModelServer, type ModelServer } from '../testing/model-server.js';
import { useModelApp } from '../testing/model-app.js';
import { createTestContext, createUser, login, loginAdmin, type SignedIn, type TestContext } from '../testing/test-app.js';
import { checkContains, checkJson, checkRegex, judge } from './expectations.js';

jest.setTimeout(60_000);

const agent = (name: string, prompt: string): AgentSaveRequest =>
  ({
    name,
    params: { name: 'Ada' },
    steps: [{ name: 'Greet', query: prompt, model: { provider: 'openai', model: 'gpt-4o-mini', max_retries: 0 } }],
  }) as AgentSaveRequest;

describe('expectations', () => {
  it('contains: with or without case', () => {
    expect(checkContains('Hello Ada', 'hello ada', true)).toEqual({ pass: true, reason: 'Contains "hello ada"' });
    expect(checkContains('Hello Ada', 'hello ada', false).pass).toBe(false);
  });

  it('regex: matches, and a catastrophic pattern is stopped within its budget', () => {
    expect(checkRegex('Order #123 shipped', '#\\d+', '').pass).toBe(true);
    expect(checkRegex('nothing here', '^\\d+$', '')).toEqual({ pass: false, reason: 'Does not match /^\\d+$/' });
    const started = Date.now();
    const slow = checkRegex(`${'a'.repeat(40)}!`, '^(a+)+$', '', 50);
    expect(slow.pass).toBe(false);
    expect(slow.reason).toBe('The regular expression /^(a+)+$/ took longer than 50 ms and was stopped');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('json: the answer (or its fenced block) fits a shape', () => {
    const shape = { type: 'object' as const, required: ['score'], properties: { score: { type: 'number' as const }, tags: { type: 'array' as const, items: { type: 'string' as const } } } };
    expect(checkJson('{"score": 87, "tags": ["b2b"]}', shape).pass).toBe(true);
    expect(checkJson('Here:\n```json\n{"score": 87}\n```', shape).pass).toBe(true);
    expect(checkJson('{"tags": ["b2b"]}', shape)).toEqual({ pass: false, reason: 'JSON does not fit the shape: $.score: missing' });
    expect(checkJson('{"score": 1, "tags": [3]}', shape).reason).toBe('JSON does not fit the shape: $.tags[0]: expected string, got number');
    expect(checkJson('not json', shape)).toEqual({ pass: false, reason: 'The answer is not JSON' });
  });
});

describe('test sets over HTTP', () => {
  let ctx: TestContext;
  let model: ModelServer;
  let admin: SignedIn;
  let member: SignedIn;

  useModelApp((started) => ({ ctx, model, admin, member } = started));
  beforeAll(async () => {
    // version 1 greets; version 2 is the broken prompt
    await saveAgent(ctx, admin, agent('Greeter', 'Say hello to {{name}}'));
    await saveAgent(ctx, admin, agent('Greeter', 'Say goodbye'));
  }, 60_000);
  beforeEach(() => model.reset());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn = admin, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  /** Starts a run (202, running) and waits for its job to finish. */
  async function runSet(id: string, body: unknown, who: SignedIn = admin): Promise<TestSetRun> {
    const started = await api('POST', `/agent/test-sets/${id}/run`, who, body);
    if (started.statusCode !== 202) throw new Error(`run: ${started.statusCode} ${started.body}`);
    const run = started.json<TestSetRun>();
    expect(run).toMatchObject({ status: 'running', results: [] });
    for (let i = 0; i < 200; i++) {
      const now = (await api('GET', `/agent/test-set-runs/${run.id}`, who)).json<TestSetRun>();
      if (now.status !== 'running') return now;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the run did not finish');
  }

  const greets = { agent: 'Greeter', name: 'Greets by name', cases: [{ params: { name: 'Ada' }, expectations: [{ kind: 'contains', text: 'hello to ada' }, { kind: 'regex', pattern: '^Say hello', flags: '' }] }] };

  it('creates, lists, renames and deletes a set; names are unique per agent; bad input is a 400', async () => {
    const created = await api('POST', '/agent/test-sets', admin, { ...greets, name: 'Temp' });
    expect(created.statusCode).toBe(200);
    const set = created.json<TestSet>();
    expect(set).toMatchObject({ agent: 'Greeter', name: 'Temp', cases: [{ query: '', params: { name: 'Ada' } }] });
    expect((await api('POST', '/agent/test-sets', admin, { ...greets, name: 'temp' })).json()).toEqual({ detail: 'This agent already has a test set named "temp".' });

    const badRegex = await api('POST', '/agent/test-sets', admin, { ...greets, name: 'Bad', cases: [{ expectations: [{ kind: 'regex', pattern: '(unclosed' }] }] });
    expect(badRegex.statusCode).toBe(400);
    expect(badRegex.json<{ detail: string }>().detail).toContain('Not a valid regular expression');
    const tooLong = await api('POST', '/agent/test-sets', admin, { ...greets, name: 'Long', cases: [{ expectations: [{ kind: 'regex', pattern: 'a'.repeat(201) }] }] });
    expect(tooLong.json<{ detail: string }>().detail).toContain('at most 200 characters');
    expect((await api('POST', '/agent/test-sets', admin, { ...greets, name: 'Empty', cases: [{ expectations: [] }] })).json<{ detail: string }>().detail).toContain('at least one expectation');

    const renamed = await api('PUT', `/agent/test-sets/${set.id}`, admin, { name: 'Renamed', cases: greets.cases });
    expect(renamed.json<TestSet>().name).toBe('Renamed');
    const listed = await api('GET', '/agent/test-sets?name=Greeter');
    expect(listed.json<{ test_sets: TestSet[] }>().test_sets.map((s) => s.name)).toContain('Renamed');
    expect((await api('DELETE', `/agent/test-sets/${set.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/agent/test-sets/${set.id}`)).statusCode).toBe(404);
    expect((await api('GET', '/agent/test-sets?name=Nobody')).statusCode).toBe(404);
  });

  it('members read and run sets but cannot change them; another library sees nothing, through the API or the tables', async () => {
    const set = (await api('POST', '/agent/test-sets', admin, { ...greets, name: 'Visibility' })).json<TestSet>();
    expect((await api('POST', '/agent/test-sets', member, { ...greets, name: 'Mine' })).statusCode).toBe(403);
    expect((await api('DELETE', `/agent/test-sets/${set.id}`, member)).statusCode).toBe(403);
    expect((await api('GET', '/agent/test-sets?name=Greeter', member)).statusCode).toBe(200);

    await createUser(ctx.database, { environment: DEMO_CREDENTIALS.environment, library: 'other-lib', email: 'other@accent.local', password: 'other-password-1', role: 'admin' });
    const other = await login(ctx.app, { email: 'other@accent.local', password: 'other-password-1', library: 'other-lib' });
    expect((await api('GET', '/agent/test-sets?name=Greeter', other)).statusCode).toBe(404);
    expect((await api('POST', `/agent/test-sets/${set.id}/run`, other, { version: 1 })).statusCode).toBe(404);

    // row-level security, as the data gateway runs a request: role authenticated and the token's claims
    const asUser = (who: SignedIn) =>
      ctx.database.db
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(decodeJwt(who.token))}, true)`.execute(trx);
          const seen = await sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_test_sets WHERE id = ${set.id}`.execute(trx);
          const deleted = await sql`DELETE FROM agent_test_sets WHERE id = ${set.id}`.execute(trx);
          throw Object.assign(new Error('rollback'), { result: { seen: seen.rows[0]!.n, deleted: Number(deleted.numAffectedRows ?? 0) } });
        })
        .catch((error: { result?: unknown }) => error.result);
    expect(await asUser(other)).toEqual({ seen: 0, deleted: 0 });
    expect(await asUser(member)).toEqual({ seen: 1, deleted: 0 });
    expect(await asUser(admin)).toEqual({ seen: 1, deleted: 1 });
  });

  it('runs a set against each version through the runtime: the broken prompt fails, the good one passes, and the failing version is flagged', async () => {
    const set = (await api('POST', '/agent/test-sets', admin, greets)).json<TestSet>();
    const runsBefore = (await api('GET', '/agent/runs?name=Greeter')).json<{ runs: unknown[] }>().runs.length;

    const brokenRun = await runSet(set.id, { version: 2 });
    expect(brokenRun).toMatchObject({ agent_version: 2, status: 'done', total: 1, passed: 0, failed: 1 });
    expect(brokenRun.results[0]).toMatchObject({ pass: false, output: 'Say goodbye', error: null, expectations: [{ pass: false, reason: 'Does not contain "hello to ada"' }, { pass: false }] });
    expect(brokenRun.results[0]!.run_id).toEqual(expect.any(String));

    const good = await runSet(set.id, { version: 1 });
    expect(good).toMatchObject({ agent_version: 1, passed: 1, failed: 0 });
    expect(good.results[0]!.output).toBe('Say hello to Ada');

    // recorded like any run
    expect((await api('GET', '/agent/runs?name=Greeter')).json<{ runs: unknown[] }>().runs.length).toBe(runsBefore + 2);
    // the list carries the last two runs, newest first, for side-by-side results
    const listed = (await api('GET', '/agent/test-sets?name=Greeter')).json<{ test_sets: (TestSet & { last_runs: TestSetRun[] })[] }>();
    expect(listed.test_sets.find((s) => s.id === set.id)!.last_runs.map((r) => r.agent_version)).toEqual([1, 2]);
    expect((await api('GET', '/agent/test-sets/failing?name=Greeter')).json()).toEqual({ failing: [{ version: 2, test_set: 'Greets by name', failed_cases: [1] }] });

    // the editor's unsaved draft runs too (version null), and a member may run it
    const draft = await runSet(set.id, { draft: agent('Greeter', 'Say hello to {{name}}, welcome') }, member);
    expect(draft).toMatchObject({ agent_version: null, passed: 1, results: [{ output: 'Say hello to Ada, welcome' }] });
    expect((await api('GET', `/agent/test-set-runs/${draft.id}`, (await login(ctx.app, { email: 'other@accent.local', password: 'other-password-1', library: 'other-lib' })))).statusCode).toBe(404);
    expect((await api('POST', `/agent/test-sets/${set.id}/run`, admin, { version: 9 })).statusCode).toBe(404);
  });

  it('a judge expectation asks the chosen model for a verdict', async () => {
    const set = (
      await api('POST', '/agent/test-sets', admin, {
        agent: 'Greeter',
        name: 'Judged',
        cases: [{ expectations: [{ kind: 'judge', rubric: 'The answer greets the person by name.', provider: 'openai', model: 'gpt-4o' }] }],
      })
    ).json<TestSet>();
    model.reply({ text: 'Say hello to Ada' }, { text: JSON.stringify({ pass: true, reason: 'It greets Ada.' }) });
    const run = await runSet(set.id, { version: 1 });
    expect(run.results[0]!.expectations).toEqual([{ pass: true, reason: 'Judge (gpt-4o): It greets Ada.' }]);
    const judgeRequest = model.requests[1]!;
    expect(judgeRequest.body.model).toBe('gpt-4o');
    expect(JSON.stringify(judgeRequest.body.messages)).toContain('The answer greets the person by name.');
    // no key for the judge's provider: the case fails with the runtime's message
    const noKey = await judge({ libraryId: admin.body.library_id }, { query: 'q', output: 'a', rubric: 'r', provider: 'anthropic', model: 'claude-3-haiku' });
    expect(noKey).toEqual({ pass: false, reason: 'No API key for Anthropic. An administrator can add one in Admin → Model providers, or set ANTHROPIC_API_KEY on the server.' });
  });
});

describe('test set runs as pg-boss jobs', () => {
  it('a run started while the scheduler runs is done by its worker', async () => {
    const model = await startModelServer({ apiKey: TEST_KEY });
    const ctx = await createTestContext({ env: { OPENAI_API_KEY: TEST_KEY, OPENAI_BASE_URL: model.url }, jobs: FAST_JOBS });
    try {
      const admin = await loginAdmin(ctx.app);
      await saveAgent(ctx, admin, agent('Queued', 'Say hello to {{name}}'));
      const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url: `/api/v1${url}`, headers: admin.headers, ...(payload ? { payload } : {}) });
      const set = (await api('POST', '/agent/test-sets', { agent: 'Queued', name: 'Queued set', cases: [{ expectations: [{ kind: 'contains', text: 'hello to ada' }] }, { params: { name: 'Bo' }, expectations: [{ kind: 'regex', pattern: 'hello to Bo$' }] }] })).json<TestSet>();
      const started = await api('POST', `/agent/test-sets/${set.id}/run`, { version: 1 });
      expect(started.statusCode).toBe(202);
      const { id } = started.json<TestSetRun>();
      let run: TestSetRun | undefined;
      for (let i = 0; i < 300 && run?.status !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        run = (await api('GET', `/agent/test-set-runs/${id}`)).json<TestSetRun>();
      }
      expect(run).toMatchObject({ status: 'done', total: 2, passed: 2, failed: 0 });
    } finally {
      await ctx.close();
      await model.close();
    }
  });
});
