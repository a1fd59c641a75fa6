// Signing in by email, under /api/auth: a forgotten password (an emailed single-use link, 30 minutes),
// changing the password when signed in, and a one-time emailed code as an alternative to the password
// (10 minutes, single use, 5 wrong tries). Whether an email belongs to an account is never told: the
// answers are the same and the work done is the same (the email itself is sent after answering).
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  changePasswordRequestSchema,
  detailResponseSchema,
  EMAIL_RESEND_COOLDOWN_SECONDS,
  EMAIL_SIGN_IN_TEXTS,
  emailAccountSchema,
  emailSentResponseSchema,
  emailStatusResponseSchema,
  passwordProblem,
  RESET_LINK_TTL_MINUTES,
  resetCheckRequestSchema,
  resetCheckResponseSchema,
  resetPasswordRequestSchema,
  SIGN_IN_CODE_TTL_MINUTES,
  SSO_MESSAGES,
  verifyCodeRequestSchema,
} from '@accent/shell-common';
import type { DB } from '../../db/schema.js';
import { createMailer, describeError, type MailMessage } from '../../delivery/channels.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import { emailLinkOrigin, PUBLIC_URL_NEEDED } from '../../http/origin.js';
import { libraryIdByName, record } from '../../audit/audit.js';
import type { AccessTokens } from '../access-token.js';
import { NOT_SIGNED_IN, type Guard } from '../guard.js';
import { createSessionIssuer } from '../issue-session.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { revokeUserSessions } from '../refresh-tokens.js';
import { signInAnswerSchema } from '../schemas.js';
import { passwordSignInOff } from '../sso/store.js';
import { findLoginCandidate, findSessionUser, type SessionUser } from '../users.js';
import { consumeCode, consumeResetLink, createChallenge, hashCode, hashLinkToken, latestChallengeAt, newCode, newLinkToken, peekResetLink, type ChallengePurpose } from './challenges.js';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface EmailSignInLimits {
  /** emails asked for one address from one client (reset links and codes each) */
  sendPerEmail: RateLimit;
  /** emails asked for from one client, whatever the address */
  sendPerAddress: RateLimit;
  /** code tries for one address from one client (beside the 5 tries each code allows) */
  verifyPerEmail: RateLimit;
  verifyPerAddress: RateLimit;
  /** reset link checks and uses from one client */
  resetPerAddress: RateLimit;
  /** password changes by one user */
  changePerUser: RateLimit;
}

const FIFTEEN_MINUTES = 15 * 60_000;
export const EMAIL_SIGN_IN_LIMITS: EmailSignInLimits = {
  sendPerEmail: { max: 5, windowMs: FIFTEEN_MINUTES },
  sendPerAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
  verifyPerEmail: { max: 10, windowMs: FIFTEEN_MINUTES },
  verifyPerAddress: { max: 30, windowMs: FIFTEEN_MINUTES },
  resetPerAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
  changePerUser: { max: 5, windowMs: FIFTEEN_MINUTES },
};

export interface EmailSignInOptions {
  db: Kysely<DB>;
  tokens: AccessTokens;
  authenticate: Guard;
  cookieSecure: boolean;
  smtpUrl?: string;
  smtpFrom: string;
  /** PUBLIC_URL: where the emailed link points (else the environment's web client URL, else the request's origin) */
  publicUrl?: string;
  /** server secret the sign-in codes are hashed with (the JWT secret) */
  codeKey: string;
  limits?: Partial<EmailSignInLimits>;
}

export const emailSignInRoutes: FastifyPluginAsyncZod<EmailSignInOptions> = async (app, options) => {
  const { db } = options;
  const limits = { ...EMAIL_SIGN_IN_LIMITS, ...options.limits };
  const mailer = createMailer({ smtpUrl: options.smtpUrl, smtpFrom: options.smtpFrom });
  app.addHook('onClose', () => mailer.close());
  const { signIn } = createSessionIssuer({ db, tokens: options.tokens, cookieSecure: options.cookieSecure });

  const tooMany = (_request: FastifyRequest, context: { ttl: number }) =>
    new HttpError(429, EMAIL_SIGN_IN_TEXTS.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))));
  // Per client address, whatever the email: a second limiter applied by hand beside the route's own
  // (the plugin runs one limiter hook per request), as the password login does.
  const perAddress = (name: string, limit: RateLimit) => {
    const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${name}|${request.ip}` });
    return async (request: FastifyRequest) => {
      const answer = await check(request);
      if (!answer.isAllowed && answer.isExceeded) throw tooMany(request, answer);
    };
  };
  // After validation, so the key can hold the email: one client cannot flood one mailbox or guess one code.
  const perEmail = (name: string, limit: RateLimit) => ({
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${name}|${request.ip}|${String((request.body as { email?: string }).email ?? '').trim().toLowerCase()}`,
      errorResponseBuilder: tooMany,
    },
  });
  /** A route that emails an account: limited per address and per email, the same 202 whether or not the account exists. */
  const sendsEmail = (name: string, summary: string) => ({
    preHandler: perAddress(name, limits.sendPerAddress),
    config: perEmail(name, limits.sendPerEmail),
    schema: {
      tags: ['auth'],
      summary,
      body: emailAccountSchema,
      response: { 202: emailSentResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
  });

  const requireMail = () => {
    if (!mailer.configured) throw new HttpError(409, EMAIL_SIGN_IN_TEXTS.emailUnavailable);
  };
  /** Sends after the answer is on its way: how long SMTP takes must not tell which emails exist. */
  const sendLater = (request: FastifyRequest, message: MailMessage) => {
    setImmediate(() => {
      mailer.send(message).catch((error: unknown) => request.log.error({ err: describeError(error) }, 'sign-in email was not sent'));
    });
  };

  /**
   * A new challenge for the account, unless one was sent within the cool-down. An unknown (or deactivated)
   * account goes through the same queries on an id that matches nothing, and nothing is stored or sent.
   */
  async function challenge(account: SessionUser | undefined, purpose: ChallengePurpose, secretHashFor: (userId: string) => string, ttlMs: number): Promise<boolean> {
    const userId = account?.active ? account.id : randomUUID();
    const secretHash = secretHashFor(userId);
    const last = await latestChallengeAt(db, userId, purpose);
    const coolingDown = last !== null && Date.now() - last.getTime() < EMAIL_RESEND_COOLDOWN_SECONDS * 1000;
    // a repeat within the cool-down rehearses too: a quicker answer would tell that the account exists
    const store = Boolean(account?.active) && !coolingDown;
    await createChallenge(db, { userId, purpose, secretHash, ttlMs, rehearse: !store });
    return store;
  }

  const sentAnswer = (detail: string) => ({ detail, resend_after: EMAIL_RESEND_COOLDOWN_SECONDS });

  app.get(
    '/email/status',
    { schema: { tags: ['auth'], summary: 'Whether this server can send sign-in email (says nothing about any account)', response: { 200: emailStatusResponseSchema } } },
    async () => ({ available: mailer.configured }),
  );

  // ---- Forgotten password ------------------------------------------------------------------------

  app.post(
    '/password/forgot',
    sendsEmail('reset-send', 'Email a single-use password reset link (the same answer whether or not the email has an account)'),
    async (request, reply) => {
      requireMail();
      // decided before the account is looked up, so the refusal says nothing about the email
      const environment = await db.selectFrom('environments').select('web_client_url').where('name', '=', request.body.environment).executeTakeFirst();
      const configuredBase = options.publicUrl || environment?.web_client_url.replace(/\/+$/, '') || undefined;
      const base = emailLinkOrigin(request, configuredBase);
      if (!base) throw new HttpError(409, PUBLIC_URL_NEEDED);
      const account = await findLoginCandidate(db, request.body);
      const token = newLinkToken();
      const created = await challenge(account, 'password_reset', () => hashLinkToken(token), RESET_LINK_TTL_MINUTES * 60_000);
      if (created && account) {
        sendLater(request, {
          to: account.email,
          subject: 'Reset your Accent Studio password',
          text: [
            `Someone, hopefully you, asked to reset the password of the Accent Studio account ${account.email}.`,
            '',
            `Open this link within ${RESET_LINK_TTL_MINUTES} minutes to choose a new password (it works once):`,
            `${base}/reset-password?token=${token}`,
            '',
            'If you did not ask for this, ignore this email: your password stays as it is.',
          ].join('\n'),
        });
      }
      return reply.code(202).send(sentAnswer(EMAIL_SIGN_IN_TEXTS.resetSent));
    },
  );

  app.post(
    '/password/reset/check',
    {
      preHandler: perAddress('reset-use', limits.resetPerAddress),
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link still works, and whose password it sets',
        body: resetCheckRequestSchema,
        response: { 200: resetCheckResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const userId = await peekResetLink(db, request.body.token);
      const user = userId ? await findSessionUser(db, userId) : undefined;
      if (!user?.active) throw new HttpError(400, EMAIL_SIGN_IN_TEXTS.resetLinkInvalid);
      return { email: user.email };
    },
  );

  app.post(
    '/password/reset',
    {
      preHandler: perAddress('reset-use', limits.resetPerAddress),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an emailed link; every session of the account ends',
        body: resetPasswordRequestSchema,
        response: { 200: detailResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const owner = await peekResetLink(db, token);
      const user = owner ? await findSessionUser(db, owner) : undefined;
      if (!user?.active) throw new HttpError(400, EMAIL_SIGN_IN_TEXTS.resetLinkInvalid);
      const problem = passwordProblem(password, user.email);
      if (problem) throw new HttpError(400, problem);
      const passwordHash = await hashPassword(password);
      // The link is used, the password set and every sign-in ended together, or none of it.
      const done = await db.transaction().execute(async (trx) => {
        const userId = await consumeResetLink(trx, token);
        if (userId !== user.id) return false;
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        await revokeUserSessions(trx, user.id);
        await record(trx, { libraryId: user.libraryId, actor: { id: user.id, email: user.email }, action: 'auth.password_reset', target: user.email, ip: request.ip });
        return true;
      });
      // another tab used the link between the check and here
      if (!done) throw new HttpError(400, EMAIL_SIGN_IN_TEXTS.resetLinkInvalid);
      return { detail: EMAIL_SIGN_IN_TEXTS.resetDone };
    },
  );

  // ---- Change password (signed in) ---------------------------------------------------------------

  app.post(
    '/password/change',
    {
      onRequest: [options.authenticate],
      config: {
        rateLimit: {
          max: limits.changePerUser.max,
          timeWindow: limits.changePerUser.windowMs,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `password-change|${request.user.id}`,
          errorResponseBuilder: tooMany,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Change the password (the current one required); the other sessions end, this one stays',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: detailResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      const user = await findSessionUser(db, request.user.id);
      if (!user) throw new HttpError(401, NOT_SIGNED_IN);
      // 400, not 401: a wrong current password must not look like an ended session to the client
      if (!(await verifyPassword(current_password, user.passwordHash))) throw new HttpError(400, EMAIL_SIGN_IN_TEXTS.wrongCurrentPassword);
      const problem = passwordProblem(new_password, user.email);
      if (problem) throw new HttpError(400, problem);
      if (new_password === current_password) throw new HttpError(400, EMAIL_SIGN_IN_TEXTS.sameAsCurrent);
      const passwordHash = await hashPassword(new_password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        await revokeUserSessions(trx, user.id, request.user.sessionId);
        await record(trx, { libraryId: user.libraryId, actor: { id: user.id, email: user.email }, action: 'auth.password_change', target: user.email, ip: request.ip });
      });
      return { detail: EMAIL_SIGN_IN_TEXTS.passwordChanged };
    },
  );

  // ---- One-time sign-in code ---------------------------------------------------------------------

  app.post(
    '/code/send',
    sendsEmail('code-send', 'Email a 6-digit sign-in code (the same answer whether or not the email has an account)'),
    async (request, reply) => {
      requireMail();
      const account = await findLoginCandidate(db, request.body);
      const code = newCode();
      const created = await challenge(account, 'sign_in_code', (userId) => hashCode(options.codeKey, userId, code), SIGN_IN_CODE_TTL_MINUTES * 60_000);
      if (created && account) {
        sendLater(request, {
          to: account.email,
          subject: 'Your Accent Studio sign-in code',
          text: [
            `Your sign-in code for Accent Studio is ${code}`,
            '',
            `It works once, for ${SIGN_IN_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: nobody can sign in without the code.`,
          ].join('\n'),
        });
      }
      return reply.code(202).send(sentAnswer(EMAIL_SIGN_IN_TEXTS.codeSent));
    },
  );

  app.post(
    '/code/verify',
    {
      preHandler: perAddress('code-verify', limits.verifyPerAddress),
      config: perEmail('code-verify', limits.verifyPerEmail),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an emailed code; sets the refresh cookie like the password login',
        body: verifyCodeRequestSchema,
        response: { 200: signInAnswerSchema, 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { environment, library, email, code, remember_me } = request.body;
      const account = await findLoginCandidate(db, { environment, library, email });
      // an unknown account tries an id that has no code: the same two queries, the same answer
      const userId = account?.active ? account.id : randomUUID();
      const accepted = await consumeCode(db, userId, hashCode(options.codeKey, userId, code));
      if (!accepted || !account?.active) {
        await record(db, {
          libraryId: await libraryIdByName(db, environment, library),
          actor: { id: account?.id ?? null, email },
          action: 'auth.sign_in_failed',
          details: { method: 'email_code', reason: !account ? 'unknown account' : !account.active ? 'deactivated' : 'wrong or expired code' },
          ip: request.ip,
        });
        throw new HttpError(400, EMAIL_SIGN_IN_TEXTS.codeInvalid);
      }
      // a code stands in for the password: where the library allows only single sign-on, neither works
      // (told only after the code proved who is asking, as the password login does)
      const ssoOnly = await passwordSignInOff(db, account);
      if (ssoOnly) throw new HttpError(403, SSO_MESSAGES.passwordSignInOff(ssoOnly.provider));
      return signIn(request, reply, account, { persistent: remember_me, method: 'email_code' });
    },
  );
};
