// /api/auth/sessions: the signed-in user's own sign-ins (Profile → Sessions), and ending one of them.
// Signing out several at once is POST /api/auth/logout?scope=others|global (auth/routes.ts).
import { authSessionsResponseSchema, describeDevice, TWO_FACTOR_TEXTS } from '@accent/shell-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import { byCaller, record } from '../../audit/audit.js';
import { toIso } from '../../db/values.js';
import type { Guard } from '../guard.js';
import { endSession, listSessions } from './store.js';

export interface SessionRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, { db, authenticate }) => {
  const common = { tags: ['auth'], security: [{ bearerAuth: [] }] };

  app.get(
    '/sessions',
    { onRequest: [authenticate], schema: { ...common, summary: 'My sign-ins: device, address, when started and last used', response: { 200: authSessionsResponseSchema, 401: apiErrorSchema } } },
    async (request) => {
      const rows = await listSessions(db, request.user.id);
      return {
        sessions: rows.map((s) => ({
          id: s.id,
          device: describeDevice(s.userAgent),
          ip: s.ip,
          last_ip: s.lastIp || s.ip,
          created_at: toIso(s.createdAt),
          last_used_at: toIso(s.lastUsedAt),
          current: s.id === request.user.sessionId,
          two_factor: s.aal === 2,
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: [authenticate],
      schema: {
        ...common,
        summary: 'Sign out one of my sessions (its access tokens stop working at once)',
        params: z.object({ id: z.uuid({ error: TWO_FACTOR_TEXTS.sessionNotFound }) }),
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await endSession(db, request.user.id, request.params.id))) throw new HttpError(404, TWO_FACTOR_TEXTS.sessionNotFound);
      await record(db, { ...byCaller(request), action: 'auth.sign_out', details: { scope: 'one', current: request.params.id === request.user.sessionId } });
      return reply.code(204).send(null);
    },
  );
};
