// /api/auth/two-factor (a user's own authenticator app: status, set up, confirm, turn off) and
// /api/auth/second-factor (the sign-in's second step). The step's session is issued by the same
// issuance as every sign-in (issue-session.ts), with the second factor stated in the token.
import { loginResponseSchema } from '../schemas.js';
import {
  recoveryCodesSchema,
  secondFactorRequestSchema,
  TWO_FACTOR_TEXTS,
  twoFactorConfirmRequestSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import { byCaller, record } from '../../audit/audit.js';
import { toIso } from '../../db/values.js';
import type { AccessTokens } from '../access-token.js';
import type { Guard } from '../guard.js';
import { createSessionIssuer, SECOND_FACTOR_COOKIE } from '../issue-session.js';
import { raiseSession } from '../sessions/store.js';
import { findSessionUser } from '../users.js';
import { completeChallenge, dropChallenges, failChallenge, findChallenge } from './challenge.js';
import { confirmEnrolment, libraryRequiresTwoFactor, removeFactor, startEnrolment, twoFactorStatus, verifySecondFactor } from './factors.js';

export interface TwoFactorRoutesOptions {
  db: Kysely<DB>;
  tokens: AccessTokens;
  authenticate: Guard;
  cookieSecure: boolean;
  masterKey: Buffer;
  /** Codes tried per client address (second step) or per user (setup, turning off) within the window. */
  codeRateLimit?: { max: number; windowMs: number };
}

export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, options) => {
  const { db, authenticate, masterKey } = options;
  const { issue, clearChallengeCookies } = createSessionIssuer({ db, tokens: options.tokens, cookieSecure: options.cookieSecure });
  const limit = options.codeRateLimit ?? { max: 10, windowMs: 60_000 };
  const tooManyCodes = (_request: FastifyRequest, context: { ttl: number }) => new HttpError(429, TWO_FACTOR_TEXTS.tooManyCodes(Math.max(1, Math.ceil(context.ttl / 1000))));
  /** per signed-in user: after the guard has put them on the request */
  const perUser = { rateLimit: { max: limit.max, timeWindow: limit.windowMs, hook: 'preHandler' as const, keyGenerator: (r: FastifyRequest) => `2fa-user|${r.user.id}`, errorResponseBuilder: tooManyCodes } };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
  const common = { tags: ['auth'], security: [{ bearerAuth: [] }] };

  app.get(
    '/two-factor',
    { onRequest: [authenticate], schema: { ...common, summary: 'Whether two-factor authentication is on for me, and whether my library requires it', response: { 200: twoFactorStatusSchema, 401: apiErrorSchema } } },
    async (request) => {
      const status = await twoFactorStatus(db, request.user.id);
      return {
        enabled: status.enabled,
        enabled_at: status.enabledAt ? toIso(status.enabledAt) : null,
        recovery_codes_left: status.recoveryCodesLeft,
        required: await libraryRequiresTwoFactor(db, request.user.libraryId),
        session_verified: request.user.aal === 2,
      };
    },
  );

  app.post(
    '/two-factor/enroll',
    { onRequest: [authenticate], config: perUser, schema: { ...common, summary: 'Start setting up an authenticator app: a new secret, its QR code and manual key', response: { 200: twoFactorEnrolmentSchema, ...errors } } },
    async (request) => {
      const enrolment = await startEnrolment(db, masterKey, { id: request.user.id, email: request.user.email });
      if (!enrolment) throw new HttpError(409, TWO_FACTOR_TEXTS.alreadyEnabled);
      return { secret: enrolment.secret, otpauth_url: enrolment.otpauthUrl, qr_code: enrolment.qrCode };
    },
  );

  app.post(
    '/two-factor/confirm',
    {
      onRequest: [authenticate],
      config: perUser,
      schema: { ...common, summary: 'Confirm the setup with a code from the app; answers the ten recovery codes, this once', body: twoFactorConfirmRequestSchema, response: { 200: recoveryCodesSchema, ...errors } },
    },
    async (request) => {
      const { id, sessionId } = request.user;
      const status = await twoFactorStatus(db, id);
      if (status.enabled) throw new HttpError(409, TWO_FACTOR_TEXTS.alreadyEnabled);
      const codes = await confirmEnrolment(db, masterKey, id, request.body.code);
      if (!codes) {
        const pending = await db.withTables<{ user_totp_factors: { user_id: string } }>().selectFrom('user_totp_factors').select('user_id').where('user_id', '=', id).executeTakeFirst();
        throw new HttpError(pending ? 400 : 409, pending ? TWO_FACTOR_TEXTS.wrongCode : TWO_FACTOR_TEXTS.noEnrolment);
      }
      // the user just proved they hold the factor: this sign-in counts as two-factor from its next token
      await raiseSession(db, sessionId, id);
      await record(db, { ...byCaller(request), action: 'two_factor.enable', target: request.user.email });
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/two-factor/disable',
    {
      onRequest: [authenticate],
      config: perUser,
      schema: { ...common, summary: 'Turn two-factor authentication off (needs a current code or a recovery code)', body: secondFactorRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { id } = request.user;
      if (!(await twoFactorStatus(db, id)).enabled) throw new HttpError(409, TWO_FACTOR_TEXTS.notEnabled);
      if (!(await verifySecondFactor(db, masterKey, id, request.body.code))) throw new HttpError(400, TWO_FACTOR_TEXTS.wrongCode);
      await removeFactor(db, id);
      await dropChallenges(db, id);
      await record(db, { ...byCaller(request), action: 'two_factor.disable', target: request.user.email });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/second-factor',
    {
      config: {
        rateLimit: { max: limit.max, timeWindow: limit.windowMs, keyGenerator: (r: FastifyRequest) => `2fa-step|${r.ip}`, errorResponseBuilder: tooManyCodes },
      },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in: a code from the app or a recovery code; sets the refresh cookie',
        body: secondFactorRequestSchema,
        response: { 200: loginResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SECOND_FACTOR_COOKIE];
      const challenge = token ? await findChallenge(db, token) : null;
      if (!challenge) {
        clearChallengeCookies(reply);
        throw new HttpError(401, TWO_FACTOR_TEXTS.challengeGone);
      }
      const user = await findSessionUser(db, challenge.userId);
      if (!user || !user.active) {
        clearChallengeCookies(reply);
        throw new HttpError(401, TWO_FACTOR_TEXTS.challengeGone);
      }
      const passed = await verifySecondFactor(db, masterKey, user.id, request.body.code);
      if (!passed) {
        const triesLeft = await failChallenge(db, challenge.id);
        await record(db, { libraryId: user.libraryId, actor: { id: user.id, email: user.email }, action: 'auth.sign_in_failed', details: { reason: 'wrong second factor' }, ip: request.ip });
        if (!triesLeft) {
          clearChallengeCookies(reply);
          throw new HttpError(401, TWO_FACTOR_TEXTS.challengeGone);
        }
        throw new HttpError(400, TWO_FACTOR_TEXTS.wrongCode);
      }
      if (!(await completeChallenge(db, challenge.id))) {
        clearChallengeCookies(reply);
        throw new HttpError(401, TWO_FACTOR_TEXTS.challengeGone);
      }
      clearChallengeCookies(reply);
      return issue(request, reply, user, { persistent: challenge.persistent, method: challenge.method, secondFactor: passed });
    },
  );

  app.delete(
    '/second-factor',
    { schema: { tags: ['auth'], summary: 'Abandon a pending second step (back to the first)' } },
    async (_request, reply) => {
      clearChallengeCookies(reply);
      return reply.code(204).send(null);
    },
  );

};
