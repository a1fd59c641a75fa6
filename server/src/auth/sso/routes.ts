// Single sign-on with OpenID Connect. Under /api/v1/admin (administrators): the library's provider,
// checked by discovery before it is saved. Under /api/auth/sso: the login page's question (has this
// library a provider?), the start (to the provider, with PKCE, state and nonce), the callback (the code
// exchanged, the ID token validated, the user found, linked or created, and the session issued like any
// sign-in), and the signed-in user's linked identities.
import { randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  linkedIdentitiesResponseSchema,
  SSO_MESSAGES,
  ssoProviderQuerySchema,
  ssoProviderResponseSchema,
  ssoPutRequestSchema,
  ssoSettingsSchema,
  ssoStartQuerySchema,
  type SsoLoginError,
  type SsoSettings,
} from '@accent/shell-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { byCaller, record } from '../../audit/audit.js';
import type { DB } from '../../db/schema.js';
import { toIso } from '../../db/values.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import type { AccessTokens } from '../access-token.js';
import { requireRole, type Guard } from '../guard.js';
import { AUTH_PATH, createSessionIssuer, originOf } from '../issue-session.js';
import { findSessionUser } from '../users.js';
import { hasPassword, resolveUser } from './accounts.js';
import { configurationFor, discover, finishAuthorization, IssuerProblem, startAuthorization } from './oidc.js';
import { claimLoginState, findProvider, providerNameFor, removeProvider, saveLoginState, saveProvider, sha256, SSO_STATE_TTL_MS, withSso } from './store.js';

export const SSO_PATH = `${AUTH_PATH}/sso`;
export const SSO_CALLBACK_PATH = `${SSO_PATH}/callback`;
/** Ties a sign-in at the provider to the browser that started it (a login link sent to someone else fails). */
const BROWSER_COOKIE = 'accent_sso';

export interface SsoRate {
  max: number;
  windowMs: number;
}
export interface SsoRoutesOptions {
  db: Kysely<DB>;
  masterKey: Buffer;
  /** SSO_ALLOW_HOSTS */
  allowHosts: readonly string[];
  /** PUBLIC_URL: the origin the provider sends the browser back to; else the request's */
  publicUrl?: string;
  /** sign-in starts and callbacks per address (default 30 a minute) */
  rateLimit?: SsoRate;
}

const redirectUriOf = (request: FastifyRequest, publicUrl: string | undefined) => `${publicUrl ?? originOf(request)}${SSO_CALLBACK_PATH}`;

const tooMany = () => new HttpError(429, SSO_MESSAGES.tooManyAttempts);
const perAddress = (rate: SsoRate) => ({ rateLimit: { max: rate.max, timeWindow: rate.windowMs, keyGenerator: (request: FastifyRequest) => request.ip, errorResponseBuilder: tooMany } });

/** Admin → Sign-in. */
export const ssoAdminRoutes: FastifyPluginAsyncZod<SsoRoutesOptions & { authenticate: Guard }> = async (app, options) => {
  const { db, masterKey, authenticate, allowHosts } = options;
  const onRequest = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  // discovery reaches out to the issuer: bounded per administrator
  const perAdmin = { rateLimit: { max: 20, timeWindow: 60_000, hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `sso-admin|${request.user.id}`, errorResponseBuilder: tooMany } };

  async function read(request: FastifyRequest): Promise<SsoSettings> {
    const provider = await findProvider(db, masterKey, request.user.libraryId);
    return {
      configured: Boolean(provider),
      display_name: provider?.displayName ?? '',
      issuer: provider?.issuer ?? '',
      client_id: provider?.clientId ?? '',
      client_secret_set: Boolean(provider?.clientSecret),
      allowed_domains: provider?.allowedDomains ?? [],
      default_role: provider?.defaultRole ?? 'member',
      password_sign_in: provider?.passwordSignIn ?? true,
      redirect_uri: redirectUriOf(request, options.publicUrl),
      updated_at: provider ? toIso(provider.updatedAt) : null,
    };
  }

  app.get('/sso', { onRequest, schema: { ...common, summary: "The library's identity provider for single sign-on (never its secret)", response: { 200: ssoSettingsSchema, ...errors } } }, read);

  app.put(
    '/sso',
    {
      onRequest,
      config: perAdmin,
      schema: { ...common, summary: "Set the library's identity provider (checked by discovery first); an empty secret keeps the stored one", body: ssoPutRequestSchema, response: { 200: ssoSettingsSchema, ...errors } },
    },
    async (request) => {
      const { libraryId, id } = request.user;
      const body = request.body;
      const before = await findProvider(db, masterKey, libraryId);
      const clientSecret = body.client_secret.trim() || before?.clientSecret || '';
      if (!clientSecret) throw new HttpError(400, SSO_MESSAGES.secretRequired);
      const allowedDomains = [...new Set(body.allowed_domains)];
      try {
        await discover({ issuer: body.issuer, clientId: body.client_id, clientSecret }, { allowHosts });
      } catch (error) {
        if (error instanceof IssuerProblem) throw new HttpError(400, error.message);
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        await saveProvider(trx, masterKey, { libraryId, displayName: body.display_name, issuer: body.issuer, clientId: body.client_id, clientSecret, allowedDomains, defaultRole: body.default_role, passwordSignIn: body.password_sign_in }, id);
        // what changed, never the secret itself
        const changed = before
          ? [
              before.displayName !== body.display_name && 'display_name',
              before.issuer !== body.issuer && 'issuer',
              before.clientId !== body.client_id && 'client_id',
              before.clientSecret !== clientSecret && 'client_secret',
              before.allowedDomains.join() !== allowedDomains.join() && 'allowed_domains',
              before.defaultRole !== body.default_role && 'default_role',
              before.passwordSignIn !== body.password_sign_in && 'password_sign_in',
            ].filter(Boolean)
          : ['created'];
        await record(trx, { ...byCaller(request), action: 'settings.sso', target: body.display_name, details: { changed, issuer: body.issuer, password_sign_in: body.password_sign_in } });
      });
      return read(request);
    },
  );

  app.delete(
    '/sso',
    { onRequest, schema: { ...common, summary: "Remove the library's identity provider (linked identities stay for a provider set up again)", response: { 200: ssoSettingsSchema, ...errors } } },
    async (request) => {
      await db.transaction().execute(async (trx) => {
        if (await removeProvider(trx, request.user.libraryId)) await record(trx, { ...byCaller(request), action: 'settings.sso', target: 'single sign-on', details: { changed: ['removed'] } });
      });
      return read(request);
    },
  );
};

/** /api/auth/sso: provider, start, callback (public) and the signed-in user's identities. */
export const ssoAuthRoutes: FastifyPluginAsyncZod<SsoRoutesOptions & { authenticate: Guard; tokens: AccessTokens; cookieSecure: boolean }> = async (app, options) => {
  const { db, masterKey, allowHosts, authenticate } = options;
  const rate = options.rateLimit ?? { max: 30, windowMs: 60_000 };
  const { signIn } = createSessionIssuer({ db, tokens: options.tokens, cookieSecure: options.cookieSecure });

  const toLogin = (reply: FastifyReply, code: SsoLoginError) => reply.redirect(`/login?error=${code}`, 303);

  app.get(
    '/provider',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } }, schema: { tags: ['auth'], summary: "The library's single sign-on provider name, or null", querystring: ssoProviderQuerySchema, response: { 200: ssoProviderResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema } } },
    async (request) => ({ name: (await providerNameFor(db, request.query.environment, request.query.library))?.name ?? null }),
  );

  app.get(
    '/start',
    { config: perAddress(rate), schema: { tags: ['auth'], summary: "Go to the library's identity provider to sign in (a redirect)", querystring: ssoStartQuerySchema, response: { 400: apiErrorSchema, 429: apiErrorSchema } } },
    async (request, reply) => {
      const found = await providerNameFor(db, request.query.environment, request.query.library);
      const provider = found && (await findProvider(db, masterKey, found.libraryId));
      if (!provider) return toLogin(reply, 'sso_unavailable');
      let authorization: Awaited<ReturnType<typeof startAuthorization>>;
      try {
        authorization = await startAuthorization(await configurationFor(provider, { allowHosts }), redirectUriOf(request, options.publicUrl));
      } catch (error) {
        request.log.warn({ err: error, libraryId: provider.libraryId }, 'single sign-on: the provider could not be reached');
        return toLogin(reply, 'sso_failed');
      }
      const browser = randomBytes(32).toString('base64url');
      await saveLoginState(db, { ...authorization, browser, libraryId: provider.libraryId, rememberMe: request.query.remember_me === 'true' });
      // Lax: the provider sends the browser back with a cross-site top-level GET, which Lax cookies follow
      reply.setCookie(BROWSER_COOKIE, browser, { httpOnly: true, sameSite: 'lax', secure: options.cookieSecure, path: SSO_PATH, maxAge: SSO_STATE_TTL_MS / 1000 });
      return reply.redirect(authorization.url.toString(), 303);
    },
  );

  app.get(
    '/callback',
    {
      config: perAddress(rate),
      schema: {
        tags: ['auth'],
        summary: 'Where the provider sends the browser back: signs in and redirects into the studio, or to the login page with a reason',
        querystring: z.object({ state: z.string().max(500).optional(), code: z.string().max(4000).optional(), error: z.string().max(200).optional() }).loose(),
        response: { 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { state, error } = request.query;
      const browser = request.cookies[BROWSER_COOKIE];
      reply.clearCookie(BROWSER_COOKIE, { httpOnly: true, sameSite: 'lax', secure: options.cookieSecure, path: SSO_PATH });
      if (!state) return toLogin(reply, 'sso_failed');
      const started = await claimLoginState(db, state);
      if (!started || !browser || sha256(browser) !== started.browser_hash) return toLogin(reply, 'sso_expired');
      const provider = await findProvider(db, masterKey, started.library_id);
      if (!provider) return toLogin(reply, 'sso_unavailable');
      const fail = async (code: SsoLoginError, reason: string) => {
        await record(db, { libraryId: provider.libraryId, actor: { id: null, email: '' }, action: 'auth.sign_in_failed', details: { method: 'sso', reason }, ip: request.ip });
        return toLogin(reply, code);
      };
      if (error) return fail(error === 'access_denied' ? 'sso_cancelled' : 'sso_failed', `provider answered ${error}`);

      let identity: Awaited<ReturnType<typeof finishAuthorization>>;
      try {
        const configuration = await configurationFor(provider, { allowHosts });
        const callbackUrl = new URL(redirectUriOf(request, options.publicUrl));
        callbackUrl.search = new URL(request.url, 'http://callback').search;
        identity = await finishAuthorization(configuration, callbackUrl, { state, nonce: started.nonce, codeVerifier: started.code_verifier });
      } catch (problem) {
        // the provider's or the library's words go to the log only; the page gets a fixed sentence
        request.log.warn({ err: problem, libraryId: provider.libraryId }, 'single sign-on: the provider answer was refused');
        return fail('sso_failed', problem instanceof Error ? problem.message.slice(0, 200) : 'refused');
      }
      const resolution = await resolveUser(db, provider, identity, request.ip);
      if ('error' in resolution) return fail(resolution.error, resolution.reason);
      const user = await findSessionUser(db, resolution.userId);
      if (!user?.active) return fail('sso_account', 'deactivated');
      const answer = await signIn(request, reply, user, { persistent: started.remember_me, method: 'sso' });
      // a user with a second factor finishes on the login page, which opens on the code step
      return reply.redirect('second_factor_required' in answer ? '/login' : '/', 303);
    },
  );

  const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  const signedIn = { onRequest: [authenticate] };

  app.get(
    '/identities',
    { ...signedIn, schema: { tags: ['auth'], summary: "The signed-in user's linked sign-in accounts", security: [{ bearerAuth: [] }], response: { 200: linkedIdentitiesResponseSchema, ...errors } } },
    async (request) => {
      const rows = await withSso(db)
        .selectFrom('user_identities as i')
        .leftJoin('library_sso_providers as p', (join) => join.onRef('p.library_id', '=', 'i.library_id').onRef('p.issuer', '=', 'i.issuer'))
        .select(['i.id', 'i.issuer', 'i.email', 'i.created_at', 'i.last_used_at', 'p.display_name'])
        .where('i.user_id', '=', request.user.id)
        .orderBy('i.created_at')
        .execute();
      const user = await db.selectFrom('users').select('password_hash').where('id', '=', request.user.id).executeTakeFirstOrThrow();
      return {
        identities: rows.map((row) => ({
          id: row.id,
          provider: row.display_name ?? new URL(row.issuer).host,
          issuer: row.issuer,
          email: row.email,
          created_at: toIso(row.created_at),
          last_used_at: toIso(row.last_used_at),
        })),
        has_password: hasPassword(user.password_hash),
      };
    },
  );

  app.delete(
    '/identities/:id',
    {
      ...signedIn,
      config: { rateLimit: { max: 30, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request: FastifyRequest) => `sso-unlink|${request.user.id}`, errorResponseBuilder: tooMany } },
      schema: { tags: ['auth'], summary: 'Unlink one of your sign-in accounts (only while you have a password)', security: [{ bearerAuth: [] }], params: z.object({ id: z.uuid({ error: SSO_MESSAGES.identityNotFound }) }), response: { 204: z.null(), 400: apiErrorSchema, 429: apiErrorSchema, ...errors } },
    },
    async (request, reply) => {
      const user = await db.selectFrom('users').select('password_hash').where('id', '=', request.user.id).executeTakeFirstOrThrow();
      const identity = await withSso(db).selectFrom('user_identities').select(['id', 'issuer', 'email']).where('id', '=', request.params.id).where('user_id', '=', request.user.id).executeTakeFirst();
      if (!identity) throw new HttpError(404, SSO_MESSAGES.identityNotFound);
      if (!hasPassword(user.password_hash)) throw new HttpError(409, SSO_MESSAGES.cannotUnlinkLast);
      await db.transaction().execute(async (trx) => {
        await withSso(trx).deleteFrom('user_identities').where('id', '=', identity.id).execute();
        await record(trx, { ...byCaller(request), action: 'sso.unlink', target: identity.email, details: { issuer: identity.issuer } });
      });
      return reply.code(204).send(null);
    },
  );
};
