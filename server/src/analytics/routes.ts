// GET /api/v1/analytics (administrators: the library, or one user; everyone else: their own runs) and
// GET/PUT /api/v1/admin/model-prices (administrators; changes go to the audit log).
import {
  ADMIN_MESSAGES,
  ANALYTICS_MESSAGES,
  analyticsQuerySchema,
  analyticsResponseSchema,
  modelPricesPutRequestSchema,
  modelPricesResponseSchema,
} from '@accent/shell-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { byCaller, record } from '../audit/audit.js';
import { requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { apiErrorSchema } from '../http/api-error.js';
import { HttpError } from '../http/errors.js';
import { analytics } from './aggregates.js';
import { diffPrices, readPrices, replacePrices } from './prices.js';

export interface AnalyticsRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  /** analytics requests per minute per user (each runs several aggregate queries) */
  rateLimitPerMinute?: number;
}

/** A time zone the server's clock library knows (PostgreSQL reads the same IANA names). */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const analyticsRequestSchema = analyticsQuerySchema.superRefine((q, ctx) => {
  if (!isTimeZone(q.tz)) ctx.addIssue({ code: 'custom', path: ['tz'], message: ANALYTICS_MESSAGES.unknownTimeZone(q.tz).replace(/^tz: /, '') });
});

const tooMany = (_request: FastifyRequest, context: { ttl: number }) => {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new HttpError(429, `Too many analytics requests. Try again in ${seconds} seconds.`, { 'retry-after': String(seconds) });
};

export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, { db, authenticate, rateLimitPerMinute = 60 }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

  app.get(
    '/analytics',
    {
      onRequest: [authenticate],
      config: {
        rateLimit: {
          max: rateLimitPerMinute,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `analytics|${request.user.id}`,
          errorResponseBuilder: tooMany,
        },
      },
      schema: {
        tags: ['analytics'],
        security: [{ bearerAuth: [] }],
        summary: 'Runs over time, success rate, latency, tokens, cost, top agents and failures of the library (administrators) or of your own runs',
        querystring: analyticsRequestSchema,
        response: { 200: analyticsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = request;
      const isAdmin = user.role === 'admin';
      if (!isAdmin && request.query.user && request.query.user !== user.id) throw new HttpError(403, ANALYTICS_MESSAGES.userFilterAdminsOnly);
      const scope = isAdmin
        ? { libraryId: user.libraryId, userId: request.query.user ?? null, scope: 'library' as const }
        : { libraryId: user.libraryId, userId: user.id, scope: 'own' as const };
      return analytics(db, request.query, scope);
    },
  );

  const adminOnly = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/admin/model-prices',
    { onRequest: adminOnly, schema: { ...common, summary: "The library's price per provider and model (USD per million tokens)", response: { 200: modelPricesResponseSchema, ...errors } } },
    async (request) => readPrices(db, request.user.libraryId),
  );

  app.put(
    '/admin/model-prices',
    {
      onRequest: adminOnly,
      schema: { ...common, summary: "Replace the library's price table (rows left out are removed); costs of runs recorded from now on use it", body: modelPricesPutRequestSchema, response: { 200: modelPricesResponseSchema, ...errors } },
    },
    async (request) => {
      const { libraryId, id } = request.user;
      const before = await readPrices(db, libraryId);
      await db.transaction().execute(async (trx) => {
        await replacePrices(trx, libraryId, id, request.body.prices);
        await record(trx, { ...byCaller(request), action: 'settings.model_prices', target: 'model prices', details: diffPrices(before.prices, request.body.prices) });
      });
      return readPrices(db, libraryId);
    },
  );
};
