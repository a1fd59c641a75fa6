// The data gateway sees a caller as the database says now, through the real supabase-js client: the
// claims row-level security reads (role, library) come from the users table, not the token, and a
// deactivated user or an ended sign-in is refused at the next request.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { createTestContext, createUser, importCreateClient, listenOnLoopback, login, loginAdmin, TEST_JWT_SECRET, type SignedIn, type TestContext } from '../testing/test-app.js';
import { REFRESH_COOKIE } from '../auth/routes.js';
import { AUTH_MESSAGES } from './auth.js';

// every test signs users in: password hashing at full cost on a shared machine
jest.setTimeout(60_000);

let createClient: typeof import('@supabase/supabase-js').createClient;
let ctx: TestContext;
let baseUrl: string;
let admin: SignedIn;
let clientConfig: { supabaseUrl: string; supabaseAnonKey: string };
let seq = 0;

function client(token: string): SupabaseClient {
  return createClient(clientConfig.supabaseUrl, clientConfig.supabaseAnonKey, {
    accessToken: async () => token,
    realtime: { transport: class {} as never },
  });
}

const mission = (name: string) => ({
  id: `rev-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
  name,
  agent_id: 'Lead Qualifier',
  agent_name: 'Lead Qualifier',
  prompt: 'Qualify today\'s leads',
  schedule: { type: 'scheduled', frequency: 'daily', time: '09:00', timezone: 'UTC' },
  delivery: { channels: ['feed'] },
});

async function newUser(role: 'admin' | 'member') {
  const email = `gw-${++seq}-${role}@accent.local`;
  const id = await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email, password: 'long-enough-password', role });
  return { id, session: await login(ctx.app, { email, password: 'long-enough-password' }) };
}

const patchUser = (id: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: admin.headers, payload: body });

beforeAll(async () => {
  createClient = await importCreateClient();
  ctx = await createTestContext();
  baseUrl = await listenOnLoopback(ctx.app);
  clientConfig = (await (await fetch(`${baseUrl}/api/v1/config`)).json()) as typeof clientConfig;
  admin = await loginAdmin(ctx.app);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('gateway revocation', () => {
  it('refuses a deactivated member at once (401 PGRST301), who read their missions a moment before', async () => {
    const member = await newUser('member');
    const db = client(member.session.token);
    expect((await db.from('missions').insert(mission('Mine'))).error).toBeNull();
    const before = await db.from('missions').select('id');
    expect(before.status).toBe(200);
    expect(before.data).toHaveLength(1);

    await patchUser(member.id, { active: false });
    const after = await db.from('missions').select('id');
    expect(after.status).toBe(401);
    expect(after.error).toMatchObject({ code: 'PGRST301', message: AUTH_MESSAGES.ended });
    expect(after.data).toBeNull();
  });

  it('gives a demoted admin member rights at once: the policies see the role from the database, not the token', async () => {
    const member = await newUser('member');
    const privateMission = mission('Private to the member');
    expect((await client(member.session.token).from('missions').insert(privateMission)).error).toBeNull();

    const other = await newUser('admin');
    const asOther = client(other.session.token);
    // admins see their library's private missions
    expect((await asOther.from('missions').select('id').eq('id', privateMission.id)).data).toHaveLength(1);

    await patchUser(other.id, { role: 'member' });
    // the token still says app_role admin; the database says member
    const after = await asOther.from('missions').select('id').eq('id', privateMission.id);
    expect(after.status).toBe(200);
    expect(after.data).toEqual([]);
  });

  it('refuses the access token of a sign-in that ended with logout', async () => {
    const member = await newUser('member');
    const db = client(member.session.token);
    expect((await db.from('missions').select('id')).status).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: member.session.refreshCookie } });
    const after = await db.from('missions').select('id');
    expect(after.status).toBe(401);
    expect(after.error).toMatchObject({ code: 'PGRST301', message: AUTH_MESSAGES.ended });
    // nothing is written either
    const write = await db.from('missions').insert(mission('After logout'));
    expect(write.status).toBe(401);
  });

  it('refuses a token without exp', async () => {
    const member = await newUser('member');
    const claims = JSON.parse(Buffer.from(member.session.token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const { exp: _exp, ...withoutExp } = claims;
    const token = await new SignJWT(withoutExp).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const result = await client(token).from('missions').select('id');
    expect(result.status).toBe(401);
    expect(result.error?.code).toBe('PGRST301');
  });
});
