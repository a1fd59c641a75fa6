import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createStore } from 'jotai';
import { SESSION_REFRESH_THRESHOLD_MS, SESSION_TICK_MS } from '@accent/shared';
import type { LoginResponse } from '@accent/shared';
import { SecondFactorRequiredError, SignInBusyError, type AuthApi, type LoginRequestBody } from './auth-api.js';
import { ApiError } from './http.js';
import { loginAnswerFor } from './testing/users.js';
import { createSessionManager, sessionAtom, sessionEndedElsewhereAtom, sessionStatusAtom, type SessionChannel, type SessionManager } from './session.js';

const T0 = Date.UTC(2025, 0, 1);
const HOUR_S = 3600;

const answer = (token: string, expiresIn = HOUR_S): LoginResponse => loginAnswerFor(token, expiresIn);

type RefreshStep = LoginResponse | null | Error;

/** An AuthApi that plays back scripted answers and records the calls with their (fake) time. */
function scriptedAuth(refreshSteps: RefreshStep[] = [], login: () => Promise<LoginResponse> = async () => answer('login-token')) {
  const calls = { login: [] as LoginRequestBody[], refreshAt: [] as number[], logout: [] as (string | null)[] };
  let next = 0;
  const authApi: AuthApi = {
    login: async (body) => {
      calls.login.push(body);
      return login();
    },
    refresh: async () => {
      calls.refreshAt.push(Date.now() - T0);
      const step = refreshSteps[Math.min(next++, refreshSteps.length - 1)];
      if (step instanceof Error) throw step;
      return step ?? null;
    },
    logout: async (token) => {
      calls.logout.push(token);
    },
  };
  return { authApi, calls };
}

/** In-memory BroadcastChannel: every other open member gets a copy, asynchronously like the real one. */
function channelHub() {
  const members = new Set<SessionChannel>();
  return () => {
    const channel: SessionChannel = {
      onmessage: null,
      postMessage(message) {
        const copy = structuredClone(message);
        for (const other of members) if (other !== channel) void Promise.resolve().then(() => other.onmessage?.({ data: copy }));
      },
      close() {
        members.delete(channel);
      },
    };
    members.add(channel);
    return channel;
  };
}

const unavailable = () => new ApiError(503, 'Service Unavailable');
const credentials = { email: 'ada@example.com', password: 'pw', environment: 'lo-n02', library: 'sales2', rememberMe: true };
const noLock = <T>(run: () => Promise<T>) => run();

describe('session manager', () => {
  const managers: SessionManager[] = [];
  function manager(authApi: AuthApi, store = createStore(), openChannel: () => SessionChannel | null = () => null) {
    const created = createSessionManager({ store, authApi, openChannel, lock: noLock });
    managers.push(created);
    return { session: created, store };
  }

  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    for (const m of managers.splice(0)) m.stop();
    jest.useRealTimers();
  });

  it('is unknown until the refresh cookie answers, then signed in', async () => {
    const { authApi, calls } = scriptedAuth([answer('restored')]);
    const { session, store } = manager(authApi);
    expect(store.get(sessionStatusAtom)).toBe('unknown');
    await session.start();
    expect(calls.refreshAt).toEqual([0]);
    expect(store.get(sessionStatusAtom)).toBe('signed-in');
    expect(store.get(sessionAtom)).toMatchObject({ token: 'restored', expiresAt: T0 + HOUR_S * 1000, user: { name: 'Ada Lovelace' } });
    expect(session.getToken()).toBe('restored');
  });

  it('is signed out when there is no refresh cookie, and start() is idempotent', async () => {
    const { authApi, calls } = scriptedAuth([null]);
    const { session, store } = manager(authApi);
    await Promise.all([session.start(), session.start()]);
    await session.start();
    expect(calls.refreshAt).toHaveLength(1);
    expect(store.get(sessionStatusAtom)).toBe('signed-out');
    expect(session.getToken()).toBeNull();
  });

  it('does not ask /refresh at all when no sign-in marker cookie says a refresh cookie may exist', async () => {
    const { authApi, calls } = scriptedAuth([answer('restored')]);
    const store = createStore();
    const signedOut = createSessionManager({ store, authApi, openChannel: () => null, lock: noLock, mayHaveRefreshCookie: () => false });
    managers.push(signedOut);
    await signedOut.start();
    expect(calls.refreshAt).toHaveLength(0);
    expect(store.get(sessionStatusAtom)).toBe('signed-out');

    const marked = createSessionManager({ store: createStore(), authApi, openChannel: () => null, lock: noLock, mayHaveRefreshCookie: () => true });
    managers.push(marked);
    await marked.start();
    expect(calls.refreshAt).toHaveLength(1);
    expect(marked.getToken()).toBe('restored');
  });

  it('logs in with the spec body and keeps the token only in the store', async () => {
    const { authApi, calls } = scriptedAuth();
    const { session, store } = manager(authApi);
    const user = await session.login(credentials);
    expect(user).toEqual(expect.objectContaining({ user_id: 'u1', email: 'ada@example.com' }));
    expect(user).not.toHaveProperty('token');
    expect(calls.login).toEqual([
      { environment: 'lo-n02', library: 'sales2', email: 'ada@example.com', password: 'pw', domain: 'accent.ai', session_key: '', api_key: '', remember_me: true },
    ]);
    expect(store.get(sessionStatusAtom)).toBe('signed-in');
    expect(session.getToken()).toBe('login-token');
  });

  it('passes the second step on: login throws SecondFactorRequiredError, completeSecondFactor signs in', async () => {
    const { authApi } = scriptedAuth([], async () => Promise.reject(new SecondFactorRequiredError({ second_factor_required: true, methods: ['totp'] })));
    const codes: string[] = [];
    authApi.verifySecondFactor = async (code) => {
      codes.push(code);
      if (code !== '123456') throw new ApiError(400, 'Bad Request', 'That code is not right.');
      return answer('second-step-token');
    };
    const { session, store } = manager(authApi);
    await expect(session.login(credentials)).rejects.toBeInstanceOf(SecondFactorRequiredError);
    expect(store.get(sessionStatusAtom)).not.toBe('signed-in');
    await expect(session.completeSecondFactor('000000')).rejects.toThrow(new Error('That code is not right.'));
    const user = await session.completeSecondFactor('123456');
    expect(user).toEqual(expect.objectContaining({ user_id: 'u1' }));
    expect(codes).toEqual(['000000', '123456']);
    expect(session.getToken()).toBe('second-step-token');
    expect(store.get(sessionStatusAtom)).toBe('signed-in');
  });

  it("turns a busy server's 503 with Retry-After into SignInBusyError with its words", async () => {
    const detail = 'Many people are signing in right now. Please try again in 2 seconds.';
    const busy = manager(scriptedAuth([], async () => Promise.reject(new ApiError(503, 'Service Unavailable', detail, undefined, 2))).authApi);
    const failure = await busy.session.login(credentials).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInBusyError);
    expect(failure).toMatchObject({ message: detail, retryAfterSeconds: 2 });
  });

  it('turns login failures into the spec messages', async () => {
    const rejected = manager(scriptedAuth([], async () => Promise.reject(new ApiError(401, 'Unauthorized', 'Invalid email or password'))).authApi);
    await expect(rejected.session.login(credentials)).rejects.toThrow(new Error('Authentication failed: 401 – Invalid email or password'));
    const bare = manager(scriptedAuth([], async () => Promise.reject(new ApiError(401, 'Unauthorized'))).authApi);
    await expect(bare.session.login(credentials)).rejects.toThrow(new Error('Authentication failed: 401'));
    const offline = manager(scriptedAuth([], async () => Promise.reject(new ApiError(0, '', undefined, 'Network Error'))).authApi);
    await expect(offline.session.login(credentials)).rejects.toThrow('Login failed. Please try again.');
    const garbled = manager(scriptedAuth([], async () => Promise.reject(new SyntaxError('Unexpected token'))).authApi);
    await expect(garbled.session.login(credentials)).rejects.toThrow('Login failed. Please try again.');
  });

  it('refreshes on the first tick with 90 s or less left, not before', async () => {
    const { authApi, calls } = scriptedAuth([answer('refreshed')]);
    const { session } = manager(authApi);
    await session.login(credentials); // token valid for 3600 s
    const firstDueTick = (HOUR_S * 1000 - SESSION_REFRESH_THRESHOLD_MS) / SESSION_TICK_MS; // tick 117 at 3510 s
    await jest.advanceTimersByTimeAsync((firstDueTick - 1) * SESSION_TICK_MS);
    expect(calls.refreshAt).toEqual([]);
    await jest.advanceTimersByTimeAsync(SESSION_TICK_MS);
    expect(calls.refreshAt).toEqual([3510_000]);
    expect(session.getToken()).toBe('refreshed');
    await jest.advanceTimersByTimeAsync(10 * SESSION_TICK_MS); // the new token has an hour again
    expect(calls.refreshAt).toHaveLength(1);
  });

  it('retries a failed refresh with exponential back-off from 200 ms', async () => {
    const { authApi, calls } = scriptedAuth([unavailable(), unavailable(), unavailable(), answer('after-retries')]);
    const { session } = manager(authApi);
    const refreshed = session.refresh();
    await jest.advanceTimersByTimeAsync(199);
    expect(calls.refreshAt).toEqual([0]);
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls.refreshAt).toEqual([0, 200, 600, 1400]);
    await expect(refreshed).resolves.toBe(true);
    expect(session.getToken()).toBe('after-retries');
  });

  it('gives up after the 30 s window and keeps a live session for the next tick', async () => {
    const { authApi, calls } = scriptedAuth([answer('first'), unavailable()]);
    const { session, store } = manager(authApi);
    await session.start();
    const refreshed = session.refresh();
    await jest.advanceTimersByTimeAsync(30_000);
    await expect(refreshed).resolves.toBe(false);
    // 200+400+...+12800 = 25400 ms of waiting; the next wait (25600) would leave the 30 s window
    expect(calls.refreshAt.slice(1)).toEqual([0, 200, 600, 1400, 3000, 6200, 12600, 25400]);
    expect(store.get(sessionAtom)?.token).toBe('first');
  });

  it('does not retry errors that are not transient', async () => {
    const { authApi, calls } = scriptedAuth([new ApiError(500, 'Internal Server Error')]);
    const { session, store } = manager(authApi);
    await session.start();
    expect(calls.refreshAt).toEqual([0]);
    expect(store.get(sessionStatusAtom)).toBe('signed-out');
  });

  it('signs out when the server rejects the refresh cookie', async () => {
    const { authApi } = scriptedAuth([answer('first', 60), null]);
    const { session, store } = manager(authApi);
    await session.start();
    await jest.advanceTimersByTimeAsync(SESSION_TICK_MS);
    expect(store.get(sessionStatusAtom)).toBe('signed-out');
  });

  it('runs one refresh at a time', async () => {
    const { authApi, calls } = scriptedAuth([answer('once')]);
    const { session } = manager(authApi);
    await expect(Promise.all([session.refresh(), session.refresh(), session.refresh()])).resolves.toEqual([true, true, true]);
    expect(calls.refreshAt).toHaveLength(1);
  });

  it('logs out: tells the server, resets the store, ignores server failures', async () => {
    const { authApi, calls } = scriptedAuth();
    authApi.logout = async (token) => {
      calls.logout.push(token);
      throw new ApiError(0, '', undefined, 'Network Error');
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { session, store } = manager(authApi);
    await session.login(credentials);
    await expect(session.logout()).resolves.toBeUndefined();
    expect(calls.logout).toEqual(['login-token']);
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionStatusAtom)).toBe('signed-out');
    warn.mockRestore();
  });

  it('does not let a refresh that was under way undo a logout', async () => {
    let release!: (value: LoginResponse) => void;
    const { authApi } = scriptedAuth();
    authApi.refresh = () => new Promise((resolve) => (release = resolve));
    const { session, store } = manager(authApi);
    await session.login(credentials);
    const refreshing = session.refresh();
    await session.logout();
    release(answer('late'));
    await refreshing;
    expect(store.get(sessionAtom)).toBeNull();
  });

  describe('across tabs', () => {
    it('a new tab adopts the session of an open tab without touching the cookie', async () => {
      const open = channelHub();
      const first = manager(scriptedAuth([answer('tab-a')]).authApi, createStore(), open);
      const startedA = first.session.start();
      await jest.advanceTimersByTimeAsync(150); // nobody answers tab A: it uses the cookie
      await startedA;
      const second = scriptedAuth([null]);
      const tabB = manager(second.authApi, createStore(), open);
      const started = tabB.session.start();
      await jest.advanceTimersByTimeAsync(0);
      await started;
      expect(second.calls.refreshAt).toEqual([]);
      expect(tabB.session.getToken()).toBe('tab-a');
      expect(tabB.store.get(sessionStatusAtom)).toBe('signed-in');
    });

    it('falls back to the cookie when no tab answers', async () => {
      const lonely = scriptedAuth([answer('from-cookie')]);
      const tab = manager(lonely.authApi, createStore(), channelHub());
      const started = tab.session.start();
      await jest.advanceTimersByTimeAsync(150);
      await started;
      expect(lonely.calls.refreshAt).toEqual([150]);
      expect(tab.session.getToken()).toBe('from-cookie');
    });

    it('shares login, refresh and logout with the other tabs', async () => {
      const open = channelHub();
      const tabA = manager(scriptedAuth([answer('refreshed-in-a')]).authApi, createStore(), open);
      const tabB = manager(scriptedAuth([null]).authApi, createStore(), open);
      const startB = tabB.session.start();
      await jest.advanceTimersByTimeAsync(150);
      await startB;
      expect(tabB.store.get(sessionStatusAtom)).toBe('signed-out');

      await tabA.session.login(credentials);
      await jest.advanceTimersByTimeAsync(0);
      expect(tabB.session.getToken()).toBe('login-token');

      await jest.advanceTimersByTimeAsync(60_000);
      await tabA.session.refresh();
      await jest.advanceTimersByTimeAsync(0);
      expect(tabB.session.getToken()).toBe('refreshed-in-a');

      await tabA.session.logout();
      await jest.advanceTimersByTimeAsync(0);
      expect(tabB.store.get(sessionAtom)).toBeNull();
      expect(tabB.store.get(sessionStatusAtom)).toBe('signed-out');
      // the tab that did nothing learns it was signed out elsewhere (its login page says so), until the next sign-in
      expect(tabB.store.get(sessionEndedElsewhereAtom)).toBe(true);
      expect(tabA.store.get(sessionEndedElsewhereAtom)).toBe(false);
      await tabA.session.login(credentials);
      await jest.advanceTimersByTimeAsync(0);
      expect(tabB.store.get(sessionEndedElsewhereAtom)).toBe(false);
    });

    it('ignores malformed channel messages', async () => {
      const open = channelHub();
      const tab = manager(scriptedAuth().authApi, createStore(), open);
      await tab.session.login(credentials);
      const intruder = open();
      intruder.postMessage({ type: 'signed-in', session: { token: 'x' } });
      intruder.postMessage('signed-out');
      await jest.advanceTimersByTimeAsync(0);
      expect(tab.session.getToken()).toBe('login-token');
      intruder.close();
    });
  });
});
