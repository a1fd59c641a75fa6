// API keys on a real PGlite, through the real app: made and shown once (only the hash stored), limited to
// their scopes and to what their owner may do now (a demoted or deactivated owner's keys stop), revoked
// at once, every use audited, and never opening the session endpoints or the data gateway.
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { ApiKeyCreated, ApiKeyList, AuditResponse } from '@accent/shell-common';
import { sql } from 'kysely';
import { type ModelServer } from '../../testing/model-server.js';
import { useModelApp } from '../../testing/model-app.js';
import { createUser, login, type SignedIn, type TestContext } from '../../testing/test-app.js';
import { hashApiKey } from './keys.js';

const MODEL_KEY = 'sk-test-api-keys';

let ctx: TestContext;
let model: ModelServer;
let admin: SignedIn;
let member: SignedIn;

useModelApp((started) => ({ ctx, model, admin, member } = started), { apiKey: MODEL_KEY });
beforeAll(async () => {
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/agent/save',
    headers: admin.headers,
    payload: { name: 'Key Echo', steps: [{ name: 'Answer', query: '' }] },
  });
  expect(saved.statusCode).toBe(200);
}, 60_000);

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
async function makeKey(who: SignedIn, body: object, path = '/api/v1/api-keys'): Promise<ApiKeyCreated> {
  const response = await ctx.app.inject({ method: 'POST', url: path, headers: who.headers, payload: body });
  expect(response.statusCode).toBe(201);
  return response.json<ApiKeyCreated>();
}
const audit = async (action: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/audit?action=${action}`, headers: admin.headers })).json<AuditResponse>().entries;

describe('making and listing keys', () => {
  it('shows the key once, stores only its hash, lists it by prefix', async () => {
    const made = await makeKey(member, { name: 'CI invoke', scopes: ['agents:invoke', 'agents:invoke'] });
    expect(made.key).toMatch(/^acs_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({
      name: 'CI invoke',
      kind: 'personal',
      scopes: ['agents:invoke'],
      owner_email: 'member@accent.local',
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const { rows } = await sql<{ key_hash: string }>`SELECT key_hash FROM api_keys WHERE id = ${made.id}`.execute(ctx.database.db);
    expect(rows[0].key_hash).toBe(hashApiKey(made.key));
    expect(JSON.stringify(rows)).not.toContain(made.key);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: member.headers })).json<ApiKeyList>();
    const listed = list.keys.find((k) => k.id === made.id);
    expect(listed).toMatchObject({ prefix: made.prefix, name: 'CI invoke' });
    expect(JSON.stringify(list)).not.toContain(made.key);
    // the admin sees it among the library's keys; the member's list has no service keys
    const service = await makeKey(admin, { name: 'Release pipeline', scopes: ['remotes:publish'] }, '/api/v1/admin/api-keys');
    expect(service.kind).toBe('service');
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/api-keys', headers: admin.headers })).json<ApiKeyList>();
    expect(all.keys.map((k) => k.id)).toEqual(expect.arrayContaining([made.id, service.id]));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: member.headers })).json<ApiKeyList>().keys.map((k) => k.id),
    ).not.toContain(service.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/api-keys', headers: member.headers })).statusCode).toBe(403);
    expect((await audit('api_key.create')).map((e) => e.details.key_id)).toEqual(expect.arrayContaining([made.id, service.id]));
  });

  it('refuses bad input with a sentence, and the admin scope to non-administrators', async () => {
    const cases: [object, string][] = [
      [{ name: '', scopes: ['agents:read'] }, 'name: Give the key a name'],
      [{ name: 'x', scopes: [] }, 'scopes: Choose at least one scope'],
      [{ name: 'x', scopes: ['everything'] }, 'scopes.0: must be one of agents:invoke, agents:read, flows:run, remotes:publish, admin'],
      [{ name: 'x', scopes: ['agents:read'], expires_at: '2001-01-01T00:00:00Z' }, 'expires_at: expires_at must be in the future'],
      [
        { name: 'x', scopes: ['agents:read'], expires_at: 'tomorrow' },
        'expires_at: expires_at must be an ISO date-time such as 2027-01-31T00:00:00Z',
      ],
    ];
    for (const [payload, detail] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: member.headers, payload });
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { detail } });
    }
    const admin_scope = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: member.headers,
      payload: { name: 'x', scopes: ['admin'] },
    });
    expect(admin_scope.statusCode).toBe(403);
    expect(admin_scope.json()).toEqual({ detail: 'Only administrators can give a key the admin scope.' });
  });
});

describe('using keys', () => {
  it('runs an agent with agents:invoke, within its scopes only, noting the last use and auditing each use', async () => {
    const made = await makeKey(member, { name: 'Script', scopes: ['agents:invoke'] });
    const invoked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/invoke',
      headers: bearer(made.key),
      payload: { name: 'Key Echo', query: 'hello from a key' },
    });
    expect(invoked.statusCode).toBe(200);
    expect(invoked.body).toBe('hello from a key');
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: bearer(made.key) });
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toEqual({ detail: 'This API key does not have the agents:read scope.' });
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: member.headers }))
      .json<ApiKeyList>()
      .keys.find((k) => k.id === made.id);
    expect(mine?.last_used_at).not.toBeNull();
    const uses = (await audit('api_key.use')).filter((e) => e.details.key_id === made.id);
    expect(uses).toEqual([
      expect.objectContaining({
        actor_email: 'member@accent.local',
        details: expect.objectContaining({ scope: 'agents:invoke', route: '/api/v1/agent/invoke' }),
      }),
    ]);
    expect((await audit('api_key.refused')).filter((e) => e.details.key_id === made.id)).toHaveLength(1);
  });

  it('never opens the session endpoints, key management or the data gateway', async () => {
    const made = await makeKey(admin, { name: 'Everything', scopes: ['agents:invoke', 'agents:read', 'flows:run', 'remotes:publish', 'admin'] });
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/logout?scope=global'],
      ['GET', '/api/v1/api-keys'],
      ['GET', '/api/v1/admin/api-keys'],
      ['POST', '/api/v1/agent/save'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: bearer(made.key), ...(method === 'POST' ? { payload: {} } : {}) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
    const gateway = await ctx.app.inject({ method: 'GET', url: '/rest/v1/missions?select=id', headers: { ...bearer(made.key), apikey: 'anon' } });
    expect(gateway.statusCode).toBe(401);
    // flows:run opens the flow run API
    expect([401, 403]).not.toContain(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/flows/no-such-flow/runs', headers: bearer(made.key) })).statusCode,
    );
    // the admin scope opens the administration API
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(made.key) })).statusCode).toBe(200);
  });

  it('publishes remotes with remotes:publish while its owner is an administrator; a demoted or deactivated owner stops its keys', async () => {
    await createUser(ctx.database, {
      environment: 'lo-n02',
      library: 'sales2',
      email: 'keys-ops@accent.local',
      password: 'ops-password',
      role: 'admin',
    });
    const ops = await login(ctx.app, { email: 'keys-ops@accent.local', password: 'ops-password' });
    const made = await makeKey(ops, { name: 'Release', scopes: ['remotes:publish', 'admin'] }, '/api/v1/admin/api-keys');
    const versions = () => ctx.app.inject({ method: 'GET', url: '/api/v1/remotes/agents/versions', headers: bearer(made.key) });
    const users = () => ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(made.key) });
    expect((await versions()).statusCode).toBe(200);
    expect((await users()).statusCode).toBe(200);

    await ctx.database.db.updateTable('users').set({ role: 'member' }).where('email', '=', 'keys-ops@accent.local').execute();
    expect((await versions()).statusCode).toBe(403);
    expect((await users()).statusCode).toBe(403);

    await ctx.database.db.updateTable('users').set({ role: 'admin', active: false }).where('email', '=', 'keys-ops@accent.local').execute();
    const stopped = await versions();
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json().detail).toMatch(/^This API key is not valid/);
  });

  it('stops a revoked key at once, and an expired one', async () => {
    const made = await makeKey(member, { name: 'Short lived', scopes: ['agents:read'], expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    const read = () => ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: bearer(made.key) });
    expect((await read()).statusCode).toBe(200);
    // another user cannot revoke it; its owner can
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${made.id}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${made.id}`, headers: member.headers })).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(401);
    expect((await audit('api_key.revoke')).map((e) => e.details.key_id)).toContain(made.id);

    const other = await makeKey(member, { name: 'Expiring', scopes: ['agents:read'], expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${other.id}`.execute(ctx.database.db);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: bearer(other.key) })).statusCode).toBe(401);
    // an administrator revokes any key of the library
    const third = await makeKey(member, { name: 'Admin revokes', scopes: ['agents:read'] });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/api-keys/${third.id}`, headers: admin.headers })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: bearer(third.key) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: bearer('acs_not-a-real-key') })).statusCode).toBe(401);
  });
});
