// A hosted Supabase project's PostgREST sets request.jwt.claims straight from the token, whatever the
// database says. Migration 016 makes the policies' helpers take the role and library from the database
// (only the user and the sign-in from the claims), so revocation holds there too. Here each statement
// runs exactly as PostgREST runs it: role `authenticated` and the token's own claims.
import { describe, expect, it, jest } from '@jest/globals';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { REFRESH_COOKIE } from '../auth/routes.js';
import { useTestApp } from '../testing/model-app.js';
import { createUser, login, type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(60_000);

let ctx: TestContext;
let admin: SignedIn;
let seq = 0;

useTestApp((started) => ({ ctx, admin } = started), ['admin']);

/** Runs `query` as PostgREST would for this token: SET LOCAL ROLE authenticated and the token's claims. */
function asPostgrest<T>(token: string, query: string): Promise<T[]> {
  return ctx.database.db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(decodeJwt(token))}, true)`.execute(trx);
    return (await sql<T>`${sql.raw(query)}`.execute(trx)).rows;
  });
}

async function newUser(role: 'admin' | 'member') {
  const email = `hosted-${++seq}-${role}@accent.local`;
  const id = await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email, password: 'long-enough-password', role });
  return { id, session: await login(ctx.app, { email, password: 'long-enough-password' }) };
}

async function missionOf(userId: string, name: string) {
  const id = `hosted-${++seq}`;
  await sql`INSERT INTO missions (id, library_id, user_id, name, agent_id, agent_name, scope)
            VALUES (${id}, ${admin.body.library_id}::uuid, ${userId}::uuid, ${name}, 'Lead Qualifier', 'Lead Qualifier', 'private')`.execute(ctx.database.db);
  return id;
}

describe('policies under claims taken straight from the token', () => {
  it('see the caller as the database says: their own rows while signed in, nothing once deactivated', async () => {
    const member = await newUser('member');
    const id = await missionOf(member.id, 'Hosted private');
    expect(await asPostgrest<{ id: string }>(member.session.token, `SELECT id FROM missions WHERE id = '${id}'`)).toEqual([{ id }]);
    await ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${member.id}`, headers: admin.headers, payload: { active: false } });
    expect(await asPostgrest(member.session.token, `SELECT id FROM missions WHERE id = '${id}'`)).toEqual([]);
  });

  it("give a demoted admin a member's rights although the token says admin", async () => {
    const member = await newUser('member');
    const id = await missionOf(member.id, 'Not the admin\'s');
    const other = await newUser('admin');
    expect(decodeJwt(other.session.token).app_role).toBe('admin');
    expect(await asPostgrest(other.session.token, `SELECT id FROM missions WHERE id = '${id}'`)).toHaveLength(1);
    await ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${other.id}`, headers: admin.headers, payload: { role: 'member' } });
    expect(await asPostgrest(other.session.token, `SELECT id FROM missions WHERE id = '${id}'`)).toEqual([]);
  });

  it('see nothing for the token of a sign-in that ended', async () => {
    const member = await newUser('member');
    const id = await missionOf(member.id, 'Before logout');
    expect(await asPostgrest(member.session.token, `SELECT id FROM missions WHERE id = '${id}'`)).toHaveLength(1);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: member.session.refreshCookie } });
    expect(await asPostgrest(member.session.token, `SELECT id FROM missions WHERE id = '${id}'`)).toEqual([]);
    // nor can it write
    await expect(
      asPostgrest(member.session.token, `INSERT INTO missions (id, name, agent_id, agent_name) VALUES ('hosted-after-logout', 'x', 'Lead Qualifier', 'Lead Qualifier')`),
    ).rejects.toThrow();
  });
});
