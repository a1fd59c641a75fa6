// Mission endpoints that need the server (the rows themselves are read and written through the data
// gateway): run now, stats, and the webhook signing secret.
import { agentMissionStats } from '@accent/missions-common';
import { apiErrorSchema } from '../http/api-error.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { getAgentForRun } from '../agents/service.js';
import { NOT_SIGNED_IN, requireRole, type Guard } from '../auth/guard.js';
import type { AuthUser } from '../auth/access-token.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { canRun, runnerOfCaller, storedAccess } from '../runtime/access.js';
import { RUN_MESSAGES } from '../runtime/errors.js';
import { SCHEDULER_MESSAGES, SchedulerUnavailableError, type Scheduler } from '../scheduler/index.js';
import { WEBHOOK_SIGNATURE_HEADER, webhookSecretFor } from './deliver.js';
import type { MissionRunner } from './run.js';
import { withMissionTables } from './tables.js';

export const MISSION_ROUTE_MESSAGES = {
  notFound: 'Mission not found',
  adminsOnly: 'Only administrators can do this.',
} as const;

export const missionRunResponseSchema = z.object({ run_id: z.string() });
/** `agent` empty or absent: every agent. */
export const missionStatsQuerySchema = z.object({ agent: z.string().trim().max(200).optional() });
export const missionStatsResponseSchema = z.object({
  totalMissions: z.number().int(),
  activeMissions: z.number().int(),
  totalExecutions: z.number().int(),
  /** null when none of the missions has run */
  averageSuccessRate: z.number().nullable(),
});
export const webhookSecretResponseSchema = z.object({ secret: z.string(), header: z.string(), algorithm: z.string(), signature: z.string() });

export interface MissionRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  scheduler: Scheduler;
  runner: MissionRunner;
  webhookSigningSecret: string;
}

/** The missions a caller can see — the same rule as the missions_select RLS policy (005). */
export function visibleMissions(database: Kysely<DB>, user: Pick<AuthUser, 'id' | 'libraryId' | 'role'>) {
  const db = withMissionTables(database);
  const query = db.selectFrom('missions').where('library_id', '=', user.libraryId);
  return user.role === 'admin' ? query : query.where((eb) => eb.or([eb('user_id', '=', user.id), eb('scope', '=', 'library')]));
}

export const missionRoutes: FastifyPluginAsyncZod<MissionRoutesOptions> = async (app, { db, authenticate, scheduler, runner, webhookSigningSecret }) => {
  const common = { tags: ['missions'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  async function runnerOf(request: FastifyRequest) {
    const caller = await runnerOfCaller(db, request.user);
    if (!caller) throw new HttpError(401, NOT_SIGNED_IN);
    return caller;
  }

  app.post(
    '/missions/:id/run',
    {
      onRequest: [authenticate],
      schema: {
        ...common,
        summary: 'Run a mission now: queued for a worker; the run is a mission_runs row (trigger manual)',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 202: missionRunResponseSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = await runnerOf(request);
      const mission = await visibleMissions(db, { id: caller.id, libraryId: caller.libraryId, role: caller.role })
        .select(['id', 'library_id', 'user_id', 'agent_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!mission) throw new HttpError(404, MISSION_ROUTE_MESSAGES.notFound);
      const agent = await getAgentForRun(db, caller.libraryId, mission.agent_id);
      if (!agent) throw new HttpError(404, RUN_MESSAGES.agentNotFound(mission.agent_id));
      if (!canRun(storedAccess(agent.config.settings), caller)) throw new HttpError(403, RUN_MESSAGES.noAccess(mission.agent_id));
      if (!scheduler.running) throw new HttpError(503, SCHEDULER_MESSAGES.notRunning);
      try {
        const runId = await runner.queueManualRun(scheduler.boss(), mission, caller.id);
        return reply.code(202).send({ run_id: runId });
      } catch (error) {
        if (error instanceof SchedulerUnavailableError) throw new HttpError(503, SCHEDULER_MESSAGES.notRunning);
        throw error;
      }
    },
  );

  app.get(
    '/missions/stats',
    {
      onRequest: [authenticate],
      schema: {
        ...common,
        summary: "Mission stats (of one agent with ?agent=<agent name>) over the missions the caller can see; averageSuccessRate is the share of their runs that succeeded, 2 decimals (null before any run)",
        querystring: missionStatsQuerySchema,
        response: { 200: missionStatsResponseSchema, ...errors },
      },
    },
    async (request) => {
      let query = visibleMissions(db, request.user).select(['status', 'execution_count', 'success_rate']);
      if (request.query.agent) query = query.where('agent_id', '=', request.query.agent);
      const rows = await query.execute();
      return agentMissionStats(rows.map((r) => ({ status: r.status, execution_count: Number(r.execution_count), success_rate: Number(r.success_rate) })));
    },
  );

  app.get(
    '/missions/webhook-secret',
    {
      onRequest: [authenticate, requireRole(['admin'], MISSION_ROUTE_MESSAGES.adminsOnly)],
      schema: {
        ...common,
        summary: "The library's webhook signing secret: receivers check the signature header against HMAC-SHA256(secret, raw body)",
        response: { 200: webhookSecretResponseSchema, ...errors },
      },
    },
    async (request) => ({
      secret: webhookSecretFor(request.user.libraryId, webhookSigningSecret),
      header: WEBHOOK_SIGNATURE_HEADER,
      algorithm: 'HMAC-SHA256',
      signature: 'sha256=<hex of HMAC-SHA256(secret, raw request body)>',
    }),
  );
};
