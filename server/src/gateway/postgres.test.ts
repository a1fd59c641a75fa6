// The data gateway on a real PostgreSQL, where a read travels as one simple-protocol message of three
// statements through the pool: row-level security between members, values that try to leave their
// literal, the caller's current state, and no role or claims left on a pooled connection afterwards.
// Skipped when PostgreSQL is not installed.
import { beforeAll, expect, it, jest } from '@jest/globals';
import { agentSaveRequestSchema } from '@accent/agents-common';
import { saveAgent } from '../agents/service.js';
import type { App } from '../app.js';
import { createPostgresAdmin, POSTGRES_ADMIN as ADMIN, POSTGRES_PLACE as PLACE, throwawayPostgresSuite, usePostgresServers } from '../testing/postgres-suite.js';
import { login, startPostgresServer, type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(120_000);

const { pg, describeWithPostgres } = await throwawayPostgresSuite('gateway/postgres.test');

const AGENT = 'Lead Qualifier';
const TRICKY = ["x'; DROP TABLE missions; --", "C:\\dir\\'; SELECT 1; --", '\\', '$1', 'é ✓'];

describeWithPostgres('data gateway on PostgreSQL', () => {
  const servers = usePostgresServers(pg);
  let server: TestContext;
  let app: App;
  let admin: SignedIn;
  let seq = 0;

  async function member() {
    const email = `gw-${++seq}@example.com`;
    const created = await app.inject({ method: 'POST', url: '/api/v1/admin/users', headers: admin.headers, payload: { email, name: email, role: 'member', password: 'long-enough-password' } });
    expect(created.statusCode).toBe(201);
    return { id: created.json<{ id: string }>().id, session: await login(app, { ...PLACE, email, password: 'long-enough-password' }) };
  }
  const get = (url: string, who: SignedIn) => app.inject({ method: 'GET', url: `/rest/v1/${url}`, headers: who.headers });

  beforeAll(async () => {
    await createPostgresAdmin(pg.url);
    server = await startPostgresServer(pg.url);
    servers.push(server);
    app = server.app;
    admin = await login(app, ADMIN);
    const config = agentSaveRequestSchema.parse({ name: AGENT, description: '', settings: { access: ['all_users'] } });
    await saveAgent(server.database.db, { libraryId: admin.body.library_id, userId: admin.body.user_id, config: config as never });
  }, 120_000);

  it('reads under row-level security, values as values, and refuses a deactivated member at once', async () => {
    const a = await member();
    const b = await member();
    for (const [i, name] of TRICKY.entries()) {
      const created = await app.inject({
        method: 'POST',
        url: '/rest/v1/missions',
        headers: { ...a.session.headers, prefer: 'return=minimal' },
        payload: { id: `pg-${i}`, name, agent_id: AGENT, agent_name: AGENT, prompt: 'p' },
      });
      expect(created.statusCode).toBe(201);
    }
    for (const [i, name] of TRICKY.entries()) {
      const own = await get(`missions?select=id,name&name=eq.${encodeURIComponent(name)}`, a.session);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([{ id: `pg-${i}`, name }]);
      // b's private missions are not a's
      expect((await get(`missions?select=id&name=eq.${encodeURIComponent(name)}`, b.session)).json()).toEqual([]);
    }
    // PostgreSQL's own error from inside the batch, with its SQLSTATE
    const bad = await get('missions?select=id&user_id=eq.not-a-uuid', a.session);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: '22P02' });
    // a value PostgreSQL cannot hold keeps the bound-parameter path: its error, as data
    const nul = await get(`missions?select=id&name=eq.a${encodeURIComponent('\0')}b`, a.session);
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);

    const off = await app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${a.id}`, headers: admin.headers, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    const refused = await get('missions?select=id', a.session);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('leaves no role and no claims on any pooled connection', async () => {
    const someone = await member();
    await Promise.all(Array.from({ length: 30 }, () => get('missions?select=id', someone.session)));
    // every connection of the pool at once
    const pool = server.database.pool!;
    const clients = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ role: string; claims: string | null }>(`SELECT current_user AS role, current_setting('request.jwt.claims', true) AS claims`);
        expect(rows[0].role).not.toBe('authenticated');
        expect(rows[0].claims || null).toBeNull();
      }
    } finally {
      for (const client of clients) client.release();
    }
  });
});
