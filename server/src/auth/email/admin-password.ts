// Admin → Users → Set password: the way back for a user who cannot get email (no SMTP on the server, a
// dead mailbox). Held to the rules users choose by; the user's sessions end as after a reset.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ADMIN_MESSAGES, adminSetPasswordRequestSchema, adminUserParamsSchema, detailResponseSchema, EMAIL_SIGN_IN_TEXTS, passwordProblem } from '@accent/shell-common';
import { byCaller, record } from '../../audit/audit.js';
import type { DB } from '../../db/schema.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import { requireRole, type Guard } from '../guard.js';
import { hashPassword } from '../passwords.js';
import { revokeUserSessions } from '../refresh-tokens.js';

export const adminPasswordRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; authenticate: Guard }> = async (app, { db, authenticate }) => {
  app.put(
    '/users/:id/password',
    {
      onRequest: [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)],
      config: { rateLimit: { max: 30, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => `admin-password|${request.user.id}` } },
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: "Set a user's password (the user's sessions end)",
        params: adminUserParamsSchema,
        body: adminSetPasswordRequestSchema,
        response: { 200: detailResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // their own goes through Profile, which asks for the current one and keeps this session
      if (id === request.user.id) throw new HttpError(400, EMAIL_SIGN_IN_TEXTS.ownPasswordInProfile);
      const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', id).where('library_id', '=', request.user.libraryId).executeTakeFirst();
      if (!user) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
      const problem = passwordProblem(request.body.password, user.email);
      if (problem) throw new HttpError(400, problem);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        await revokeUserSessions(trx, user.id);
        await record(trx, { ...byCaller(request), action: 'user.update', target: user.email, details: { password: 'set by an administrator' } });
      });
      return { detail: EMAIL_SIGN_IN_TEXTS.passwordSetByAdmin(user.email) };
    },
  );
};
