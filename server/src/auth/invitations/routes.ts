// Invitations and self sign-up. Administrators invite (email, role, team), resend and revoke under
// /api/v1/admin, and list the email domains allowed to sign up themselves; the person holding an
// emailed link previews it and sets a name and password under /api/auth, which signs them in through
// the one session issuance. Self sign-up answers the same whether or not the address has an account.
import {
  ADMIN_MESSAGES,
  acceptLinkRequestSchema,
  emailDomainOf,
  INVITATION_MESSAGES,
  invitationParamsSchema,
  invitationSchema,
  invitationsResponseSchema,
  inviteRequestSchema,
  linkPreviewSchema,
  linkQuerySchema,
  signUpAvailabilityQuerySchema,
  signUpAvailabilityResponseSchema,
  signUpDomainVerifyRequestSchema,
  signUpDomainsPutRequestSchema,
  signUpDomainsResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
} from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { byCaller, libraryIdByName, record } from '../../audit/audit.js';
import type { DB } from '../../db/schema.js';
import { describeError, type Mailer } from '../../delivery/channels.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import { emailLinkOrigin, PUBLIC_URL_NEEDED } from '../../http/origin.js';
import { successResponseSchema } from '../../http/responses.js';
import type { AccessTokens } from '../access-token.js';
import { requireRole, type Guard } from '../guard.js';
import { createSessionIssuer } from '../issue-session.js';
import { signInAnswerSchema } from '../schemas.js';
import { findSessionUser } from '../users.js';
import { existingAccountMail, invitationMail, signUpMail } from './mail.js';
import {
  acceptLink,
  createInvitation,
  deleteLink,
  listPendingInvitations,
  previewLink,
  renewInvitation,
  revokeInvitation,
  startSignUp,
} from './links.js';
import { replaceSignUpDomains, signUpDomains, signUpDomainsRow, txtResolver, verifySignUpDomain, type TxtResolver } from './sign-up-domains.js';

const MINUTE_MS = 60_000;

export interface LinkRateLimits {
  /** invitations sent or resent per administrator */
  invite: { max: number; windowMs: number };
  /** sign-up requests per address and email */
  signUp: { max: number; windowMs: number };
  /** sign-up requests per address whatever the email */
  signUpAddress: { max: number; windowMs: number };
  /** link previews and acceptances per address (guessing a 256-bit token is hopeless; this bounds the work) */
  link: { max: number; windowMs: number };
}
export const DEFAULT_LINK_RATE_LIMITS: LinkRateLimits = {
  invite: { max: 30, windowMs: MINUTE_MS },
  signUp: { max: 3, windowMs: 10 * MINUTE_MS },
  signUpAddress: { max: 20, windowMs: 10 * MINUTE_MS },
  link: { max: 30, windowMs: MINUTE_MS },
};

export interface InvitationRoutesOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  /** PUBLIC_URL: where links in emails point; else the request's origin */
  publicUrl?: string;
  limits?: Partial<LinkRateLimits>;
  /** where sign-up domains' TXT records are looked up (default: the system's DNS) */
  resolver?: TxtResolver;
}

const tooMany = (_request: FastifyRequest, context: { ttl: number }) => {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new HttpError(429, INVITATION_MESSAGES.tooMany(seconds), { 'retry-after': String(seconds) });
};
// counted after authentication and validation, so a key can use the caller
const limitOf = (limit: { max: number; windowMs: number }, keyGenerator: (request: FastifyRequest) => string) => ({
  rateLimit: { max: limit.max, timeWindow: limit.windowMs, hook: 'preHandler' as const, keyGenerator, errorResponseBuilder: tooMany },
});

/** Where emailed links point; refused (409, before any address is looked at) when the server cannot tell. */
const baseUrlOf = (request: FastifyRequest, publicUrl: string | undefined) => {
  const base = emailLinkOrigin(request, publicUrl);
  if (!base) throw new HttpError(409, PUBLIC_URL_NEEDED);
  return base;
};

/** Sends, or says in words why it could not (the caller undoes what it stored). */
async function sendOrRefuse(mailer: Mailer, message: Parameters<Mailer['send']>[0]) {
  try {
    await mailer.send(message);
  } catch (error) {
    throw new HttpError(502, INVITATION_MESSAGES.sendFailed(describeError(error)));
  }
}

export const invitationAdminRoutes: FastifyPluginAsyncZod<InvitationRoutesOptions & { authenticate: Guard }> = async (app, options) => {
  const { db, mailer, authenticate } = options;
  const limits = { ...DEFAULT_LINK_RATE_LIMITS, ...options.limits };
  const onRequest = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema };
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const perAdmin = limitOf(limits.invite, (request) => `invite|${request.user.id}`);
  const emailRequired = (request: FastifyRequest) => {
    if (!mailer.configured) throw new HttpError(409, INVITATION_MESSAGES.emailNotConfigured);
    baseUrlOf(request, options.publicUrl);
  };

  async function sendInvitation(request: FastifyRequest, to: { email: string; role: Parameters<typeof invitationMail>[0]['role']; team: Parameters<typeof invitationMail>[0]['team'] }, link: { token: string; expiresAt: Date }) {
    const [inviter, library] = await Promise.all([
      findSessionUser(db, request.user.id),
      db.selectFrom('libraries').select('name').where('id', '=', request.user.libraryId).executeTakeFirstOrThrow(),
    ]);
    await sendOrRefuse(
      mailer,
      invitationMail({
        to: to.email,
        link: `${baseUrlOf(request, options.publicUrl)}/invite?token=${link.token}`,
        inviter: inviter?.name || request.user.email,
        library: library.name,
        role: to.role,
        team: to.team,
        expiresAt: link.expiresAt,
      }),
    );
  }

  const onePending = async (libraryId: string, id: string) => (await listPendingInvitations(db, libraryId)).find((i) => i.id === id)!;

  app.get(
    '/invitations',
    { onRequest, schema: { ...common, summary: 'Pending invitations of the library (expired ones too, until resent or revoked)', response: { 200: invitationsResponseSchema, ...errors } } },
    async (request) => ({ invitations: await listPendingInvitations(db, request.user.libraryId), email_configured: mailer.configured }),
  );

  app.post(
    '/invitations',
    {
      onRequest,
      config: perAdmin,
      schema: { ...common, summary: 'Invite someone by email with a role and team (a link valid 7 days)', body: inviteRequestSchema, response: { 201: invitationSchema, ...errors } },
    },
    async (request, reply) => {
      emailRequired(request);
      const { email, role, team } = request.body;
      const link = await createInvitation(db, { libraryId: request.user.libraryId, invitedBy: request.user.id, email, role, team });
      try {
        await sendInvitation(request, { email, role, team }, link);
      } catch (error) {
        await deleteLink(db, link.id);
        throw error;
      }
      await record(db, { ...byCaller(request), action: 'invitation.create', target: email, details: { role, team } });
      return reply.code(201).send(await onePending(request.user.libraryId, link.id));
    },
  );

  app.post(
    '/invitations/:id/resend',
    {
      onRequest,
      config: perAdmin,
      schema: { ...common, summary: 'Send a new link (the previous one stops working) valid another 7 days', params: invitationParamsSchema, response: { 200: invitationSchema, ...errors } },
    },
    async (request) => {
      emailRequired(request);
      const renewed = await renewInvitation(db, request.user.libraryId, request.params.id);
      // a failed send leaves a renewed link nobody received: the admin sees the error and resends
      await sendInvitation(request, renewed, renewed);
      await record(db, { ...byCaller(request), action: 'invitation.resend', target: renewed.email });
      return onePending(request.user.libraryId, renewed.id);
    },
  );

  app.delete(
    '/invitations/:id',
    { onRequest, schema: { ...common, summary: 'Revoke a pending invitation (its link stops working)', params: invitationParamsSchema, response: { 200: successResponseSchema, ...errors } } },
    async (request) => {
      const { email } = await revokeInvitation(db, request.user.libraryId, request.params.id);
      await record(db, { ...byCaller(request), action: 'invitation.revoke', target: email });
      return { status: 'success' as const };
    },
  );

  app.get(
    '/sign-up-domains',
    { onRequest, schema: { ...common, summary: 'Email domains whose people may sign up to the library themselves (as end users)', response: { 200: signUpDomainsResponseSchema, ...errors } } },
    async (request) => ({ ...(await signUpDomainsRow(db, request.user.libraryId)), email_configured: mailer.configured }),
  );

  app.put(
    '/sign-up-domains',
    {
      onRequest,
      schema: { ...common, summary: 'Replace the email domains allowed to sign up (empty: sign-up closed)', body: signUpDomainsPutRequestSchema, response: { 200: signUpDomainsResponseSchema, ...errors } },
    },
    async (request) => {
      const { libraryId, id } = request.user;
      const domains = [...new Set(request.body.domains)];
      const before = (await signUpDomainsRow(db, libraryId)).domains;
      await db.transaction().execute(async (trx) => {
        await replaceSignUpDomains(trx, libraryId, domains, id);
        await record(trx, {
          ...byCaller(request),
          action: 'settings.sign_up_domains',
          target: 'sign-up domains',
          details: { added: domains.filter((d) => !before.includes(d)), removed: before.filter((d) => !domains.includes(d)) },
        });
      });
      return { ...(await signUpDomainsRow(db, libraryId)), email_configured: mailer.configured };
    },
  );

  const resolver = options.resolver ?? txtResolver();
  app.post(
    '/sign-up-domains/verify',
    {
      onRequest,
      schema: {
        ...common,
        summary: "Verify a listed sign-up domain by its DNS TXT record (accent-studio-verification=<token>, from GET /sign-up-domains); a domain another library verified is 409",
        body: signUpDomainVerifyRequestSchema,
        response: { 200: signUpDomainsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { libraryId } = request.user;
      await verifySignUpDomain(db, resolver, libraryId, request.body.domain);
      await record(db, { ...byCaller(request), action: 'settings.sign_up_domain_verified', target: request.body.domain, details: { by: 'dns' } });
      return { ...(await signUpDomainsRow(db, libraryId)), email_configured: mailer.configured };
    },
  );
};

export const invitationPublicRoutes: FastifyPluginAsyncZod<InvitationRoutesOptions & { tokens: AccessTokens; cookieSecure: boolean }> = async (app, options) => {
  const { db, mailer } = options;
  const limits = { ...DEFAULT_LINK_RATE_LIMITS, ...options.limits };
  const { signIn } = createSessionIssuer({ db, tokens: options.tokens, cookieSecure: options.cookieSecure });
  const tags = ['auth'];
  const perAddress = limitOf(limits.link, (request) => `link|${request.ip}`);

  /** The library a sign-up names, when it takes sign-ups at all (and email can be sent to verify). */
  async function openLibrary(environment: string, library: string): Promise<{ id: string; domains: string[] } | null> {
    if (!mailer.configured) return null;
    const id = await libraryIdByName(db, environment, library);
    const domains = id ? await signUpDomains(db, id) : [];
    return id && domains.length > 0 ? { id, domains } : null;
  }

  app.get(
    '/invitation',
    {
      config: perAddress,
      schema: { tags, summary: "An emailed link's library, role and address, or why it cannot be used", querystring: linkQuerySchema, response: { 200: linkPreviewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request) => previewLink(db, request.query.token),
  );

  app.post(
    '/invitation/accept',
    {
      config: perAddress,
      schema: {
        tags,
        summary: 'Set name and password through an invitation or sign-up link: creates the account and signs in (sets the refresh cookie)',
        body: acceptLinkRequestSchema,
        response: { 200: signInAnswerSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token, name, title, password } = request.body;
      const accepted = await acceptLink(db, token, { name, title, password });
      await record(db, {
        libraryId: accepted.libraryId,
        actor: { id: accepted.userId, email: accepted.email },
        action: accepted.kind === 'invitation' ? 'invitation.accept' : 'auth.sign_up',
        target: accepted.email,
        ip: request.ip,
      });
      const user = await findSessionUser(db, accepted.userId);
      if (!user) throw new HttpError(409, INVITATION_MESSAGES.linkUsed);
      return signIn(request, reply, user, { persistent: false, method: accepted.kind });
    },
  );

  app.get(
    '/sign-up',
    {
      config: perAddress,
      schema: { tags, summary: 'Whether a library takes sign-ups (the login page links to /sign-up only then)', querystring: signUpAvailabilityQuerySchema, response: { 200: signUpAvailabilityResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request) => ({ allowed: Boolean(await openLibrary(request.query.environment, request.query.library)) }),
  );

  // work left after an answer; the app waits for it when it closes
  const pending = new Set<Promise<void>>();
  const afterAnswer = (work: () => Promise<void>, request: FastifyRequest) => {
    // started once the answer is on its way, not while it is being written
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => request.log.warn({ err: describeError(error) }, 'sign-up email not sent'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });

  // a second limit on the same route, applied by hand (the plugin runs one limiter per request)
  const signUpAddressLimit = app.createRateLimit({ max: limits.signUpAddress.max, timeWindow: limits.signUpAddress.windowMs, keyGenerator: (request) => `sign-up|${request.ip}` });
  app.post(
    '/sign-up',
    {
      preHandler: async (request) => {
        const limit = await signUpAddressLimit(request);
        if (!limit.isAllowed && limit.isExceeded) throw tooMany(request, limit);
      },
      config: {
        rateLimit: {
          max: limits.signUp.max,
          timeWindow: limits.signUp.windowMs,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `sign-up|${request.ip}|${String((request.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`,
          errorResponseBuilder: tooMany,
        },
      },
      schema: {
        tags,
        summary: 'Ask for a sign-up link (an allowed email domain); the answer is the same whether or not the address has an account',
        body: signUpRequestSchema,
        response: { 202: signUpResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { environment, library, email } = request.body;
      const open = await openLibrary(environment, library);
      if (!open) throw new HttpError(403, INVITATION_MESSAGES.signUpClosed);
      const domain = emailDomainOf(email);
      if (!open.domains.includes(domain)) throw new HttpError(400, INVITATION_MESSAGES.domainNotAllowed(domain));
      const base = baseUrlOf(request, options.publicUrl);
      // Answered before anything depends on the address: whether it has an account decides what is
      // stored and sent, and doing that after the answer keeps its time out of the answer's.
      afterAnswer(async () => {
        const outcome = await startSignUp(db, open.id, email);
        try {
          if (outcome.kind === 'link') await mailer.send(signUpMail({ to: email, link: `${base}/sign-up?token=${outcome.token}`, library }));
          else if (outcome.kind === 'existing') await mailer.send(existingAccountMail({ to: email, signInUrl: `${base}/login` }));
        } catch (error) {
          if (outcome.kind === 'link') await deleteLink(db, outcome.id);
          throw error;
        }
        if (outcome.kind === 'link') await record(db, { libraryId: open.id, actor: { id: null, email }, action: 'auth.sign_up', details: { step: 'link sent' }, ip: request.ip });
      }, request);
      return reply.code(202).send({ detail: INVITATION_MESSAGES.signUpSent });
    },
  );
};
