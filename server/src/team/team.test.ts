// GET /api/v1/team on a real PGlite: every signed-in member may read it, it lists the caller's library's
// active members only, with the fields a colleague may see and when each was last active.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { TeamMember } from '@accent/shell-common';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { createTestContext, createUser, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(30_000);

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;

const team = async (who: SignedIn) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/team', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ members: TeamMember[] }>().members;
};

beforeAll(async () => {
  ctx = await createTestContext();
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'never@accent.local', password: 'never-password', role: 'builder', name: 'Nia Never' });
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'gone@accent.local', password: 'gone-password', role: 'member', name: 'Gus Gone', active: false });
  await createUser(ctx.database, { environment: 'lo-n02', library: 'elsewhere', email: 'stranger@accent.local', password: 'stranger-password', role: 'admin', name: 'Sam Stranger' });
  admin = await loginAdmin(ctx.app);
  member = await loginMember(ctx.app);
}, 60_000);
afterAll(() => ctx?.close());

describe('GET /api/v1/team', () => {
  it('needs a sign-in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/team' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not signed in' });
  });

  it("lists the library's active members, by name, with only what colleagues may see", async () => {
    const members = await team(member);
    expect(members.map((m) => m.name)).toEqual([DEMO_CREDENTIALS.admin.name, DEMO_CREDENTIALS.member.name, 'Nia Never']);
    for (const m of members) expect(Object.keys(m).sort()).toEqual(['id', 'last_active', 'name', 'role', 'team', 'title']);
    expect(members[0]).toMatchObject({ id: admin.body.user_id, title: DEMO_CREDENTIALS.admin.title, role: 'admin', team: null });
    expect(members[1]).toMatchObject({ id: member.body.user_id, role: 'member' });
    expect(JSON.stringify(members)).not.toMatch(/@|password|scrypt/);
    // the same list whoever asks in the library; nobody from another library sees it
    expect(await team(admin)).toEqual(members);
    const stranger = await login(ctx.app, { email: 'stranger@accent.local', password: 'stranger-password', library: 'elsewhere' });
    expect((await team(stranger)).map((m) => m.name)).toEqual(['Sam Stranger']);
  });

  it('says when each was last active: their last sign-in or session renewal, null when never', async () => {
    const before = Date.now();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { accent_refresh: member.refreshCookie } });
    const members = await team(admin);
    const byName = new Map(members.map((m) => [m.name, m]));
    expect(byName.get('Nia Never')?.last_active).toBeNull();
    expect(new Date(byName.get(DEMO_CREDENTIALS.member.name)!.last_active!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(byName.get(DEMO_CREDENTIALS.admin.name)?.last_active).not.toBeNull();
  });

  it('follows team changes at once and drops a deactivated member', async () => {
    const patch = (changes: object) => ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${member.body.user_id}`, headers: admin.headers, payload: changes });
    expect((await patch({ team: 'sales' })).statusCode).toBe(200);
    expect((await team(admin)).find((m) => m.id === member.body.user_id)?.team).toBe('sales');
    expect((await patch({ active: false })).statusCode).toBe(200);
    expect((await team(admin)).map((m) => m.id)).not.toContain(member.body.user_id);
    // and the deactivated member's token no longer reads it
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/team', headers: member.headers })).statusCode).toBe(401);
  });

  it('keeps the users table away from the data gateway', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/rest/v1/users?select=*', headers: { ...admin.headers, apikey: 'anon' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
