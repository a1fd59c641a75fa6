// GET /api/v1/team: My Team, the library's active members for every signed-in member. Only what a
// colleague may see: name, title, role, team and when they were last active (their newest refresh
// token: made at each sign-in and each hourly renewal, so nothing is written per request). No email,
// no account state, nobody from another library.
import { teamResponseSchema, type TeamMember } from '@accent/shell-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { toIso } from '../db/values.js';
import { apiErrorSchema } from '../http/api-error.js';
import { HttpError } from '../http/errors.js';

export const TEAM_MESSAGES = {
  tooMany: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
} as const;

export async function listTeam(db: Kysely<DB>, libraryId: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.title', 'u.role', 'u.team'])
    .select(sql<Date | null>`(SELECT max(r.created_at) FROM refresh_tokens r WHERE r.user_id = u.id)`.as('last_active'))
    .where('u.library_id', '=', libraryId)
    .where('u.active', '=', true)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ ...r, last_active: r.last_active ? toIso(r.last_active) : null }));
}

export interface TeamRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  rateLimit?: { max: number; windowMs: number };
}

export const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (app, { db, authenticate, rateLimit = { max: 120, windowMs: 60_000 } }) => {
  app.get(
    '/team',
    {
      onRequest: [authenticate],
      config: {
        rateLimit: {
          max: rateLimit.max,
          timeWindow: rateLimit.windowMs,
          hook: 'preHandler',
          keyGenerator: (request) => `team|${request.user.id}`,
          errorResponseBuilder: (_request, context) => {
            const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
            return new HttpError(429, TEAM_MESSAGES.tooMany(seconds), { 'retry-after': String(seconds) });
          },
        },
      },
      schema: {
        tags: ['team'],
        summary: "The library's active members as colleagues see them (name, title, role, team, last active)",
        security: [{ bearerAuth: [] }],
        response: { 200: teamResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({ members: await listTeam(db, request.user.libraryId) }),
  );
};
