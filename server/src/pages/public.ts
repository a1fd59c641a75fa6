// What anonymous visitors of a published page reach, with no session: the page (GET /p/{slug}, HTML;
// GET /api/public/pages/:slug, JSON) and its chat (POST /api/public/pages/:slug/chat), which runs only
// the page's bound agent, as a page visitor (runtime/access.ts pageVisitor), rate-limited per visitor.
// Nothing else is reachable without a token: /api/v1/* and /rest/v1/* answer 401.
import { apiErrorSchema } from '../http/api-error.js';
import { pageAgentParams, PUBLIC_PAGES_API, PUBLISHED_PAGE_PATH, publicChatRequestSchema, publicPageSchema } from '@accent/pages-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { getAgentForRun } from '../agents/service.js';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { pageVisitor } from '../runtime/access.js';
import { RunError } from '../runtime/errors.js';
import { replyWithRun } from '../runtime/reply.js';
import type { Runtime } from '../runtime/run-agent.js';
import { notPublishedHtml, publishedPageHtml, readPublishedBundle } from './published-html.js';
import { findPublishedPage, PAGE_MESSAGES, personalizationData, publicPageOf } from './service.js';
import { visitorOf, visitorThread } from './visitor.js';

export interface PublicPageRoutesOptions {
  db: Kysely<DB>;
  runtime: Runtime;
  config: Pick<Config, 'staticRoot' | 'cookieSecure' | 'pageChatRateLimit'>;
}

/** A chat message is at most 4,000 characters: 32 KB is plenty, and all a visitor may send. */
export const PUBLIC_CHAT_BODY_LIMIT = 32 * 1024;
const RATE_WINDOW_MS = 60_000;

export const PUBLIC_PAGE_TEXTS = {
  bundleMissing: 'Published pages are not available: the pages app is not built (run pnpm build, then restart the server).',
} as const;

const slugParams = z.object({ slug: z.string().max(200) });
const tokenQuery = z.object({ p: z.string().max(200).optional() });

/** The page's agent cannot run (deleted, no key, misconfigured): the visitor gets no details, the log does. */
function unavailable(request: FastifyRequest, detail: string, status: number): HttpError {
  request.log.warn({ detail, status }, 'a published page could not run its agent');
  return new HttpError(503, PAGE_MESSAGES.assistantUnavailable);
}

/**
 * Errors of the runtime as a visitor may see them: no agent names, keys or provider details (the run's
 * trace keeps them for the page's builders); the agent's own rate limit reads like the page's.
 */
function forVisitor(request: FastifyRequest, error: unknown): unknown {
  if (!(error instanceof RunError) || error.code === 'cancelled') return error;
  if (error.code === 'rate_limited') return new HttpError(429, PAGE_MESSAGES.tooManyMessages, error.headers);
  return unavailable(request, error.detail, error.statusCode);
}

export const publicPageRoutes: FastifyPluginAsyncZod<PublicPageRoutesOptions> = async (app, { db, runtime, config }) => {
  const tags = ['pages (public)'];

  async function published(slug: string) {
    const page = await findPublishedPage(db, slug);
    if (!page) throw new HttpError(404, PAGE_MESSAGES.notPublished);
    return page;
  }

  app.get(
    `${PUBLIC_PAGES_API}/:slug`,
    {
      schema: {
        tags,
        summary: 'A published page as its visitors see it (no session); ?p= a personalisation token',
        params: slugParams,
        querystring: tokenQuery,
        response: { 200: publicPageSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await published(request.params.slug);
      visitorOf(request, reply, config.cookieSecure);
      // personalised answers must not be kept by shared caches
      reply.header('cache-control', 'no-store');
      return publicPageOf(page, await personalizationData(db, page.id, request.query.p));
    },
  );

  app.post(
    `${PUBLIC_PAGES_API}/:slug/chat`,
    {
      bodyLimit: PUBLIC_CHAT_BODY_LIMIT,
      config: {
        rateLimit: {
          max: config.pageChatRateLimit,
          timeWindow: RATE_WINDOW_MS,
          // per visitor address and page: one busy page does not silence the others
          keyGenerator: (request) => `${request.ip}|${(request.params as { slug?: string }).slug ?? ''}`,
          errorResponseBuilder: (_request, context) => new HttpError(429, PAGE_MESSAGES.tooManyMessages, { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
        },
      },
      schema: {
        tags,
        summary: "Ask the page's assistant (no session): text/event-stream of run events with Accept: text/event-stream, else the answer as text/plain",
        params: slugParams,
        body: publicChatRequestSchema,
        response: { 200: z.string(), 400: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await published(request.params.slug);
      const { message, thread_id, p } = request.body;
      // the agent's params come from the published version and the personalisation, never from the visitor
      const params = pageAgentParams(page.components, await personalizationData(db, page.id, p));
      const agent = await getAgentForRun(db, page.libraryId, page.agentName);
      if (!agent) throw unavailable(request, `Agent "${page.agentName}" not found`, 404);
      const visitor = visitorOf(request, reply, config.cookieSecure);
      return replyWithRun(request, reply, (input) => runtime.runAgent(input).catch((error: unknown) => Promise.reject(forVisitor(request, error))), {
        libraryId: page.libraryId,
        user: pageVisitor(page.libraryId, page.agentName),
        agentName: page.agentName,
        query: message,
        params,
        threadId: visitorThread(page.id, visitor, thread_id),
        useHistory: agent.config.use_history,
        saveHistory: agent.config.save_history,
        maxHistoryItems: agent.config.max_history_items,
        source: 'page',
      });
    },
  );

  // The published page itself: the standalone bundle, never the studio's shell (static/sites.ts keeps
  // /p out of the single-page-app fallback). HEAD is answered too (fastify's automatic HEAD route).
  app.get(
    `${PUBLISHED_PAGE_PATH}/:slug`,
    { schema: { hide: true, params: slugParams, querystring: tokenQuery } },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex').header('x-content-type-options', 'nosniff');
      const page = await findPublishedPage(db, request.params.slug);
      if (!page) return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notPublishedHtml(PAGE_MESSAGES.notPublished));
      const bundle = await readPublishedBundle(config.staticRoot);
      if (bundle === null) return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(PUBLIC_PAGE_TEXTS.bundleMissing);
      visitorOf(request, reply, config.cookieSecure);
      const data = publicPageOf(page, await personalizationData(db, page.id, request.query.p));
      return (
        reply
          // revalidated every time (a new publish shows at once), never kept by shared caches (personalised data)
          .header('cache-control', 'no-cache, private')
          // a personalised URL (?p=token) must not leak to other sites through links on the page
          .header('referrer-policy', 'same-origin')
          .type('text/html; charset=utf-8')
          .send(publishedPageHtml(bundle, data))
      );
    },
  );
};
