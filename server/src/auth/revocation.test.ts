// Removing rights takes effect at the next request, not when the access token expires: deactivation,
// demotion, logout, on every server process sharing the database; tokens without an expiry are refused;
// the refresh grace window; the per-address sign-in limit.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { SignJWT } from 'jose';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { useTestApp } from '../testing/model-app.js';
import { createTestContext, createUser, login, TEST_JWT_SECRET, type SignedIn, type TestContext } from '../testing/test-app.js';
import { REFRESH_REUSE_INTERVAL_MS } from './refresh-tokens.js';
import { AUTH_MESSAGES, REFRESH_COOKIE } from './routes.js';

// every test signs users in: password hashing at full cost on a shared machine
jest.setTimeout(60_000);

const { environment, library } = DEMO_CREDENTIALS;

let ctx: TestContext;
let admin: SignedIn;
let seq = 0;

useTestApp((started) => ({ ctx, admin } = started), ['admin']);

/** A fresh user of the demo library, signed in. */
async function newUser(role: 'admin' | 'builder' | 'member') {
  const email = `user-${++seq}-${role}@accent.local`;
  const id = await createUser(ctx.database, { environment, library, email, password: 'long-enough-password', role });
  return { id, email, session: await login(ctx.app, { email, password: 'long-enough-password' }) };
}

const get = (app: App, url: string, who: { headers: { authorization: string } }) => app.inject({ method: 'GET', url, headers: who.headers });
const patchUser = (id: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: admin.headers, payload: body });
const refresh = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: cookie } });
const cookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;

describe('revocation at once', () => {
  it('refuses a deactivated user at the next request, with the token they already hold', async () => {
    const member = await newUser('member');
    expect((await get(ctx.app, '/api/v1/agent/list', member.session)).statusCode).toBe(200);
    expect((await patchUser(member.id, { active: false })).statusCode).toBe(200);
    const after = await get(ctx.app, '/api/v1/agent/list', member.session);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Not signed in' });
    expect((await get(ctx.app, '/api/auth/me', member.session)).statusCode).toBe(401);
    // reactivating does not bring the ended sign-in back: deactivation signed them out
    expect((await patchUser(member.id, { active: true })).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/v1/agent/list', member.session)).statusCode).toBe(401);
    expect((await refresh(member.session.refreshCookie)).statusCode).toBe(401);
  });

  it('ends every sign-in of a deactivated user', async () => {
    const builder = await newUser('builder');
    const second = await login(ctx.app, { email: builder.email, password: 'long-enough-password' });
    await patchUser(builder.id, { active: false });
    for (const session of [builder.session, second]) {
      expect((await get(ctx.app, '/api/v1/agent/list', session)).statusCode).toBe(401);
      expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    }
  });

  it('takes admin rights from a demoted admin at once, though their token still says admin', async () => {
    const other = await newUser('admin');
    expect((await get(ctx.app, '/api/v1/admin/users', other.session)).statusCode).toBe(200);
    expect((await patchUser(other.id, { role: 'member' })).statusCode).toBe(200);
    const users = await get(ctx.app, '/api/v1/admin/users', other.session);
    expect(users.statusCode).toBe(403);
    // what the issue saw: with the old token they reactivated themselves and created a new admin
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: other.session.headers,
      payload: { email: `takeover-${seq}@accent.local`, name: 'Takeover', role: 'admin', password: 'long-enough-password' },
    });
    expect(create.statusCode).toBe(403);
    // still signed in, as a member
    expect((await get(ctx.app, '/api/v1/agent/list', other.session)).statusCode).toBe(200);
  });

  it('logout ends the access token too (cookie or bearer alone), and no other sign-in', async () => {
    const member = await newUser('member');
    const otherTab = await login(ctx.app, { email: member.email, password: 'long-enough-password' });
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: member.session.refreshCookie } });
    expect(out.statusCode).toBe(204);
    expect((await get(ctx.app, '/api/v1/agent/list', member.session)).statusCode).toBe(401);
    expect((await get(ctx.app, '/api/v1/agent/list', otherTab)).statusCode).toBe(200);

    const bearerOnly = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: otherTab.headers });
    expect(bearerOnly.statusCode).toBe(204);
    expect((await get(ctx.app, '/api/v1/agent/list', otherTab)).statusCode).toBe(401);
    expect((await refresh(otherTab.refreshCookie)).statusCode).toBe(401);
  });

  it('holds across server processes sharing the database: no process keeps a stale view', async () => {
    // a second app on the same database: another server process as far as state goes
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'accent-data-')),
      STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
    });
    const second = await buildApp({ config, db: ctx.database, auth: { loginFailureDelayMs: 0 } });
    await second.ready();
    try {
      const member = await newUser('member');
      expect((await get(second, '/api/v1/agent/list', member.session)).statusCode).toBe(200);
      // deactivated through the first process, refused by the second at its next request
      await patchUser(member.id, { active: false });
      expect((await get(second, '/api/v1/agent/list', member.session)).statusCode).toBe(401);

      const demoted = await newUser('admin');
      expect((await get(second, '/api/v1/admin/users', demoted.session)).statusCode).toBe(200);
      await patchUser(demoted.id, { role: 'builder' });
      expect((await get(second, '/api/v1/admin/users', demoted.session)).statusCode).toBe(403);
    } finally {
      await second.close();
    }
  });
});

describe('access token verification', () => {
  it('refuses a correctly signed token without exp', async () => {
    const member = await newUser('member');
    const claims = JSON.parse(Buffer.from(member.session.token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const { exp: _exp, ...withoutExp } = claims;
    const token = await new SignJWT(withoutExp).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await get(ctx.app, '/api/v1/agent/list', { headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
    // the same claims with an expiry pass: only the missing exp was refused
    const withExp = await new SignJWT(withoutExp).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime('5m').sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await get(ctx.app, '/api/v1/agent/list', { headers: { authorization: `Bearer ${withExp}` } })).statusCode).toBe(200);
  });

  it('refuses a token of the old shape, without a sign-in (session_id)', async () => {
    const member = await newUser('member');
    const claims = JSON.parse(Buffer.from(member.session.token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const { session_id: _sid, ...old } = claims;
    const token = await new SignJWT(old).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await get(ctx.app, '/api/v1/agent/list', { headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });
});

describe('refresh grace window', () => {
  it('gives parallel refreshes with one cookie the same new pair, and the user stays signed in', async () => {
    const member = await newUser('member');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(member.session.refreshCookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const cookies = new Set(answers.map(cookieOf));
    expect(cookies.size).toBe(1);
    const [next] = [...cookies] as string[];
    expect(next).not.toBe(member.session.refreshCookie);
    // every tab's new access token works, and the shared cookie goes on refreshing
    for (const answer of answers) {
      expect((await get(ctx.app, '/api/v1/agent/list', { headers: { authorization: `Bearer ${answer.json<{ token: string }>().token}` } })).statusCode).toBe(200);
    }
    const later = await refresh(next);
    expect(later.statusCode).toBe(200);
  });

  it('still revokes the whole sign-in when a rotated cookie comes back after the window', async () => {
    const member = await newUser('member');
    const rotated = await refresh(member.session.refreshCookie);
    expect(rotated.statusCode).toBe(200);
    const next = cookieOf(rotated)!;
    // the rotation happened longer ago than the reuse interval
    await ctx.database.db
      .updateTable('refresh_tokens')
      .set({ created_at: new Date(Date.now() - REFRESH_REUSE_INTERVAL_MS - 1000) })
      .where('user_id', '=', member.id)
      .execute();
    const reuse = await refresh(member.session.refreshCookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: AUTH_MESSAGES.sessionExpired });
    expect((await refresh(next)).statusCode).toBe(401);
    // and the access tokens of that sign-in end with it
    expect((await get(ctx.app, '/api/v1/agent/list', { headers: { authorization: `Bearer ${rotated.json<{ token: string }>().token}` } })).statusCode).toBe(401);
  });
});

describe('per-address sign-in limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ auth: { loginRateLimit: { max: 10, windowMs: 60_000 }, loginAddressRateLimit: { max: 5, windowMs: 60_000 } } });
  }, 30_000);
  afterAll(() => limited.close());

  it('answers 429 to one address trying one password on many accounts', async () => {
    const attempt = (email: string, remoteAddress = '127.0.0.1') =>
      limited.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { environment, library, email, password: 'Summer2026!' } });
    for (let i = 0; i < 5; i++) expect((await attempt(`person-${i}@accent.local`)).statusCode).toBe(401);
    const blocked = await attempt('person-5@accent.local');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many login attempts\. Try again in \d+ seconds\.$/);
    // the right password from that address waits too; another address is not affected
    const right = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment, library, ...DEMO_CREDENTIALS.admin } });
    expect(right.statusCode).toBe(429);
    expect((await attempt('person-6@accent.local', '10.0.0.7')).statusCode).toBe(401);
  });
});
