// The one way a sign-in ends, whatever proved who the user is (password, emailed code, single sign-on,
// an accepted invitation): a new refresh-token family, the cookies, an audit entry and the login
// answer. Keeping every method on this path means whatever guards a sign-in (a second factor, the
// session list) covers all of them.
import type { SecondFactorChallenge } from '@accent/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { record } from '../audit/audit.js';
import type { AccessTokens } from './access-token.js';
import { issueRefreshToken, PERSISTENT_TTL_MS, type IssuedRefreshToken } from './refresh-tokens.js';
import { recordSession, touchSession } from './sessions/store.js';
import { CHALLENGE_TTL_MS, createChallenge } from './two-factor/challenge.js';
import { hasConfirmedFactor } from './two-factor/factors.js';
import { toAuthUser, toUserResponse, type SessionUser } from './users.js';

export const REFRESH_COOKIE = 'accent_refresh';
/** Set and cleared with the refresh cookie; the browser only tries a refresh when it is there. */
export const SIGNED_IN_COOKIE = 'accent_signed_in';
export const AUTH_PATH = '/api/auth';
/** The pending second step of a sign-in (httpOnly, only /api/auth sees it). */
export const SECOND_FACTOR_COOKIE = 'accent_2fa';
/** Readable beside it, holding nothing secret: the login page opens on the code step when it is there. */
export const SECOND_FACTOR_PENDING_COOKIE = 'accent_2fa_pending';

/** How the user proved who they are, kept in the sign-in's audit entry. */
export type SignInMethod = 'password' | 'email_code' | 'sso' | 'invitation' | 'sign_up' | 'wallet';

/** Where the studio is served from, the web client URL when the environment names none. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export interface SessionIssuerOptions {
  db: Kysely<DB>;
  tokens: AccessTokens;
  cookieSecure: boolean;
}

export function createSessionIssuer({ db, tokens, cookieSecure }: SessionIssuerOptions) {
  const setRefreshCookie = (reply: FastifyReply, refresh: IssuedRefreshToken) => {
    // without Max-Age the cookies live until the browser closes (no remember me)
    const maxAge = refresh.persistent ? PERSISTENT_TTL_MS / 1000 : undefined;
    reply.setCookie(REFRESH_COOKIE, refresh.token, { httpOnly: true, sameSite: 'strict', secure: cookieSecure, path: AUTH_PATH, maxAge });
    // readable by the page, holding nothing secret: a signed-out visit does not ask /refresh for nothing
    reply.setCookie(SIGNED_IN_COOKIE, '1', { httpOnly: false, sameSite: 'strict', secure: cookieSecure, path: '/', maxAge });
  };
  const clearRefreshCookie = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: cookieSecure, path: AUTH_PATH });
    reply.clearCookie(SIGNED_IN_COOKIE, { httpOnly: false, sameSite: 'strict', secure: cookieSecure, path: '/' });
  };

  const setChallengeCookies = (reply: FastifyReply, token: string) => {
    const maxAge = CHALLENGE_TTL_MS / 1000;
    reply.setCookie(SECOND_FACTOR_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: cookieSecure, path: AUTH_PATH, maxAge });
    reply.setCookie(SECOND_FACTOR_PENDING_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure: cookieSecure, path: '/', maxAge });
  };
  const clearChallengeCookies = (reply: FastifyReply) => {
    reply.clearCookie(SECOND_FACTOR_COOKIE, { httpOnly: true, sameSite: 'lax', secure: cookieSecure, path: AUTH_PATH });
    reply.clearCookie(SECOND_FACTOR_PENDING_COOKIE, { httpOnly: false, sameSite: 'lax', secure: cookieSecure, path: '/' });
  };

  /**
   * The login/refresh answer: a fresh access token plus the user. The token states how strong the
   * sign-in is (read, and the session marked used, in one statement).
   */
  async function sessionResponse(request: FastifyRequest, user: SessionUser, sessionId: string) {
    const strength = await touchSession(db, sessionId, request.ip);
    const { token, expiresIn } = await tokens.sign(toAuthUser(user, sessionId, strength));
    return { token, expires_in: expiresIn, ...toUserResponse(user, originOf(request)) };
  }

  /** Issues the session: refresh family, session-list row, audit entry, cookies and the answer. */
  async function issue(request: FastifyRequest, reply: FastifyReply, user: SessionUser, options: { persistent: boolean; method: SignInMethod; secondFactor?: 'totp' | 'recovery_code' }) {
    const refresh = await issueRefreshToken(db, user.id, options.persistent);
    const amr = options.secondFactor ? [options.method, options.secondFactor] : [options.method];
    await recordSession(db, { id: refresh.sessionId, userId: user.id, userAgent: request.headers['user-agent'] ?? '', ip: request.ip, aal: options.secondFactor ? 2 : 1, amr });
    await record(db, {
      libraryId: user.libraryId,
      actor: { id: user.id, email: user.email },
      action: 'auth.sign_in',
      details: options.secondFactor ? { method: options.method, second_factor: options.secondFactor } : { method: options.method },
      ip: request.ip,
    });
    setRefreshCookie(reply, refresh);
    return sessionResponse(request, user, refresh.sessionId);
  }

  /**
   * Starts a new sign-in for a user whose identity the caller has already proved, and answers with it;
   * a user with a second factor gets the challenge (cookie + SecondFactorChallenge) instead, and
   * the session only once the code is checked (two-factor/routes.ts). Redirecting callers (single
   * sign-on) send the browser to /login, which opens on the code step while the challenge is pending.
   */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: SessionUser, options: { persistent: boolean; method: SignInMethod }) {
    if (await hasConfirmedFactor(db, user.id)) {
      const challenge = await createChallenge(db, { userId: user.id, method: options.method, persistent: options.persistent });
      setChallengeCookies(reply, challenge);
      const answer: SecondFactorChallenge = { second_factor_required: true, methods: ['totp', 'recovery_code'] };
      return answer;
    }
    return issue(request, reply, user, options);
  }

  return { signIn, issue, sessionResponse, setRefreshCookie, clearRefreshCookie, clearChallengeCookies };
}

export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
