import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCESS_TOKEN_TTL_S } from '@accent/shared';
import { loginResponseSchema } from './schemas.js';
import { decodeJwt, SignJWT } from 'jose';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { createTestContext, createUser, login, loginAdmin, TEST_JWT_SECRET, type TestContext } from '../testing/test-app.js';
import { AUTH_MESSAGES, REFRESH_COOKIE, SIGNED_IN_COOKIE } from './routes.js';

const { admin, member, environment, library } = DEMO_CREDENTIALS;

describe('auth', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 30_000);
  afterAll(() => ctx.close());

  const postLogin = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
  const refresh = (cookie?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: cookie === undefined ? {} : { [REFRESH_COOKIE]: cookie } });
  const refreshCookieOf = (response: Awaited<ReturnType<typeof refresh>>) => response.cookies.find((c) => c.name === REFRESH_COOKIE);

  describe('POST /api/auth/login', () => {
    it('signs in the admin: every response field, a Supabase-shaped JWT and a session refresh cookie', async () => {
      const response = await postLogin({ environment, library, email: admin.email, password: admin.password, domain: 'accent.ai', session_key: '', api_key: '' });
      expect(response.statusCode).toBe(200);
      const body = loginResponseSchema.parse(response.json());
      expect(body).toMatchObject({ env_name: environment, email: admin.email, name: admin.name, title: admin.title, role: 'admin', expires_in: ACCESS_TOKEN_TTL_S });
      expect(body.user_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.account_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.library_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.web_client_url).toMatch(/^http:\/\/localhost/);

      const claims = decodeJwt(body.token);
      expect(claims).toMatchObject({ sub: body.user_id, role: 'authenticated', app_role: 'admin', lib: body.library_id, env: environment, email: admin.email });
      expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_S);

      const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(cookie!.value.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
      expect(cookie!.maxAge).toBeUndefined(); // a session cookie without remember me
      // beside it, a readable marker with nothing secret in it: the page asks /refresh only when it is there
      const marker = response.cookies.find((c) => c.name === SIGNED_IN_COOKIE);
      expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
      expect(marker!.httpOnly).toBeFalsy();
      expect(marker!.maxAge).toBeUndefined();
    });

    it('with remember me the refresh cookie persists for 30 days', async () => {
      const response = await postLogin({ environment, library, email: admin.email, password: admin.password, remember_me: true });
      expect(refreshCookieOf(response)!.maxAge).toBe(30 * 24 * 60 * 60);
    });

    it('matches the email case-insensitively', async () => {
      const response = await postLogin({ environment, library, email: 'MEMBER@Accent.Local', password: member.password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role: 'member', name: member.name, title: member.title });
    });

    it.each([
      ['a wrong password', { email: admin.email, password: 'wrong-password' }],
      ['an unknown email', { email: 'nobody@accent.local', password: admin.password }],
      ['an unknown library', { email: admin.email, password: admin.password, library: 'marketing9' }],
      ['an unknown environment', { email: admin.email, password: admin.password, environment: 'lo-n99' }],
    ])('answers 401 with the same message for %s, and sets no cookie', async (_case, credentials) => {
      const response = await postLogin({ environment, library, ...credentials });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: AUTH_MESSAGES.invalidCredentials });
      expect(refreshCookieOf(response)).toBeUndefined();
    });

    it('refuses an inactive user with the same message', async () => {
      await createUser(ctx.database, { environment, library, email: 'gone@accent.local', password: 'gone-password', role: 'builder', active: false });
      const response = await postLogin({ environment, library, email: 'gone@accent.local', password: 'gone-password' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid email or password' });
    });

    it('validates the body with readable messages', async () => {
      const noPassword = await postLogin({ environment, library, email: admin.email });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toEqual({ detail: 'password: Password is required' });
      const badEmail = await postLogin({ environment, library, email: 'not-an-email', password: 'x' });
      expect(badEmail.json()).toEqual({ detail: 'email: Enter a valid email address' });
    });
  });

  describe('GET /api/auth/me and the authenticate guard', () => {
    it('returns the signed-in user', async () => {
      const session = await loginAdmin(ctx.app);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.headers });
      expect(response.statusCode).toBe(200);
      const { token: _token, expires_in: _expiresIn, ...user } = session.body;
      expect(response.json()).toEqual(user);
    });

    it.each([
      ['no Authorization header', undefined],
      ['a malformed token', 'Bearer not-a-jwt'],
      ['a token signed with another secret', 'other'],
      ['an expired token', 'expired'],
    ])('answers 401 Not signed in for %s', async (_case, kind) => {
      let authorization = kind;
      if (kind === 'other' || kind === 'expired') {
        const secret = new TextEncoder().encode(kind === 'other' ? 'x'.repeat(40) : TEST_JWT_SECRET);
        const token = await new SignJWT({ role: 'authenticated', app_role: 'admin', lib: 'l', env: 'e', email: 'e@x.y' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('00000000-0000-0000-0000-000000000000')
          .setAudience('authenticated')
          .setExpirationTime(kind === 'expired' ? Math.floor(Date.now() / 1000) - 60 : '1h')
          .sign(secret);
        authorization = `Bearer ${token}`;
      }
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not signed in' });
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('rotates the cookie; reusing a rotated one revokes the whole family', async () => {
      const first = await loginAdmin(ctx.app);

      const second = await refresh(first.refreshCookie);
      expect(second.statusCode).toBe(200);
      const body = loginResponseSchema.parse(second.json());
      expect(body.user_id).toBe(first.body.user_id);
      const secondCookie = refreshCookieOf(second)!;
      expect(secondCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(secondCookie.value).not.toBe(first.refreshCookie);

      const third = await refresh(secondCookie.value);
      expect(third.statusCode).toBe(200);
      const thirdCookie = refreshCookieOf(third)!.value;

      // the first cookie was already rotated, longer ago than the reuse interval: somebody copied it
      await ctx.database.db.updateTable('refresh_tokens').set({ created_at: new Date(Date.now() - 60_000) }).execute();
      const reuse = await refresh(first.refreshCookie);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ detail: AUTH_MESSAGES.sessionExpired });
      expect(refreshCookieOf(reuse)!.value).toBe(''); // cleared

      // ...so the newest token of that sign-in no longer works either
      const afterRevoke = await refresh(thirdCookie);
      expect(afterRevoke.statusCode).toBe(401);
      expect(afterRevoke.json()).toEqual({ detail: AUTH_MESSAGES.sessionExpired });
    });

    it('keeps a remembered sign-in persistent across rotations', async () => {
      const session = await login(ctx.app, { ...admin, remember_me: true });
      const rotated = await refresh(session.refreshCookie);
      expect(refreshCookieOf(rotated)!.maxAge).toBe(30 * 24 * 60 * 60);
    });

    it('answers 401 without a cookie or with an unknown one', async () => {
      const missing = await refresh();
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ detail: 'Not signed in' });
      const unknown = await refresh('made-up-token');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ detail: AUTH_MESSAGES.sessionExpired });
    });

    it('stops refreshing a user who was deactivated', async () => {
      await createUser(ctx.database, { environment, library, email: 'leaver@accent.local', password: 'leaver-password', role: 'builder' });
      const session = await login(ctx.app, { email: 'leaver@accent.local', password: 'leaver-password' });
      await ctx.database.db.updateTable('users').set({ active: false }).where('email', '=', 'leaver@accent.local').execute();
      const response = await refresh(session.refreshCookie);
      expect(response.statusCode).toBe(401);
    });

    it('keeps the refresh token only as a hash', async () => {
      const session = await loginAdmin(ctx.app);
      const stored = await ctx.database.db.selectFrom('refresh_tokens').select('token_hash').where('token_hash', '=', session.refreshCookie).executeTakeFirst();
      expect(stored).toBeUndefined();
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the sign-in and clears the cookie', async () => {
      const session = await loginAdmin(ctx.app);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: session.refreshCookie } });
      expect(response.statusCode).toBe(204);
      const cleared = refreshCookieOf(response)!;
      expect(cleared).toMatchObject({ value: '', path: '/api/auth' });
      expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
      const marker = response.cookies.find((c) => c.name === SIGNED_IN_COOKIE)!;
      expect(marker).toMatchObject({ value: '', path: '/' });
      expect(marker.expires!.getTime()).toBeLessThan(Date.now());

      const after = await refresh(session.refreshCookie);
      expect(after.statusCode).toBe(401);
    });

    it('succeeds without a cookie too, and with an empty JSON body', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
      const emptyJson = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: '' });
      expect(emptyJson.statusCode).toBe(204);
    });
  });
});

describe('login rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ auth: { loginRateLimit: { max: 10, windowMs: 60_000 } } });
  }, 30_000);
  afterAll(() => ctx.close());

  it('answers 429 after 10 attempts per minute for one IP and email, without blocking other emails', async () => {
    const attempt = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment, library, email, password: 'guess' } });
    for (let i = 0; i < 10; i++) expect((await attempt(admin.email)).statusCode).toBe(401);

    const blocked = await attempt(admin.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many login attempts\. Try again in \d+ seconds\.$/);
    // the wait counts down from the first attempt of the window: at most 60 s, less on a slow machine
    const waitSeconds = Number(/in (\d+) seconds/.exec(blocked.json().detail)![1]);
    expect(waitSeconds).toBeGreaterThan(30);
    expect(waitSeconds).toBeLessThanOrEqual(60);
    expect(blocked.json()).toEqual({ detail: AUTH_MESSAGES.tooManyAttempts(waitSeconds) });

    // the right password does not get through either while blocked
    const rightPassword = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment, library, ...admin } });
    expect(rightPassword.statusCode).toBe(429);

    expect((await attempt(member.email)).statusCode).toBe(401);
  }, 60_000); // a dozen password checks at scrypt's full cost
});
