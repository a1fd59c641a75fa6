// The session manager (DESIGN.md §4, spec 01 §9): the access token lives only in memory and in the shared
// store, is restored from the httpOnly refresh cookie on start, refreshed before it expires, and kept in
// step across tabs over a BroadcastChannel.
import { atom, type Atom, type Store } from 'jotai';
import {
  PRODUCT_DOMAIN,
  SESSION_REFRESH_THRESHOLD_MS,
  SESSION_RETRY_START_MS,
  SESSION_RETRY_WINDOW_MS,
  SESSION_TICK_MS,
} from '@accent/shared';
import { readUser, type LoginResponse, type User } from '@accent/shared';
import { SHARED_MESSAGES, sharedMsg } from '@accent/shared';
import { createAuthApi, SecondFactorRequiredError, SignInBusyError, type AuthApi } from './auth-api.js';
import { globalSingleton } from './global-singleton.js';
import { ApiError, connectApiAuth } from './http.js';
import { getStore } from './store.js';

export interface Session {
  user: User;
  token: string;
  /** epoch ms when the token expires */
  expiresAt: number;
}

export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface LoginCredentials {
  email: string;
  password: string;
  environment: string;
  library: string;
  rememberMe: boolean;
}

export interface SessionManager {
  /** Restores the session (another tab, else the refresh cookie), starts the tick and the tab sync. Idempotent. */
  start(): Promise<void>;
  /**
   * Throws Error('Authentication failed: {status} – {server's reason}') or Error('Login failed. Please try again.'),
   * SecondFactorRequiredError when the user must give a code next (completeSecondFactor), or
   * SignInBusyError when the server is too busy right now (its words, and Retry-After).
   */
  login(credentials: LoginCredentials): Promise<User>;
  /**
   * The second step of a pending sign-in (after login, an emailed code or single sign-on): a code from
   * the authenticator app or a recovery code. Throws Error with the server's reason when it is refused.
   */
  completeSecondFactor(code: string): Promise<User>;
  /** Abandons a pending second step (back to the first). Never throws. */
  cancelSecondFactor(): Promise<void>;
  /** Ends the session here, on the server and in the other tabs. Never throws. */
  logout(): Promise<void>;
  getToken(): string | null;
  /** Refreshes now (one at a time); true when a fresh token is in place. */
  refresh(): Promise<boolean>;
  /** Stops the tick and the tab sync (tests, hot reload). */
  stop(): void;
}

// ---- State --------------------------------------------------------------------------------------

const sessionStateAtom = globalSingleton('__ACCENT_SESSION_ATOM__', () => atom<Session | null>(null));
/** false until the first restore attempt has an answer, so a reload does not flash the login form */
const sessionSettledAtom = globalSingleton('__ACCENT_SESSION_SETTLED_ATOM__', () => atom(false));

export const sessionAtom: Atom<Session | null> = sessionStateAtom;
const endedElsewhereAtom = globalSingleton('__ACCENT_SESSION_ENDED_ELSEWHERE_ATOM__', () => atom(false));
/**
 * true when this tab's session was ended by a sign-out in another tab, until the next sign-in: the login
 * page says so, since the user did nothing here.
 */
export const sessionEndedElsewhereAtom: Atom<boolean> = endedElsewhereAtom;
export const sessionStatusAtom: Atom<SessionStatus> = globalSingleton('__ACCENT_SESSION_STATUS_ATOM__', () =>
  atom<SessionStatus>((get) => (get(sessionStateAtom) ? 'signed-in' : get(sessionSettledAtom) ? 'signed-out' : 'unknown')),
);

// ---- Tab sync -----------------------------------------------------------------------------------

export const SESSION_CHANNEL_NAME = 'accent-session';
/** How long a new tab waits for an open tab to hand over its session before using the cookie. */
export const SESSION_ADOPT_WAIT_MS = 150;
const REFRESH_LOCK_NAME = 'accent-session-refresh';

/** The part of BroadcastChannel we use. */
export interface SessionChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

type ChannelMessage =
  | { type: 'signed-in' | 'refreshed' | 'session'; session: Session }
  | { type: 'signed-out' }
  | { type: 'request' };

/** A session as another tab posted it, or null (another page's message, an older build's shape…). */
function readSession(value: unknown): Session | null {
  const record = value && typeof value === 'object' ? (value as { user?: unknown; token?: unknown; expiresAt?: unknown }) : null;
  const user = readUser(record?.user);
  if (!user || typeof record?.token !== 'string' || !record.token || typeof record.expiresAt !== 'number') return null;
  return { user, token: record.token, expiresAt: record.expiresAt };
}

const failUser = (): never => {
  throw new Error('The server sent an unexpected sign-in answer');
};

/** What another tab said on the session channel, or null when it is not one of our messages. */
function readChannelMessage(data: unknown): ChannelMessage | null {
  const type = data && typeof data === 'object' ? (data as { type?: unknown }).type : undefined;
  if (type === 'signed-out' || type === 'request') return { type };
  if (type !== 'signed-in' && type !== 'refreshed' && type !== 'session') return null;
  const session = readSession((data as { session?: unknown }).session);
  return session ? { type, session } : null;
}

function openBroadcastChannel(): SessionChannel | null {
  try {
    return typeof BroadcastChannel === 'function' ? (new BroadcastChannel(SESSION_CHANNEL_NAME) as unknown as SessionChannel) : null;
  } catch {
    return null;
  }
}

/** The Web Locks API where the browser has it, so two tabs never rotate the refresh cookie at once. */
export type RefreshLock = <T>(run: () => Promise<T>) => Promise<T>;
const webLock: RefreshLock = (run) => {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? (locks.request(REFRESH_LOCK_NAME, run) as Promise<Awaited<ReturnType<typeof run>>>) : run();
};

// ---- Manager ------------------------------------------------------------------------------------

/** The readable cookie the server sets beside the httpOnly refresh cookie (server/src/auth/routes.ts). */
export const SIGNED_IN_COOKIE = 'accent_signed_in';

/** Readable beside the pending second step's httpOnly cookie: the login page opens on the code step. */
export const SECOND_FACTOR_PENDING_COOKIE = 'accent_2fa_pending';

/** Whether a sign-in waits for its second step in this browser (false outside a browser). */
export function secondFactorPending(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SECOND_FACTOR_PENDING_COOKIE}=1`));
}

/** Outside a browser (tests, Node) there is no cookie jar to look at: a refresh is tried. */
function signedInMarkerPresent(): boolean {
  if (typeof document === 'undefined') return true;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

export interface SessionManagerOptions {
  store?: Store;
  authApi?: AuthApi;
  /** null disables the tab sync */
  openChannel?: () => SessionChannel | null;
  lock?: RefreshLock;
  now?: () => number;
  adoptWaitMs?: number;
  /**
   * Whether a refresh cookie may exist (the server sets a readable marker cookie with it); without one
   * a start does not call /api/auth/refresh only to be answered 401.
   */
  mayHaveRefreshCookie?: () => boolean;
}

/** Transient failures worth retrying: no answer at all, or the gateway statuses of spec 01 §8. */
const isRetryable = (error: unknown) => error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSessionManager(options: SessionManagerOptions = {}): SessionManager {
  const store = options.store ?? getStore();
  const authApi = options.authApi ?? createAuthApi();
  const openChannel = options.openChannel ?? openBroadcastChannel;
  const lock = options.lock ?? webLock;
  const now = options.now ?? Date.now;
  const adoptWaitMs = options.adoptWaitMs ?? SESSION_ADOPT_WAIT_MS;
  const mayHaveRefreshCookie = options.mayHaveRefreshCookie ?? signedInMarkerPresent;

  let started: Promise<void> | null = null;
  let running = false;
  let tickTimer: ReturnType<typeof setInterval> | null = null;
  let channel: SessionChannel | null = null;
  let inflightRefresh: Promise<boolean> | null = null;
  let onAdopted: (() => void) | null = null;
  /** bumped by login and logout so a refresh that started before them cannot overwrite their result */
  let epoch = 0;

  const current = () => store.get(sessionStateAtom);
  const setSession = (next: Session | null) => {
    if (next) store.set(endedElsewhereAtom, false);
    store.set(sessionStateAtom, next);
    store.set(sessionSettledAtom, true);
  };
  const post = (message: ChannelMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // a closed channel: the other tabs will catch up on their own next tick
    }
  };
  const toSession = ({ token, expires_in, ...user }: LoginResponse): Session => ({
    user: readUser(user) ?? failUser(),
    token,
    expiresAt: now() + expires_in * 1000,
  });

  function onChannelMessage(data: unknown) {
    const message = readChannelMessage(data);
    if (!message) return;
    switch (message.type) {
      case 'request': {
        const mine = current();
        if (mine) post({ type: 'session', session: mine });
        return;
      }
      case 'signed-out':
        epoch++;
        if (current()) store.set(endedElsewhereAtom, true);
        setSession(null);
        return;
      default: {
        const mine = current();
        // A sign-in anywhere wins (it may be another user); otherwise only a newer token is adopted.
        if (message.type === 'signed-in' || !mine || message.session.expiresAt >= mine.expiresAt) {
          if (message.type === 'signed-in') epoch++;
          setSession(message.session);
        }
        onAdopted?.();
      }
    }
  }

  function tick() {
    const mine = current();
    if (mine && mine.expiresAt - now() <= SESSION_REFRESH_THRESHOLD_MS) void refresh();
  }

  const onVisible = () => {
    // Background tabs get their timers throttled: check as soon as the tab is looked at again.
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') tick();
  };

  function ensureRunning() {
    if (running) return;
    running = true;
    channel = openChannel();
    if (channel) channel.onmessage = (event) => onChannelMessage(event.data);
    tickTimer = setInterval(tick, SESSION_TICK_MS);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  }

  /** Asks open tabs for their session; true when one was adopted within adoptWaitMs. */
  function adoptFromOtherTab(): Promise<boolean> {
    if (!channel) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), adoptWaitMs);
      function finish(adopted: boolean) {
        clearTimeout(timer);
        onAdopted = null;
        resolve(adopted);
      }
      onAdopted = () => finish(true);
      post({ type: 'request' });
    });
  }

  async function runRefresh(): Promise<boolean> {
    const before = current();
    const startEpoch = epoch;
    return lock(async () => {
      // While we waited for the lock another tab may have refreshed and broadcast its token.
      const latest = current();
      if (latest && latest !== before && latest.expiresAt - now() > SESSION_REFRESH_THRESHOLD_MS) return true;

      const windowStart = now();
      let delay = SESSION_RETRY_START_MS;
      for (;;) {
        try {
          const answer = await authApi.refresh();
          if (epoch !== startEpoch) return current() !== null; // a login or logout happened meanwhile
          if (!answer) {
            // The cookie is gone or revoked. Keep a session another tab handed over in the meantime.
            if (current() === before) setSession(null);
            return current() !== null;
          }
          const next = toSession(answer);
          setSession(next);
          post({ type: 'refreshed', session: next });
          return true;
        } catch (error) {
          if (!isRetryable(error) || now() - windowStart + delay > SESSION_RETRY_WINDOW_MS) {
            // Give up for now; a live session stays and the next tick tries again.
            if (!current()) setSession(null);
            return false;
          }
          await sleep(delay);
          delay *= 2;
        }
      }
    });
  }

  /** A sign-in answer becomes this tab's session, and the other tabs'. */
  function adopt(answer: LoginResponse): User {
    ensureRunning();
    epoch++;
    const next = toSession(answer);
    setSession(next);
    post({ type: 'signed-in', session: next });
    return next.user;
  }

  function refresh(): Promise<boolean> {
    inflightRefresh ??= runRefresh().finally(() => {
      inflightRefresh = null;
    });
    return inflightRefresh;
  }

  return {
    start() {
      started ??= (async () => {
        ensureRunning();
        if (current()) return; // signed in before start() (login came first)
        if (await adoptFromOtherTab()) return;
        if (current()) return;
        if (mayHaveRefreshCookie()) await refresh();
        else setSession(null);
      })();
      return started;
    },

    async login({ email, password, environment, library, rememberMe }) {
      let answer: LoginResponse;
      try {
        answer = await authApi.login({
          environment,
          library,
          email,
          password,
          domain: PRODUCT_DOMAIN,
          session_key: '',
          api_key: '',
          remember_me: rememberMe,
        });
      } catch (error) {
        if (error instanceof SecondFactorRequiredError) throw error;
        // a burst of sign-ins: the server's own words and when to come back
        if (error instanceof ApiError && error.status === 503 && error.retryAfterSeconds !== undefined) {
          throw new SignInBusyError(error.detail ?? SHARED_MESSAGES.loginFailed, error.retryAfterSeconds);
        }
        // the spec's "Authentication failed: {status}", followed by the server's reason when it gave one
        const reason = error instanceof ApiError && error.detail ? ` – ${error.detail}` : '';
        throw new Error(error instanceof ApiError && error.status > 0 ? `${sharedMsg.authenticationFailed(error.status)}${reason}` : SHARED_MESSAGES.loginFailed);
      }
      return adopt(answer);
    },

    async completeSecondFactor(code) {
      if (!authApi.verifySecondFactor) throw new Error(SHARED_MESSAGES.loginFailed);
      let answer: LoginResponse;
      try {
        answer = await authApi.verifySecondFactor(code);
      } catch (error) {
        // the server's own sentence ("That code is not right…"), else the generic one
        throw new Error(error instanceof ApiError && error.detail ? error.detail : SHARED_MESSAGES.loginFailed);
      }
      return adopt(answer);
    },

    async cancelSecondFactor() {
      await authApi.cancelSecondFactor?.();
    },

    async logout() {
      const token = current()?.token ?? null;
      epoch++;
      try {
        await authApi.logout(token);
      } catch (error) {
        // Still sign out here: the user asked to, and the access token dies within the hour anyway.
        console.warn('Logout did not reach the server:', error);
      }
      epoch++; // again: a tick may have started a refresh while the server call was out
      setSession(null);
      post({ type: 'signed-out' });
    },

    getToken: () => current()?.token ?? null,
    refresh,

    stop() {
      if (tickTimer) clearInterval(tickTimer);
      tickTimer = null;
      channel?.close();
      channel = null;
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
      running = false;
      started = null;
    },
  };
}

/** The session manager every app uses (one per page, see globalSingleton). */
export const session: SessionManager = globalSingleton('__ACCENT_SESSION__', () => createSessionManager());

connectApiAuth({ getToken: () => session.getToken(), refresh: () => session.refresh() });
