// The audit log on a real database: what the routes record, the admin's filtered and paged read, and
// that nothing (not even the server's own role) can change or remove an entry.
import { describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { useTestApp } from '../testing/model-app.js';
import type { SignedIn, TestContext } from '../testing/test-app.js';
import { withFlowTables } from '../flows/tables.js';
import { withPageTables } from '../pages/tables.js';
import { record } from './audit.js';
import type { AuditEntry, AuditResponse } from '@accent/shell-common';

// every test signs users in: password hashing at full cost on a shared machine
jest.setTimeout(60_000);

const { environment, library, admin: adminCredentials, member: memberCredentials } = DEMO_CREDENTIALS;

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
useTestApp((started) => ({ ctx, admin, member } = started), ['admin', 'member']);

async function audit(query = '', who: SignedIn = admin) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/audit${query}`, headers: who.headers });
  return { status: response.statusCode, body: response.json<AuditResponse & { detail?: string }>() };
}
const latest = async (action: string): Promise<AuditEntry | undefined> => (await audit(`?action=${action}&limit=1`)).body.entries[0];

describe('what is recorded', () => {
  it('sign-ins, successful and failed, with who, when and from where', async () => {
    const failed = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment, library, email: memberCredentials.email, password: 'a wrong guess' } });
    expect(failed.statusCode).toBe(401);
    const entry = await latest('auth.sign_in_failed');
    expect(entry).toMatchObject({ actor_email: memberCredentials.email, actor_id: member.body.user_id, details: { reason: 'wrong password' }, ip: '127.0.0.1' });
    expect(JSON.stringify(entry)).not.toContain('a wrong guess');
    expect(Date.now() - new Date(entry!.at).getTime()).toBeLessThan(60_000);

    const ok = await latest('auth.sign_in');
    expect(ok).toMatchObject({ actor_id: member.body.user_id, actor_email: memberCredentials.email });
  });

  it('users and roles', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: admin.headers,
      payload: { email: 'audited@accent.local', name: 'Audited', role: 'member', password: 'long-enough-password' },
    });
    expect(created.statusCode).toBe(201);
    expect(await latest('user.create')).toMatchObject({ actor_email: adminCredentials.email, target: 'audited@accent.local', details: { role: 'member' } });
    expect(JSON.stringify(await latest('user.create'))).not.toContain('long-enough-password');

    const id = created.json<{ id: string }>().id;
    await ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: admin.headers, payload: { role: 'builder', active: false } });
    expect(await latest('user.update')).toMatchObject({ target: 'audited@accent.local', details: { role: 'builder', active: false } });
  });

  it('credentials and provider keys, naming the fields, never the values', async () => {
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/credentials/provider/openai', headers: admin.headers, payload: { values: { apiKey: 'sk-audit-secret-value' } } });
    expect(put.statusCode).toBe(200);
    const saved = await latest('credential.save');
    expect(saved).toMatchObject({ target: 'provider/openai', details: { fields: ['apiKey'] } });
    expect(JSON.stringify(saved)).not.toContain('sk-audit-secret-value');
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/admin/credentials/provider/openai', headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(await latest('credential.delete')).toMatchObject({ target: 'provider/openai' });
  });

  it('agent saves, restores and deletes', async () => {
    const save = () => ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: admin.headers, payload: { name: 'Audited Agent', description: 'v' } });
    expect((await save()).statusCode).toBe(200);
    expect((await save()).statusCode).toBe(200);
    expect(await latest('agent.save')).toMatchObject({ target: 'Audited Agent', details: { version: 2 } });
    const restore = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/restore', headers: admin.headers, payload: { name: 'Audited Agent', version: 1 } });
    expect(restore.statusCode).toBe(200);
    expect(await latest('agent.restore')).toMatchObject({ target: 'Audited Agent', details: { from_version: 1, version: 3 } });
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/agent?name=Audited%20Agent', headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(await latest('agent.delete')).toMatchObject({ target: 'Audited Agent', actor_email: adminCredentials.email });
  });
});

describe('what is recorded: deploying and publishing', () => {
  it('flow deploys and undeploys', async () => {
    const id = `flow-audit-${Date.now()}`;
    const start = { id: 'start', type: 'trigger', position: { x: 0, y: 0 }, data: { label: 'Start', subtype: 'webhook', triggerType: 'webhook', config: {} } };
    await withFlowTables(ctx.database.db)
      .insertInto('flows')
      .values({ id, name: 'Audited Flow', library_id: admin.body.library_id, owner_id: admin.body.user_id, flow_data: JSON.stringify({ nodes: [start], edges: [], viewport: { x: 0, y: 0, zoom: 1 } }) } as never)
      .execute();
    const deployed = await ctx.app.inject({ method: 'POST', url: `/api/v1/flows/${id}/deploy`, headers: admin.headers });
    expect(deployed.statusCode).toBe(200);
    const entry = await latest('flow.deploy');
    expect(entry).toMatchObject({ target: 'Audited Flow', details: { flow_id: id, trigger: 'webhook' }, actor_email: adminCredentials.email });
    // the webhook secret is shown once to the deployer, never kept in the trail
    expect(JSON.stringify(entry)).not.toContain(deployed.json<{ secret: string }>().secret);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/flows/${id}/undeploy`, headers: admin.headers })).statusCode).toBe(200);
    expect(await latest('flow.undeploy')).toMatchObject({ target: 'Audited Flow', details: { flow_id: id } });
  });

  it('page publishes and unpublishes', async () => {
    const components = [{ id: 'hdr000001', type: 'header', props: { title: 'Welcome', persona: 'Logistics advisor', backgroundColor: '#1a2b3c' }, layout: { zone: 'full-width', width: '100%', position: 0 } }];
    const page = await withPageTables(ctx.database.db)
      .insertInto('pages')
      .values({ library_id: admin.body.library_id, user_id: admin.body.user_id, name: 'Audited Page', agent_name: 'Lead Qualifier', components: JSON.stringify(components) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const published = await ctx.app.inject({ method: 'POST', url: `/api/v1/pages/${page.id}/publish`, headers: admin.headers });
    expect([published.statusCode, published.statusCode === 200 ? '' : published.body]).toEqual([200, '']); // the refusal's reason on failure
    expect(await latest('page.publish')).toMatchObject({ target: published.json<{ slug: string }>().slug, details: { page_id: page.id, version: 1 } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/pages/${page.id}/unpublish`, headers: admin.headers })).statusCode).toBe(200);
    expect(await latest('page.unpublish')).toMatchObject({ details: { page_id: page.id } });
  });
});

describe('GET /api/v1/admin/audit', () => {
  it('answers 403 to anyone but an admin, 401 without a session', async () => {
    const asMember = await audit('', member);
    expect(asMember.status).toBe(403);
    expect(asMember.body).toEqual({ detail: 'Only administrators can do this.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit' })).statusCode).toBe(401);
  });

  it('filters by actor, action and period, and pages newest first', async () => {
    const libraryId = admin.body.library_id;
    const base = Date.UTC(2020, 0, 10);
    // entries written through the one record function
    for (let i = 0; i < 5; i++) {
      await record(ctx.database.db, { libraryId, actor: { id: null, email: `pager-${i}@accent.local` }, action: 'remote.promote', target: `agents-${i}` });
    }

    const byActor = await audit('?actor=PAGER-3');
    expect(byActor.status).toBe(200);
    expect(byActor.body.total).toBe(1);
    expect(byActor.body.entries[0]).toMatchObject({ actor_email: 'pager-3@accent.local', target: 'agents-3' });

    const page1 = await audit('?action=remote.promote&limit=2');
    expect(page1.body.total).toBe(5);
    expect(page1.body.entries.map((e) => e.target)).toEqual(['agents-4', 'agents-3']);
    const page3 = await audit('?action=remote.promote&limit=2&offset=4');
    expect(page3.body.entries.map((e) => e.target)).toEqual(['agents-0']);

    // a period: nothing before the entries were written, everything from then on
    const now = new Date();
    expect((await audit(`?action=remote.promote&to=${encodeURIComponent(new Date(base).toISOString())}`)).body.total).toBe(0);
    expect((await audit(`?action=remote.promote&from=${encodeURIComponent(new Date(now.getTime() - 3_600_000).toISOString())}`)).body.total).toBe(5);
    expect((await audit(`?action=remote.promote&from=${now.toISOString().slice(0, 10)}`)).body.total).toBe(5);

    // only the admin's library
    await record(ctx.database.db, { libraryId: null, actor: { id: null, email: 'pager-x@accent.local' }, action: 'auth.sign_in_failed' });
    expect((await audit('?actor=pager-x')).body.total).toBe(0);
  });

  it('matches the actor literally (LIKE wildcards are text)', async () => {
    expect((await audit('?actor=%25')).body.total).toBe(0);
    expect((await audit('?actor=_')).body.total).toBe(0);
  });

  it.each([
    ['?action=agent.explode', 'action: must be one of'],
    ['?limit=0', 'limit: must be at least 1'],
    ['?limit=abc', 'limit: must be a number'],
    ['?from=yesterday', 'from: must be a date (YYYY-MM-DD) or an ISO date-time'],
    ['?from=2026-02-01&to=2026-01-01', 'to: must not be before from'],
    ['?actor=%00', 'actor: must not contain control characters'],
  ])('answers 400 with a readable message for %s', async (query, message) => {
    const response = await audit(query);
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(message);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even to the server role that owns the table', async () => {
    const { db } = ctx.database;
    await expect(sql`UPDATE audit_log SET actor_email = 'someone-else@accent.local'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM audit_log`.execute(db);
    expect(Number(rows[0].n)).toBeGreaterThan(0);
  });

  it('gives the browser roles nothing: the gateway role can neither read nor write it', async () => {
    const { db } = ctx.database;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SET LOCAL ROLE authenticated`.execute(trx);
        await sql`SELECT * FROM audit_log`.execute(trx);
      }),
    ).rejects.toThrow(/permission denied/);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SET LOCAL ROLE authenticated`.execute(trx);
        await sql`INSERT INTO audit_log (action) VALUES ('auth.sign_in')`.execute(trx);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});
