// /api/auth: login, refresh, logout, me (DESIGN.md §4 "Auth and session").
import { setTimeout as sleep } from 'node:timers/promises';
import { apiErrorSchema } from '../http/api-error.js';
import { loginRequestSchema, loginResponseSchema, signInAnswerSchema, userSchema } from './schemas.js';
import { signOutQuerySchema } from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { libraryIdByName, record } from '../audit/audit.js';
import type { AccessTokens } from './access-token.js';
import { NOT_SIGNED_IN, type Guard } from './guard.js';
import { dummyPasswordHash, HashPoolBusyError, hashPassword, needsRehash, passwordHashPool, POOL_SIZE, verifyPassword } from './passwords.js';
import { createSignInQueue, SignInBusyError } from './sign-in-queue.js';
import { revokeFamily, revokeFamilyOf, rotateRefreshToken } from './refresh-tokens.js';
import { createSessionIssuer, originOf, REFRESH_COOKIE } from './issue-session.js';
import { findCurrentCaller, findLoginCandidate, findSessionUser, toUserResponse } from './users.js';
import { endSessions } from './sessions/store.js';
import { SSO_MESSAGES } from '@accent/shell-common';
import { passwordSignInOff } from './sso/store.js';

export { AUTH_PATH, REFRESH_COOKIE, SIGNED_IN_COOKIE } from './issue-session.js';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  sessionExpired: 'Your session has expired. Please sign in again.',
  tooManyAttempts: (seconds: number) => `Too many login attempts. Try again in ${seconds} seconds.`,
  busy: (seconds: number) => `Many people are signing in right now. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

/** A sign-in that cannot be done within this is answered 503 at once (a burst). */
export const SIGN_IN_MAX_WAIT_MS = 2_000;

/**
 * The process's password sign-ins in line: as many at once as there are hashing workers, plus one, so one
 * can do its database work while the others' hashes run.
 */
export const signInQueue = createSignInQueue(POOL_SIZE + 1);

export interface AuthRoutesOptions {
  db: Kysely<DB>;
  tokens: AccessTokens;
  authenticate: Guard;
  cookieSecure: boolean;
  /** Added to every failed login to slow guessing. */
  loginFailureDelayMs: number;
  /** Login attempts allowed per client IP and email within the window. */
  loginRateLimit: { max: number; windowMs: number };
  /** Login attempts allowed per client IP within the window, whatever the email: one address trying one password on every account. */
  loginAddressRateLimit: { max: number; windowMs: number };
  /** Server secret the rotated refresh tokens are derived with (the JWT secret). */
  refreshKey: string;
  /** A sign-in whose password check cannot finish within this is answered 503 at once (default SIGN_IN_MAX_WAIT_MS). */
  signInMaxWaitMs?: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, tokens, authenticate } = options;

  // every way of signing in ends in this one issuance (see issue-session.ts)
  const { signIn, sessionResponse, setRefreshCookie, clearRefreshCookie } = createSessionIssuer({ db, tokens, cookieSecure: options.cookieSecure });

  const tooManyAttempts = (_request: FastifyRequest, context: { ttl: number }) =>
    new HttpError(429, AUTH_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil(context.ttl / 1000))));
  // A second limit on the same route: the plugin runs one limiter hook per request, so this one is
  // applied by hand (createRateLimit counts without marking the request).
  const addressLimit = app.createRateLimit({
    max: options.loginAddressRateLimit.max,
    timeWindow: options.loginAddressRateLimit.windowMs,
    keyGenerator: (request) => request.ip,
  });
  const perAddress = async (request: FastifyRequest) => {
    const limit = await addressLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(request, limit);
  };

  async function upgradeHash(userId: string, password: string, stored: string) {
    try {
      const upgraded = await hashPassword(password);
      // only if nobody changed the password meanwhile
      await db.updateTable('users').set({ password_hash: upgraded }).where('id', '=', userId).where('password_hash', '=', stored).execute();
    } catch (error) {
      app.log.warn({ err: error }, 'Upgrading a password hash at sign-in failed (the old one keeps working)');
    }
  }

  app.post(
    '/login',
    {
      preHandler: perAddress,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the refresh cookie (or, with a second factor, the challenge cookie)',
        body: loginRequestSchema,
        response: { 200: signInAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
      config: {
        rateLimit: {
          max: options.loginRateLimit.max,
          timeWindow: options.loginRateLimit.windowMs,
          // after validation, so the key can use the email; per IP and account so one attacker cannot
          // lock everybody out and one account cannot be guessed from many tabs
          hook: 'preHandler',
          keyGenerator: (request) => `${request.ip}|${String((request.body as { email?: string }).email ?? '').toLowerCase()}`,
          errorResponseBuilder: tooManyAttempts,
        },
      },
    },
    async (request, reply) => {
      const { environment, library, email, password, remember_me } = request.body;
      // the caller left (closed the request): its place in line and its queued hash are dropped
      const left = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) left.abort(new Error('The client closed the sign-in request'));
      };
      reply.raw.once('close', onClose);
      const maxWaitMs = options.signInMaxWaitMs ?? SIGN_IN_MAX_WAIT_MS;
      let outcome: { failed: true } | { ssoOnly: string } | { answer: Awaited<ReturnType<typeof signIn>> };
      try {
        // Sign-ins take turns (a burst waits in its own line, not in front of every other request), and
        // one that could not be done in time is refused at once, before any database work.
        outcome = await signInQueue.run(
          async () => {
            // a place in the hashing queue too (password changes and sign-ups use the same pool)
            const reservation = passwordHashPool.reserve('argon2-verify', maxWaitMs);
            let user: Awaited<ReturnType<typeof findLoginCandidate>>;
            let passwordOk: boolean;
            try {
              user = await findLoginCandidate(db, { environment, library, email });
              // Always check one hash so an unknown email costs the same time as a wrong password.
              passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()), { reservation, signal: left.signal });
            } finally {
              reservation.release();
            }
            if (!user || !passwordOk || !user.active) {
              await record(db, {
                libraryId: user?.libraryId ?? (await libraryIdByName(db, environment, library)),
                actor: { id: user?.id ?? null, email: email.trim().toLowerCase() },
                action: 'auth.sign_in_failed',
                details: { reason: !user ? 'unknown account' : !passwordOk ? 'wrong password' : 'deactivated' },
                ip: request.ip,
              });
              return { failed: true as const };
            }
            // the library may have turned password sign-in off for single sign-on (administrators keep it)
            const ssoOnly = await passwordSignInOff(db, user);
            if (ssoOnly) return { ssoOnly: ssoOnly.provider };
            // a hash stored by an earlier version (scrypt, an older cost) becomes today's, after the answer
            if (needsRehash(user.passwordHash)) void upgradeHash(user.id, password, user.passwordHash);
            return { answer: await signIn(request, reply, user, { persistent: remember_me, method: 'password' }) };
          },
          { maxWaitMs, signal: left.signal },
        );
      } catch (error) {
        if (!(error instanceof SignInBusyError || error instanceof HashPoolBusyError)) throw error;
        const seconds = error.retryAfterSeconds;
        throw new HttpError(503, AUTH_MESSAGES.busy(seconds), { 'retry-after': String(seconds) });
      } finally {
        reply.raw.off('close', onClose);
      }
      if ('failed' in outcome) {
        // the delay that slows guessing is spent out of line
        await sleep(options.loginFailureDelayMs);
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
      }
      if ('ssoOnly' in outcome) throw new HttpError(403, SSO_MESSAGES.passwordSignInOff(outcome.ssoOnly));
      return outcome.answer;
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (the cookie is rotated)',
        response: { 200: loginResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw new HttpError(401, NOT_SIGNED_IN);
      const rotation = await rotateRefreshToken(db, presented, options.refreshKey);
      if (!rotation.ok) {
        if (rotation.reason === 'reused') request.log.warn('refresh token reused: the whole sign-in was revoked');
        clearRefreshCookie(reply);
        throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      }
      const user = await findSessionUser(db, rotation.userId);
      if (!user || !user.active) {
        await revokeFamilyOf(db, rotation.token);
        clearRefreshCookie(reply);
        throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      }
      setRefreshCookie(reply, rotation);
      return sessionResponse(request, user, rotation.sessionId);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this sign-in (scope=local, its refresh and access tokens), all my other sign-ins (others) or every one (global)',
        querystring: signOutQuerySchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { scope } = request.query;
      // an API client signing out with its access token alone ends that sign-in too
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const claims = bearer ? await tokens.verify(bearer[1]) : null;
      if (scope !== 'local') {
        // signing out other devices needs a sign-in that is still valid, not just a token we once signed
        const caller = claims ? await findCurrentCaller(db, claims) : undefined;
        if (!caller) throw new HttpError(401, NOT_SIGNED_IN);
        const ended = await endSessions(db, caller.id, scope, caller.sessionId);
        await record(db, { libraryId: caller.libraryId, actor: { id: caller.id, email: caller.email }, action: 'auth.sign_out', details: { scope, sessions: ended }, ip: request.ip });
        if (scope === 'others') return reply.code(204).send(null);
      } else {
        const presented = request.cookies[REFRESH_COOKIE];
        if (presented) await revokeFamilyOf(db, presented);
        if (claims) await revokeFamily(db, claims.sessionId, claims.id);
      }
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      onRequest: [authenticate],
      schema: { tags: ['auth'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: userSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      const user = await findSessionUser(db, request.user.id);
      if (!user || !user.active) throw new HttpError(401, NOT_SIGNED_IN);
      return toUserResponse(user, originOf(request));
    },
  );
};
