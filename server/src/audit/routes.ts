// GET /api/v1/admin/audit: the admin's library's audit log, filtered and paged, newest first.
import { ADMIN_MESSAGES, auditQuerySchema, auditResponseSchema } from '@accent/shell-common';
import { apiErrorSchema } from '../http/api-error.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { listAudit } from './audit.js';

export interface AuditRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
}

export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { db, authenticate }) => {
  app.get(
    '/audit',
    {
      onRequest: [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)],
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Who did what and when in the library: sign-ins, users, credentials, agents, remotes, pages, flows',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listAudit(db, request.user.libraryId, request.query),
  );
};
