// Every route that returns an agent's configuration or history applies the agent's Access Permissions,
// as invoke does: a member gets 403 for an admin-only agent, an admin and a team member get theirs.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createTestContext, createUser, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';
import { AGENT_MESSAGES } from './routes.js';

// every test signs users in: password hashing at full cost on a shared machine
jest.setTimeout(60_000);

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let salesMember: SignedIn;
let builder: SignedIn;

const save = (name: string, access: string[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/agent/save',
    headers: admin.headers,
    payload: { name, description: `${name} description`, steps: [{ prompt: `The secret system prompt of ${name}` }], settings: { access } },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAdmin(ctx.app);
  member = await loginMember(ctx.app);
  const id = await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'seller@accent.local', password: 'seller-password', role: 'member' });
  await ctx.database.db.updateTable('users').set({ team: 'sales' }).where('id', '=', id).execute();
  salesMember = await login(ctx.app, { email: 'seller@accent.local', password: 'seller-password' });
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'maker@accent.local', password: 'maker-password', role: 'builder' });
  builder = await login(ctx.app, { email: 'maker@accent.local', password: 'maker-password' });
  for (const [name, access] of [['Board Briefing', ['admin_only']], ['Deal Desk', ['sales_team']], ['Open Helper', ['all_users']]] as const) {
    expect((await save(name, [...access])).statusCode).toBe(200);
    expect((await save(name, [...access])).statusCode).toBe(200); // a second version
  }
}, 180_000);
afterAll(() => ctx.close());

const routes = (name: string) => [
  `/api/v1/multi-agent/agent-config?name=${encodeURIComponent(name)}`,
  `/api/v1/agent/versions?name=${encodeURIComponent(name)}`,
  `/api/v1/agent/version?name=${encodeURIComponent(name)}&version=1`,
];

describe('agent configuration access', () => {
  it.each(routes('Board Briefing'))('answers 403 to a member for an admin-only agent: %s', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: member.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: AGENT_MESSAGES.noAccess('Board Briefing') });
    expect(response.body).not.toContain('secret system prompt');
    expect(response.body).not.toContain('admin@accent.local');
  });

  it.each(routes('Board Briefing'))('answers an admin: %s', async (url) => {
    expect((await ctx.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);
  });

  it('follows teams as invoke does: the sales agent for the sales member, not for another member', async () => {
    for (const url of routes('Deal Desk')) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: salesMember.headers })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(403);
    }
  });

  it('answers a member for an agent open to all users', async () => {
    for (const url of routes('Open Helper')) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(200);
    }
  });

  it('still answers 404 for an agent that does not exist', async () => {
    for (const url of routes('Nobody')) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(404);
    }
  });
});

describe('the agent list shows only the agents the caller may open', () => {
  const listed = async (who: SignedIn) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: who.headers });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const names = async (who: SignedIn) => ((await listed(who)).json().agents as { name: string }[]).map((a) => a.name);

  it("leaves out, for a member, the admin-only and other teams' agents (name and description)", async () => {
    const response = await listed(member);
    expect(response.json().agents.map((a: { name: string }) => a.name)).toContain('Open Helper');
    expect(response.body).not.toContain('Board Briefing');
    expect(response.body).not.toContain('Deal Desk');
  });

  it('follows teams and roles as invoke does', async () => {
    expect(await names(salesMember)).toEqual(expect.arrayContaining(['Deal Desk', 'Open Helper']));
    expect(await names(salesMember)).not.toContain('Board Briefing');
    expect(await names(builder)).not.toContain('Board Briefing');
    expect(await names(admin)).toEqual(expect.arrayContaining(['Board Briefing', 'Deal Desk', 'Open Helper']));
  });

  it('lists exactly the agents whose configuration the caller may open', async () => {
    for (const who of [member, salesMember, builder, admin]) {
      for (const name of ['Board Briefing', 'Deal Desk', 'Open Helper']) {
        const config = await ctx.app.inject({ method: 'GET', url: `/api/v1/multi-agent/agent-config?name=${encodeURIComponent(name)}`, headers: who.headers });
        expect([name, (await names(who)).includes(name)]).toEqual([name, config.statusCode === 200]);
      }
    }
  });
});

describe('changing an agent follows its access permissions too', () => {
  const adminOnly = () => ctx.database.db.selectFrom('agents').select(['config']).where('name', '=', 'Board Briefing').executeTakeFirstOrThrow();

  it('refuses a builder saving over, deleting or restoring an admin-only agent, and changes nothing', async () => {
    const before = await adminOnly();
    const overwrite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/save',
      headers: builder.headers,
      payload: { name: 'Board Briefing', description: 'Taken over', steps: [{ prompt: 'Leak everything' }], settings: { access: ['all_users'] } },
    });
    const remove = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/agent?name=Board%20Briefing', headers: builder.headers });
    const restore = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/restore', headers: builder.headers, payload: { name: 'Board Briefing', version: 1 } });
    for (const response of [overwrite, remove, restore]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: AGENT_MESSAGES.noAccess('Board Briefing') });
    }
    expect(await adminOnly()).toEqual(before);
    const versions = await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/versions?name=Board%20Briefing', headers: admin.headers });
    expect(versions.json().versions).toHaveLength(2);
  });

  it('lets the builder change an agent they may run, and create a new one', async () => {
    const saveAs = (name: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: builder.headers, payload: { name, description: 'd', steps: [{ prompt: 'p' }], settings: { access: ['all_users'] } } });
    expect((await saveAs('Open Helper')).statusCode).toBe(200);
    expect((await saveAs('Builder Own')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/restore', headers: builder.headers, payload: { name: 'Open Helper', version: 1 } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/agent?name=Builder%20Own', headers: builder.headers })).statusCode).toBe(200);
  });

  it('lets an admin change an admin-only agent', async () => {
    expect((await save('Board Briefing', ['admin_only'])).statusCode).toBe(200);
  });
});
