// /api/v1/pages: what makes a page public, for administrators and builders (the browser saves drafts
// itself through the data gateway): publish, unpublish, prospect personalisations.
import { apiErrorSchema } from '../http/api-error.js';
import { crmDataPropsSchema, personalizationInputSchema, publishedPageUrl, publishPageResponseSchema } from '@accent/pages-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { byCaller, record } from '../audit/audit.js';
import { NOT_SIGNED_IN, requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { publicOrigin } from '../http/origin.js';
import { runnerOfCaller, type UserRunner } from '../runtime/access.js';
import { createPersonalization, listPersonalizations, PAGE_MESSAGES, publishPage, unpublishPage } from './service.js';

export interface PageRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  /** PUBLIC_URL: the origin of published pages' URLs (else the request's) */
  publicUrl?: string;
}

const pageParams = z.object({ id: z.string().min(1).max(200) });

export const personalizationResponseSchema = z.object({
  id: z.string(),
  page_id: z.string(),
  library_id: z.string(),
  token: z.string(),
  prospect_name: z.string(),
  crm_data: crmDataPropsSchema.partial(),
  created_by: z.string(),
  created_at: z.string(),
  /** absolute URL of the prospect's link: /p/{slug}?p={token} */
  url: z.string(),
});
export const unpublishPageResponseSchema = z.object({ status: z.literal('unpublished') });

export const pageRoutes: FastifyPluginAsyncZod<PageRoutesOptions> = async (app, { db, authenticate, publicUrl }) => {
  const common = { tags: ['pages'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  const onRequest = [authenticate, requireRole(['admin', 'builder'], PAGE_MESSAGES.buildersOnly)];

  /** The caller as the database knows them now (active, same library, still an admin or builder). */
  async function builderOf(request: FastifyRequest): Promise<UserRunner> {
    const found = await runnerOfCaller(db, request.user);
    if (!found) throw new HttpError(401, NOT_SIGNED_IN);
    if (found.role !== 'admin' && found.role !== 'builder') throw new HttpError(403, PAGE_MESSAGES.buildersOnly);
    return found;
  }

  const pageUrl = (request: FastifyRequest, slug: string, token?: string) => publishedPageUrl(publicOrigin(request, publicUrl), slug, token);

  app.post(
    '/pages/:id/publish',
    {
      onRequest,
      schema: {
        ...common,
        summary: "Publish the page's saved draft: a new immutable version at its stable /p/{slug} URL",
        params: pageParams,
        response: { 200: publishPageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const published = await publishPage(db, { publisher: await builderOf(request), pageId: request.params.id });
      await record(db, { ...byCaller(request), action: 'page.publish', target: published.slug, details: { page_id: published.id, version: published.version } });
      return { ...published, url: pageUrl(request, published.slug) };
    },
  );

  app.post(
    '/pages/:id/unpublish',
    {
      onRequest,
      schema: { ...common, summary: 'Take the page off its public URL (the slug is kept for a later publish)', params: pageParams, response: { 200: unpublishPageResponseSchema, ...errors } },
    },
    async (request) => {
      const caller = await builderOf(request);
      await unpublishPage(db, caller.libraryId, request.params.id);
      await record(db, { ...byCaller(request), action: 'page.unpublish', details: { page_id: request.params.id } });
      return { status: 'unpublished' as const };
    },
  );

  app.post(
    '/pages/:id/personalizations',
    {
      onRequest,
      schema: {
        ...common,
        summary: "A prospect-specific link to a published page: its crmData overrides the page's",
        params: pageParams,
        body: personalizationInputSchema,
        response: { 201: personalizationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await builderOf(request);
      const { row, slug } = await createPersonalization(db, {
        libraryId: caller.libraryId,
        userId: caller.id,
        pageId: request.params.id,
        prospectName: request.body.prospect_name,
        crmData: request.body.crm_data,
      });
      return reply.code(201).send({ ...row, url: pageUrl(request, slug, row.token) });
    },
  );

  app.get(
    '/pages/:id/personalizations',
    {
      onRequest,
      schema: {
        ...common,
        summary: "A page's personalisations, newest first",
        params: pageParams,
        response: { 200: z.object({ personalizations: z.array(personalizationResponseSchema) }), ...errors },
      },
    },
    async (request) => {
      const caller = await builderOf(request);
      const { rows, slug } = await listPersonalizations(db, caller.libraryId, request.params.id);
      // before the first publish there is no URL yet (and no personalisation either)
      return { personalizations: rows.map((row) => ({ ...row, url: slug ? pageUrl(request, slug, row.token) : '' })) };
    },
  );
};
