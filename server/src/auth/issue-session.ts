// The one way a sign-in ends, whatever proved who the user is (password, emailed code, single sign-on,
// an accepted invitation): a new refresh-token family, the cookies, an audit entry and the login
// answer. Keeping every method on this path means whatever guards a sign-in (a second factor, the
// session list) covers all of them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { record } from '../audit/audit.js';
import type { AccessTokens } from './access-token.js';
import { issueRefreshToken, PERSISTENT_TTL_MS, type IssuedRefreshToken } from './refresh-tokens.js';
import { toAuthUser, toUserResponse, type SessionUser } from './users.js';

export const REFRESH_COOKIE = 'accent_refresh';
/** Set and cleared with the refresh cookie; the browser only tries a refresh when it is there. */
export const SIGNED_IN_COOKIE = 'accent_signed_in';
export const AUTH_PATH = '/api/auth';

/** How the user proved who they are, kept in the sign-in's audit entry. */
export type SignInMethod = 'password' | 'email_code' | 'sso' | 'invitation' | 'sign_up';

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

  /** The login/refresh answer: a fresh access token plus the user. */
  async function sessionResponse(request: FastifyRequest, user: SessionUser, sessionId: string) {
    const { token, expiresIn } = await tokens.sign(toAuthUser(user, sessionId));
    return { token, expires_in: expiresIn, ...toUserResponse(user, originOf(request)) };
  }

  /** Starts a new sign-in for a user whose identity the caller has already proved, and answers with it. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: SessionUser, options: { persistent: boolean; method: SignInMethod }) {
    const refresh = await issueRefreshToken(db, user.id, options.persistent);
    await record(db, { libraryId: user.libraryId, actor: { id: user.id, email: user.email }, action: 'auth.sign_in', details: { method: options.method }, ip: request.ip });
    setRefreshCookie(reply, refresh);
    return sessionResponse(request, user, refresh.sessionId);
  }

  return { signIn, sessionResponse, setRefreshCookie, clearRefreshCookie };
}

export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
