// Revocation across two server processes on one PostgreSQL (each app with its own pool, as a process):
// a user signed in on one server is refused by it the moment the other server deactivates, demotes or
// signs them out, on /api/v1 and on the data gateway. Skipped when PostgreSQL is not installed.
import { beforeAll, expect, it, jest } from '@jest/globals';
import type { App } from '../app.js';
import { createPostgresAdmin, POSTGRES_ADMIN as ADMIN, POSTGRES_PLACE as PLACE, throwawayPostgresSuite, usePostgresServers } from '../testing/postgres-suite.js';
import { login, startPostgresServer, type SignedIn } from '../testing/test-app.js';
import { REFRESH_COOKIE } from './routes.js';

jest.setTimeout(120_000);

const { pg, describeWithPostgres } = await throwawayPostgresSuite('revocation-postgres.test');

describeWithPostgres('revocation across two servers on one PostgreSQL', () => {
  const servers = usePostgresServers(pg);
  let a: App;
  let b: App;
  let adminOnB: SignedIn;
  let seq = 0;

  /** A user created by the admin through server B, signed in on server A. */
  async function userOnA(role: 'admin' | 'member') {
    const email = `pg-${++seq}-${role}@example.com`;
    const created = await b.inject({ method: 'POST', url: '/api/v1/admin/users', headers: adminOnB.headers, payload: { email, name: email, role, password: 'long-enough-password' } });
    expect(created.statusCode).toBe(201);
    return { id: created.json<{ id: string }>().id, session: await login(a, { ...PLACE, email, password: 'long-enough-password' }) };
  }
  const onA = (url: string, who: SignedIn) => a.inject({ method: 'GET', url, headers: who.headers });
  const patchOnB = (id: string, payload: Record<string, unknown>) => b.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: adminOnB.headers, payload });

  beforeAll(async () => {
    // an empty database, its first administrator from the command line's function (migrates it)
    await createPostgresAdmin(pg.url);
    servers.push(await startPostgresServer(pg.url), await startPostgresServer(pg.url));
    [a, b] = servers.map((server) => server.app);
    adminOnB = await login(b, ADMIN);
  }, 120_000);

  it('a deactivation on one server refuses the user on the other at the next request, API and gateway', async () => {
    const member = await userOnA('member');
    expect((await onA('/api/v1/agent/list', member.session)).statusCode).toBe(200);
    expect((await onA('/rest/v1/missions?select=id', member.session)).statusCode).toBe(200);
    expect((await patchOnB(member.id, { active: false })).statusCode).toBe(200);
    expect((await onA('/api/v1/agent/list', member.session)).statusCode).toBe(401);
    const gateway = await onA('/rest/v1/missions?select=id', member.session);
    expect(gateway.statusCode).toBe(401);
    expect(gateway.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('a demotion on one server takes admin rights away on the other at once', async () => {
    const other = await userOnA('admin');
    expect((await onA('/api/v1/admin/users', other.session)).statusCode).toBe(200);
    expect((await patchOnB(other.id, { role: 'member' })).statusCode).toBe(200);
    expect((await onA('/api/v1/admin/users', other.session)).statusCode).toBe(403);
  });

  it('a logout on one server ends the access token on the other', async () => {
    const member = await userOnA('member');
    expect((await onA('/api/v1/agent/list', member.session)).statusCode).toBe(200);
    const out = await b.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: member.session.refreshCookie } });
    expect(out.statusCode).toBe(204);
    expect((await onA('/api/v1/agent/list', member.session)).statusCode).toBe(401);
  });
});
