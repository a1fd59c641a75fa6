import { describe, expect, it, jest } from '@jest/globals';
import { describeDevice, TWO_FACTOR_TEXTS } from '@accent/shell-common';
import { DEMO_CREDENTIALS } from '../../db/seed.js';
import { useTestApp } from '../../testing/model-app.js';
import { createUser, type TestContext } from '../../testing/test-app.js';
import { REFRESH_COOKIE } from '../routes.js';

jest.setTimeout(60_000);

const { environment, library } = DEMO_CREDENTIALS;
const PASSWORD = 'sessions test password';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface ListedSession {
  id: string;
  device: string;
  ip: string;
  last_ip: string;
  current: boolean;
  two_factor: boolean;
  created_at: string;
  last_used_at: string;
}

describe('sessions and sign-out scopes', () => {
  let ctx: TestContext;
  let counter = 0;
  useTestApp((started) => ({ ctx } = started));

  async function signIn(email: string, userAgent: string, remoteAddress: string) {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, remoteAddress, payload: { environment, library, email, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    const token = response.json<{ token: string }>().token;
    return { headers: { authorization: `Bearer ${token}` }, cookie: response.cookies.find((c) => c.name === REFRESH_COOKIE)!.value };
  }

  async function threeSessions() {
    const email = `sessions-${++counter}@accent.local`;
    await createUser(ctx.database, { environment, library, email, password: PASSWORD, role: 'member' });
    return [await signIn(email, FIREFOX, '10.1.0.1'), await signIn(email, SAFARI, '10.1.0.2'), await signIn(email, 'curl/8.5.0', '10.1.0.3')];
  }

  const list = async (headers: Record<string, string>) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ sessions: ListedSession[] }>().sessions;
  };
  const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const logout = (headers: Record<string, string>, query = '', cookies: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url: `/api/auth/logout${query}`, headers, cookies });

  it('lists the user’s sessions with device, address, times and which one is this', async () => {
    const [firefox, safari] = await threeSessions();
    // a refresh from another address: last used moves on, the address is remembered
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: safari.cookie }, remoteAddress: '10.1.0.9' });
    expect(refreshed.statusCode).toBe(200);

    const sessions = await list(firefox.headers);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Safari on iOS', ip: '10.1.0.2', last_ip: '10.1.0.9', current: false, two_factor: false });
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({ device: 'Firefox on Windows', ip: '10.1.0.1' });
    expect(sessions.map((s) => s.device).sort()).toEqual(['Firefox on Windows', 'Safari on iOS', 'curl']);
    expect(new Date(sessions[0].last_used_at).getTime()).toBeGreaterThanOrEqual(new Date(sessions[0].created_at).getTime());
  });

  it('signs out one session by id: its access token stops working at once', async () => {
    const [firefox, safari] = await threeSessions();
    const target = (await list(firefox.headers)).find((s) => s.device === 'Safari on iOS')!;
    const ended = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: firefox.headers });
    expect(ended.statusCode).toBe(204);
    expect((await me(safari.headers)).statusCode).toBe(401);
    expect((await me(firefox.headers)).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: firefox.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: TWO_FACTOR_TEXTS.sessionNotFound });
  });

  it('cannot end another user’s session', async () => {
    const [a] = await threeSessions();
    const [b] = await threeSessions();
    const bSession = (await list(b.headers)).find((s) => s.current)!;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bSession.id}`, headers: a.headers })).statusCode).toBe(404);
    expect((await me(b.headers)).statusCode).toBe(200);
  });

  it('scope=others keeps this session and ends the rest, refresh cookies included', async () => {
    const [firefox, safari, curl] = await threeSessions();
    const response = await logout(firefox.headers, '?scope=others');
    expect(response.statusCode).toBe(204);
    // this session keeps its cookie
    expect(response.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    expect((await me(firefox.headers)).statusCode).toBe(200);
    expect((await me(safari.headers)).statusCode).toBe(401);
    expect((await me(curl.headers)).statusCode).toBe(401);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: safari.cookie } });
    expect(refresh.statusCode).toBe(401);
    expect((await list(firefox.headers)).map((s) => s.current)).toEqual([true]);
  });

  it('scope=global ends every session, this one too', async () => {
    const sessions = await threeSessions();
    expect((await logout(sessions[1].headers, '?scope=global')).statusCode).toBe(204);
    for (const s of sessions) expect((await me(s.headers)).statusCode).toBe(401);
  });

  it('scope=local (the default) ends only this session', async () => {
    const [firefox, safari] = await threeSessions();
    expect((await logout(firefox.headers, '?scope=local', { [REFRESH_COOKIE]: firefox.cookie })).statusCode).toBe(204);
    expect((await me(firefox.headers)).statusCode).toBe(401);
    expect((await me(safari.headers)).statusCode).toBe(200);
  });

  it('refuses a wrong scope, and others/global without a live sign-in', async () => {
    const [firefox] = await threeSessions();
    const wrong = await logout(firefox.headers, '?scope=everyone');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('scope must be local, others or global');
    expect((await logout({}, '?scope=others')).statusCode).toBe(401);
    await logout(firefox.headers, '?scope=global');
    // a token of an ended sign-in cannot end the others
    expect((await logout(firefox.headers, '?scope=others')).statusCode).toBe(401);
  });
});

describe('describeDevice', () => {
  it.each([
    [FIREFOX, 'Firefox on Windows'],
    [SAFARI, 'Safari on iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['', 'Unknown device'],
    ['something else', 'Unknown device'],
  ])('%s → %s', (ua, device) => {
    expect(describeDevice(ua)).toBe(device);
  });
});
