// Two server processes on one PostgreSQL, as behind one load-balanced address: a session opened on one
// is refreshed and used on the other, a webhook received by one runs once, and a schedule fires once per
// occurrence although both run the job scheduler. (Each app has its own pool and pg-boss, as a process.)
import { beforeAll, expect, it, jest } from '@jest/globals';
import type { App } from '../app.js';
import { REFRESH_COOKIE } from '../auth/routes.js';
import { withFlowTables } from '../flows/tables.js';
import { FAST_JOBS, waitFor } from '../testing/missions.js';
import { createPostgresAdmin, POSTGRES_ADMIN as ADMIN, throwawayPostgresSuite, usePostgresServers } from '../testing/postgres-suite.js';
import { login, startPostgresServer, type SignedIn } from '../testing/test-app.js';

jest.setTimeout(120_000);

const { pg, describeWithPostgres } = await throwawayPostgresSuite('two-servers.test');

describeWithPostgres('two server processes on one PostgreSQL', () => {
  const servers = usePostgresServers(pg);
  let a: App;
  let b: App;
  let admin: SignedIn;

  beforeAll(async () => {
    await createPostgresAdmin(pg.url);
    servers.push(await startPostgresServer(pg.url, { jobs: FAST_JOBS }), await startPostgresServer(pg.url, { jobs: FAST_JOBS }));
    [a, b] = servers.map((server) => server.app);
    admin = await login(a, ADMIN);
  }, 120_000);

  /** A flow with only its start trigger, written as the table owner. */
  async function insertFlow(name: string, trigger: { subtype: string; config?: object }) {
    const id = `flow-${Date.now()}-${name.replace(/\W/g, '').toLowerCase()}`;
    const start = { id: 'start', type: 'trigger', position: { x: 0, y: 0 }, data: { label: 'Start', subtype: trigger.subtype, triggerType: trigger.subtype, config: trigger.config ?? {} } };
    await withFlowTables(servers[0].database.db)
      .insertInto('flows')
      .values({ id, name, library_id: admin.body.library_id, owner_id: admin.body.user_id, flow_data: JSON.stringify({ nodes: [start], edges: [], viewport: { x: 0, y: 0, zoom: 1 } }) } as never)
      .execute();
    return id;
  }
  const runsOf = (id: string) => withFlowTables(servers[0].database.db).selectFrom('flow_runs').selectAll().where('flow_id', '=', id).execute();

  it('a session opened on one server is refreshed and used on the other', async () => {
    const refreshed = await b.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: admin.refreshCookie } });
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json<{ token: string }>().token;
    for (const app of [a, b]) {
      const list = await app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: { authorization: `Bearer ${token}` } });
      expect(list.statusCode).toBe(200);
    }
  });

  it('a webhook deployed on one server and received by the other runs once', async () => {
    const id = await insertFlow('Hook', { subtype: 'webhook' });
    const deployed = await a.inject({ method: 'POST', url: `/api/v1/flows/${id}/deploy`, headers: admin.headers });
    expect(deployed.statusCode).toBe(200);
    const { secret } = deployed.json<{ secret: string }>();
    const received = await b.inject({ method: 'POST', url: `/api/v1/flows/${id}/webhook?secret=${encodeURIComponent(secret)}`, payload: { text: 'hello' } });
    expect(received.statusCode).toBe(202);
    await waitFor(async () => (await runsOf(id)).some((r) => r.status === 'succeeded' || r.status === 'failed'), 'the webhook run');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await runsOf(id)).map((r) => r.trigger)).toEqual(['webhook']);
  });

  it('a schedule both servers know fires once per occurrence', async () => {
    const id = await insertFlow('Every minute', { subtype: 'schedule', config: { cron: '* * * * *', timezone: 'UTC' } });
    expect((await b.inject({ method: 'POST', url: `/api/v1/flows/${id}/deploy`, headers: admin.headers })).statusCode).toBe(200);
    await a.flows.reconcile(); // the other server learns of it too (it would at its next pass)
    const first = await waitFor(async () => (await runsOf(id)).find((r) => r.trigger === 'schedule'), 'the first occurrence', 90_000);
    // both cron monitors and both workers had time to double it
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const minute = (date: Date) => date.toISOString().slice(0, 16);
    const sameMinute = (await runsOf(id)).filter((r) => r.trigger === 'schedule' && minute(r.created_at) === minute(first.created_at));
    expect(sameMinute).toHaveLength(1);
  });
});
