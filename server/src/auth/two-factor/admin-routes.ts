// Admin → Users and Settings: the library's two-factor requirement, and resetting a user's factor (a
// lost phone). Both recorded in the audit log.
import { ADMIN_MESSAGES, TWO_FACTOR_TEXTS, twoFactorRequirementSchema } from '@accent/shell-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import { byCaller, record } from '../../audit/audit.js';
import { requireRole, type Guard } from '../guard.js';
import { dropChallenges } from './challenge.js';
import { libraryRequiresTwoFactor, removeFactor, withFactorTables } from './factors.js';

export interface TwoFactorAdminRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
}

const requirementResponseSchema = twoFactorRequirementSchema.extend({
  /** users of the library with two-factor authentication on */
  enrolled_user_ids: z.array(z.string()),
});

export const twoFactorAdminRoutes: FastifyPluginAsyncZod<TwoFactorAdminRoutesOptions> = async (app, { db, authenticate }) => {
  const onRequest = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  async function read(libraryId: string) {
    const enrolled = await withFactorTables(db)
      .selectFrom('user_totp_factors as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select('u.id')
      .where('u.library_id', '=', libraryId)
      .where('f.confirmed_at', 'is not', null)
      .execute();
    return { required: await libraryRequiresTwoFactor(db, libraryId), enrolled_user_ids: enrolled.map((r) => r.id) };
  }

  app.get(
    '/two-factor',
    { onRequest, schema: { ...common, summary: 'Whether the library requires two-factor authentication, and who has it on', response: { 200: requirementResponseSchema, ...errors } } },
    async (request) => read(request.user.libraryId),
  );

  app.put(
    '/two-factor',
    { onRequest, schema: { ...common, summary: 'Require two-factor authentication for the library (or stop requiring it)', body: twoFactorRequirementSchema, response: { 200: requirementResponseSchema, ...errors } } },
    async (request) => {
      const { libraryId } = request.user;
      const { required } = request.body;
      // an administrator without a second factor would lock themselves out of administration
      if (required && request.user.aal < 2) throw new HttpError(409, TWO_FACTOR_TEXTS.enableForYourselfFirst);
      const before = await libraryRequiresTwoFactor(db, libraryId);
      if (before !== required) {
        await db.transaction().execute(async (trx) => {
          await trx.withTables<{ libraries: { require_two_factor: boolean } }>().updateTable('libraries').set({ require_two_factor: required }).where('id', '=', libraryId).execute();
          await record(trx, { ...byCaller(request), action: 'settings.two_factor', details: { required } });
        });
      }
      return read(libraryId);
    },
  );

  app.delete(
    '/users/:id/two-factor',
    {
      onRequest,
      schema: { ...common, summary: "Reset a user's two-factor authentication (they set it up again)", params: z.object({ id: z.uuid({ error: TWO_FACTOR_TEXTS.userNotFound }) }), response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', request.params.id).where('library_id', '=', request.user.libraryId).executeTakeFirst();
      if (!user) throw new HttpError(404, TWO_FACTOR_TEXTS.userNotFound);
      if (!(await removeFactor(db, user.id))) throw new HttpError(409, TWO_FACTOR_TEXTS.notEnabled);
      await dropChallenges(db, user.id);
      await record(db, { ...byCaller(request), action: 'two_factor.reset', target: user.email });
      return reply.code(204).send(null);
    },
  );
};
