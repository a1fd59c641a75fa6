import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminUserSchema, adminUsersResponseSchema, CREDENTIAL_DEFINITIONS, credentialsResponseSchema, type CredentialItem } from '@accent/shell-common';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { createTestContext, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';

const OPENAI_KEY = 'sk-proj-abcdefghijklmnop9f2a';

describe('admin API', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let member: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { ANTHROPIC_API_KEY: 'sk-ant-from-environment-123' } });
    admin = await loginAdmin(ctx.app);
    member = await loginMember(ctx.app);
  }, 30_000);
  afterAll(() => ctx.close());

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: who.headers, payload });
  const credentialsOf = async (who = admin) => credentialsResponseSchema.parse((await call(who, 'GET', '/credentials')).json()).credentials;
  const find = (items: CredentialItem[], key: string) => items.find((i) => i.key === key)!;

  it('is for administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/users'],
      ['POST', '/users'],
      ['PATCH', '/users/00000000-0000-0000-0000-000000000000'],
      ['GET', '/credentials'],
      ['PUT', '/credentials/provider/openai'],
      ['DELETE', '/credentials/provider/openai'],
    ] as const) {
      const response = await call(member, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Only administrators can do this.' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(401);
  });

  describe('users', () => {
    it("lists the library's users", async () => {
      const body = adminUsersResponseSchema.parse((await call(admin, 'GET', '/users')).json());
      expect(body.users.map((u) => [u.email, u.role, u.team, u.active])).toEqual([
        ['admin@accent.local', 'admin', null, true],
        ['member@accent.local', 'member', null, true],
      ]);
    });

    it('creates a user who can sign in, and refuses a duplicate email or a short password', async () => {
      const created = await call(admin, 'POST', '/users', { email: 'Sam@Example.com', name: 'Sam Seller', title: 'AE', role: 'builder', team: 'sales', password: 'correct-horse' });
      expect(created.statusCode).toBe(201);
      const user = adminUserSchema.parse(created.json());
      expect(user).toMatchObject({ email: 'sam@example.com', name: 'Sam Seller', title: 'AE', role: 'builder', team: 'sales', active: true });
      const signedIn = await login(ctx.app, { email: 'sam@example.com', password: 'correct-horse' });
      expect(signedIn.body).toMatchObject({ role: 'builder', library_id: admin.body.library_id });

      const duplicate = await call(admin, 'POST', '/users', { email: 'sam@example.com', name: 'Again', role: 'member', password: 'another-pass' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ detail: 'A user with email sam@example.com already exists.' });

      const short = await call(admin, 'POST', '/users', { email: 'x@example.com', name: 'X', role: 'member', password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ detail: 'password: Password must be at least 8 characters' });
      const badRole = await call(admin, 'POST', '/users', { email: 'y@example.com', name: 'Y', role: 'owner', password: 'long-enough' });
      expect(badRole.json().detail).toBe('role: role must be one of admin, builder, member');
    });

    it("changes a user's role and team, and deactivation signs them out everywhere", async () => {
      const dana = adminUserSchema.parse((await call(admin, 'POST', '/users', { email: 'dana@example.com', name: 'Dana', role: 'member', password: 'dana-password' })).json());
      const session = await login(ctx.app, { email: 'dana@example.com', password: 'dana-password' });

      const promoted = await call(admin, 'PATCH', `/users/${dana.id}`, { role: 'builder', team: 'marketing' });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ role: 'builder', team: 'marketing', active: true });

      const deactivated = await call(admin, 'PATCH', `/users/${dana.id}`, { active: false });
      expect(deactivated.json()).toMatchObject({ active: false });
      const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { accent_refresh: session.refreshCookie } });
      expect(refresh.statusCode).toBe(401);
      const relogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment: DEMO_CREDENTIALS.environment, library: DEMO_CREDENTIALS.library, email: 'dana@example.com', password: 'dana-password' } });
      expect(relogin.statusCode).toBe(401);
      // an access token issued before still verifies, but the runtime refuses an inactive user
      const invoke = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: session.headers, payload: { name: 'Lead Qualifier', query: 'x' } });
      expect(invoke.statusCode).toBe(401);
    });

    it('does not let an admin deactivate or demote themselves', async () => {
      const self = admin.body.user_id;
      const deactivate = await call(admin, 'PATCH', `/users/${self}`, { active: false });
      expect(deactivate.statusCode).toBe(400);
      expect(deactivate.json()).toEqual({ detail: 'You cannot deactivate your own account.' });
      const demote = await call(admin, 'PATCH', `/users/${self}`, { role: 'member' });
      expect(demote.json()).toEqual({ detail: 'You cannot remove your own administrator role.' });
      expect((await call(admin, 'PATCH', `/users/${self}`, { team: 'sales' })).statusCode).toBe(200);
      expect((await call(admin, 'PATCH', '/users/00000000-0000-0000-0000-000000000000', { team: null })).statusCode).toBe(404);
      expect((await call(admin, 'PATCH', `/users/${self}`, {})).json()).toEqual({ detail: 'Nothing to change: send role, team or active' });
    });
  });

  describe('credentials', () => {
    it('lists every provider and connector, configured or not', async () => {
      const items = await credentialsOf();
      expect(items.map((i) => `${i.kind}/${i.key}`)).toEqual(CREDENTIAL_DEFINITIONS.map((d) => `${d.kind}/${d.key}`));
      expect(items.map((i) => i.key)).toEqual(['openai', 'anthropic', 'google', 'microsoft', 'local', 'google_search', 'serp_api', 'sendgrid', 'hubspot', 'salesforce', 'linkedin', 'slack', 'slack_webhook', 'sms']);
      expect(find(items, 'openai')).toMatchObject({ configured: false, source: null, hint: null, updated_at: null, label: 'OpenAI' });
      // set in the server's environment: usable, but nothing of it is shown
      expect(find(items, 'anthropic')).toMatchObject({ configured: true, source: 'environment', hint: null });
    });

    it('stores values encrypted (no plaintext in the table) and answers only a masked hint', async () => {
      const put = await call(admin, 'PUT', '/credentials/provider/openai', { values: { apiKey: OPENAI_KEY } });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ key: 'openai', configured: true, source: 'library', hint: 'sk-…9f2a' });
      expect(put.json().fields).toEqual([
        { name: 'apiKey', label: 'API key', secret: true, required: true, set: true },
        { name: 'baseUrl', label: 'Base URL (optional, e.g. a proxy)', secret: false, required: false, set: false },
      ]);
      expect(JSON.stringify(await credentialsOf())).not.toContain(OPENAI_KEY);

      const rows = await ctx.database.db.selectFrom('library_credentials').selectAll().execute();
      expect(rows).toHaveLength(1);
      const raw = JSON.stringify(rows.map((r) => ({ ...r, ciphertext: Buffer.from(r.ciphertext).toString('latin1'), iv: Buffer.from(r.iv).toString('latin1') })));
      expect(raw).not.toContain(OPENAI_KEY);
      expect(raw).not.toContain('abcdefghijklmnop');
      expect(Buffer.from(rows[0].iv)).toHaveLength(12);
      expect(Buffer.from(rows[0].auth_tag)).toHaveLength(16);
    });

    it('keeps fields left out or empty, clears them with null, and validates per key', async () => {
      await call(admin, 'PUT', '/credentials/connector/salesforce', { values: { instanceUrl: 'https://acme.my.salesforce.com', accessToken: '00Dxx0000000000!AQ4AQFake' } });
      const rotate = await call(admin, 'PUT', '/credentials/connector/salesforce', { values: { instanceUrl: 'https://acme2.my.salesforce.com', accessToken: '' } });
      expect(rotate.statusCode).toBe(200);
      expect(rotate.json().fields.map((f: { name: string; set: boolean }) => [f.name, f.set])).toEqual([
        ['instanceUrl', true],
        ['accessToken', true],
      ]);

      const cleared = await call(admin, 'PUT', '/credentials/connector/salesforce', { values: { accessToken: null } });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json()).toEqual({ detail: 'values.accessToken: Access token is required' });

      const badUrl = await call(admin, 'PUT', '/credentials/provider/local', { values: { baseUrl: 'ftp://models' } });
      expect(badUrl.json()).toEqual({ detail: 'values.baseUrl: Base URL must be an http(s) URL' });
      const unknownField = await call(admin, 'PUT', '/credentials/connector/slack', { values: { token: 'xoxb' } });
      expect(unknownField.json()).toEqual({ detail: 'values.token: unknown field for Slack' });
      const unknownKey = await call(admin, 'PUT', '/credentials/connector/myspace', { values: {} });
      expect(unknownKey.statusCode).toBe(404);
      expect(unknownKey.json()).toEqual({ detail: 'Unknown credential connector/myspace.' });
      const badUrn = await call(admin, 'PUT', '/credentials/connector/linkedin', { values: { accessToken: 'li-token-abcdef', author: 'me' } });
      expect(badUrn.json()).toEqual({ detail: 'values.author: Member URN must look like urn:li:person:…' });

      const local = await call(admin, 'PUT', '/credentials/provider/local', { values: { baseUrl: 'http://localhost:11434/v1' } });
      expect(local.json()).toMatchObject({ configured: true, hint: 'http://localhost:11434/v1' });
    });

    it('deletes stored values', async () => {
      expect((await call(admin, 'DELETE', '/credentials/provider/openai')).json()).toEqual({ status: 'success' });
      expect(find(await credentialsOf(), 'openai')).toMatchObject({ configured: false, hint: null });
      expect((await call(admin, 'DELETE', '/credentials/provider/nope')).statusCode).toBe(404);
    });
  });
});
