// Every kind of run is marked running together with its lease, on a real PostgreSQL, through each kind's
// own path (invoke, Test Flow, a mission's and a background agent's Run now, a test set run). A lease
// written by a later statement left a moment in which a kill -9 left a running row without a lease, which
// the sweep fails only after the unleased grace of an hour: bench/chaos.mjs found 3 to 4 such runs
// "running" 153 s after killing its worker, in some of its runs. Here the database itself records every
// statement that leaves a row running without a lease, so the gap shows on every run, not only when a kill
// happens to fall in it.
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { FAST_JOBS, insertMission, saveAgent, TEST_KEY, waitFor } from '../testing/missions.js';
import { startModelServer, type ModelServer } from '../testing/model-server.js';
import { createPostgresAdmin, POSTGRES_PLACE, throwawayPostgresSuite, usePostgresServers } from '../testing/postgres-suite.js';
import { login, startPostgresServer, type SignedIn, type TestContext } from '../testing/test-app.js';
import { createRunLeases, LEASED_TABLES, RUN_INTERRUPTED } from './leases.js';

jest.setTimeout(120_000);

const { pg, describeWithPostgres } = await throwawayPostgresSuite('lease-at-start.test');

const ADMIN = { ...POSTGRES_PLACE, email: 'lease@example.com', password: 'a-long-enough-secret' };

describeWithPostgres('runs marked running together with their lease (PostgreSQL)', () => {
  const servers = usePostgresServers(pg);
  let server: TestContext;
  let model: ModelServer;
  let admin: SignedIn;

  beforeAll(async () => {
    await createPostgresAdmin(pg.url, { admin: { ...ADMIN, name: 'Lease' }, prepare: watchLeaseGaps });
    model = await startModelServer({ apiKey: TEST_KEY });
    server = await startPostgresServer(pg.url, { jobs: FAST_JOBS, env: { OPENAI_API_KEY: TEST_KEY, OPENAI_BASE_URL: model.url } });
    servers.push(server);
    admin = await login(server.app, ADMIN);
    await saveAgent(server, admin, {
      name: 'Leased',
      steps: [{ name: 'A', query: '', model: { provider: 'openai', model: 'gpt-4o-mini', max_retries: 0 } }],
    } as never);
  }, 120_000);
  afterAll(async () => {
    await model?.close();
  });

  /**
   * The watch: each statement that leaves a run 'running' without a lease is written down. A test set
   * run's row is made 'running' by the request, for the editor, before any process carries it: its
   * job's start is what is watched there.
   */
  async function watchLeaseGaps(setup: Database) {
    await sql`CREATE TABLE lease_gaps (run_table text NOT NULL, run_id uuid NOT NULL, op text NOT NULL)`.execute(setup.db);
    await sql`
      CREATE FUNCTION note_lease_gap() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'running' AND NEW.lease_expires_at IS NULL THEN
          INSERT INTO lease_gaps VALUES (TG_TABLE_NAME, NEW.id, TG_OP);
        END IF;
        RETURN NEW;
      END $$`.execute(setup.db);
    for (const table of LEASED_TABLES) {
      const on = table === 'agent_test_runs' ? sql`UPDATE` : sql`INSERT OR UPDATE`;
      await sql`CREATE TRIGGER note_lease_gap AFTER ${on} ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION note_lease_gap()`.execute(setup.db);
    }
  }

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    server.app.inject({ method, url, headers: admin.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const db = () => server.database.db;
  const statusOf = async (table: string, id: string) =>
    (await sql<{ status: string }>`SELECT status FROM ${sql.table(table)} WHERE id = ${id}`.execute(db())).rows[0]?.status;
  const gaps = async () => (await sql<{ run_table: string; op: string }>`SELECT run_table, op FROM lease_gaps ORDER BY 1, 2`.execute(db())).rows;

  it('every kind of run has its lease from the statement that marks it running, so a kill -9 at any moment leaves nothing running', async () => {
    // an agent run (invoke)
    const invoked = await api('POST', '/api/v1/agent/invoke', { name: 'Leased', query: 'Hello' });
    expect(invoked.statusCode).toBe(200);
    // completed once the answer is out
    await waitFor(async () => (await statusOf('agent_runs', String(invoked.headers['x-run-id']))) === 'succeeded', 'the agent run');

    // a flow run (Test Flow: its row is inserted running)
    const { library_id: libraryId, user_id: userId } = admin.body;
    const flowId = `flow-lease-${Date.now()}`;
    const start = {
      id: 'start',
      type: 'trigger',
      position: { x: 0, y: 0 },
      data: { label: 'Start', subtype: 'manual', triggerType: 'manual', config: {} },
    };
    await sql`INSERT INTO flows (id, name, library_id, owner_id, flow_data) VALUES (${flowId}, 'Lease', ${libraryId}, ${userId}, ${JSON.stringify({ nodes: [start], edges: [], viewport: { x: 0, y: 0, zoom: 1 } })})`.execute(
      db(),
    );
    const tested = await api('POST', `/api/v1/flows/${flowId}/test`, { payload: {} });
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({ status: 'succeeded' });

    // a mission's Run now (a pg-boss job)
    const missionId = await insertMission(server, { name: 'Lease', agent: 'Leased', owner: admin, prompt: 'Report' });
    const queued = await api('POST', `/api/v1/missions/${missionId}/run`);
    expect(queued.statusCode).toBe(202);
    const missionRun = queued.json<{ run_id: string }>().run_id;
    await waitFor(async () => (await statusOf('mission_runs', missionRun)) === 'succeeded', 'the mission run');

    // a background agent's Run now (a pg-boss job)
    const config = {
      name: 'Lease',
      systemPrompt: 'Summarise.',
      scheduleType: 'event',
      interval: '',
      dataSources: ['pipedrive'],
      deliveryChannels: ['dashboard'],
      maxRetries: 0,
    };
    await sql`INSERT INTO background_agents (id, library_id, owner_id, name, description, category, status, config) VALUES ('lease-bg', ${libraryId}, ${userId}, 'Lease', 'Lease', 'CRM Monitoring', 'active', ${JSON.stringify(config)})`.execute(
      db(),
    );
    const ran = await api('POST', '/api/v1/background-agents/lease-bg/run');
    expect(ran.statusCode).toBe(202);
    await waitFor(
      async () =>
        (await sql<{ status: string }>`SELECT status FROM background_runs WHERE agent_id = 'lease-bg'`.execute(db())).rows.some(
          (r) => r.status !== 'queued' && r.status !== 'running',
        ),
      'the background run',
    );

    // a test set run (a pg-boss job)
    const set = await api('POST', '/api/v1/agent/test-sets', {
      agent: 'Leased',
      name: 'Lease',
      cases: [{ query: 'Hi', params: {}, expectations: [{ kind: 'contains', text: 'hi', ignore_case: true }] }],
    });
    expect(set.statusCode === 200 ? 200 : set.body).toBe(200);
    const testRun = await api('POST', `/api/v1/agent/test-sets/${set.json<{ id: string }>().id}/run`, { version: 1 });
    expect(testRun.statusCode).toBe(202);
    const testRunId = testRun.json<{ id: string }>().id;
    await waitFor(async () => (await statusOf('agent_test_runs', testRunId)) === 'done', 'the test set run');

    // each table saw its runs start, none of them without a lease
    const { rows: started } = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM agent_runs)::int + (SELECT count(*) FROM flow_runs)::int + (SELECT count(*) FROM mission_runs)::int
        + (SELECT count(*) FROM background_runs)::int + (SELECT count(*) FROM agent_test_runs)::int AS n`.execute(db());
    expect(started[0].n).toBeGreaterThanOrEqual(7);
    expect(await gaps()).toEqual([]);
  });

  it('a run whose process is killed the moment it is marked running is failed by the next sweep, not an hour later', async () => {
    // the dying process: its lease lasts 1 s and nothing renews it (kill -9 stops renewals, nothing else)
    const dying = createRunLeases({ db: db(), timing: { ttlMs: 1000 } });
    const { rows } = await sql<{ id: string }>`
      SELECT public.accent_start_agent_run(${admin.body.library_id}::uuid, NULL, 'Killed', NULL, ${admin.body.user_id}::uuid, '', 'api',
        '{"query":"","params":{}}'::jsonb, 1000, 60, ${dying.owner}, ${dying.ttlSeconds}) AS id`.execute(db());
    const runId = rows[0].id;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // another process's sweep
    expect(await server.app.runLeases.sweep()).toContainEqual({ table: 'agent_runs', id: runId });
    expect(
      await sql<{ status: string; error: string }>`SELECT status, error FROM agent_runs WHERE id = ${runId}`.execute(db()).then((r) => r.rows[0]),
    ).toEqual({
      status: 'failed',
      error: RUN_INTERRUPTED,
    });
  });
});
