// Background agent endpoints that need the server (the agents themselves are read and written through
// the data gateway): Test Configuration (a dry run of the unsaved configuration), Run now, the formatted
// document of a run, and the signed event webhook of event-type agents.
import { timingSafeEqual } from 'node:crypto';
import { apiErrorSchema } from '../http/api-error.js';
import {
  backgroundAgentVersionsResponseSchema,
  backgroundEventTriggerSchema,
  backgroundRunNowResponseSchema,
  backgroundTestRequestSchema,
  backgroundTestResultSchema,
} from '@accent/background-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { byCaller, record } from '../audit/audit.js';
import type { AuthUser } from '../auth/access-token.js';
import { NOT_SIGNED_IN, requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { eventSecretFor, signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../delivery/channels.js';
import { HttpError } from '../http/errors.js';
import { storedBackgroundConfig } from './stored-config.js';
import { publicOrigin } from '../http/origin.js';
import { runnerOfCaller } from '../runtime/access.js';
import { SCHEDULER_MESSAGES, type Scheduler } from '../scheduler/index.js';
import { fileStem } from './deliver.js';
import { renderDocument } from './format.js';
import { retryOptions } from './reconcile.js';
import { BACKGROUND_QUEUES, buildReport, type BackgroundRunJob, type BackgroundRunner } from './run.js';
import { withBackgroundTables } from './tables.js';
import { listBackgroundVersions, restoreBackgroundVersion } from './versions.js';

export const BACKGROUND_ROUTE_MESSAGES = {
  notFound: 'Background agent not found',
  runNotFound: 'Run not found',
  buildersOnly: 'Only administrators and builders can run background agents.',
  notPublished: 'Publish the agent before running it.',
  notOnDemand: 'This agent does not run on demand (Run on demand is off).',
  noOutput: 'This run has no output to download.',
  notEvent: 'This agent is not triggered by events, or is not published.',
  badSignature: `Missing or wrong ${WEBHOOK_SIGNATURE_HEADER}: sign the raw body with HMAC-SHA256 under the library's event secret.`,
  adminsOnly: 'Only administrators can read the event secret.',
} as const;

export interface BackgroundRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  scheduler: Scheduler;
  runner: BackgroundRunner;
  webhookSigningSecret: string;
  retryMinuteSeconds: number;
  /** PUBLIC_URL: the origin of event URLs (else the request's) */
  publicUrl?: string;
  /** event posts per minute per address and agent (default 60) */
  publicRateLimit?: number;
}

const idParams = z.object({ id: z.string().min(1).max(200) });

export const EVENT_SECRET_PATH = '/api/v1/background-agents/event-secret';
const eventSecretResponseSchema = z.object({ secret: z.string(), header: z.string(), algorithm: z.string(), signature: z.string() });

export const backgroundRoutes: FastifyPluginAsyncZod<BackgroundRoutesOptions> = async (app, options) => {
  const { runner, scheduler } = options;
  const db = withBackgroundTables(options.db);
  const common = { tags: ['background agents'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const builders = requireRole(['admin', 'builder'], BACKGROUND_ROUTE_MESSAGES.buildersOnly);
  const origin = (request: FastifyRequest) => publicOrigin(request, options.publicUrl);

  async function callerOf(request: FastifyRequest) {
    const found = await runnerOfCaller(options.db, request.user);
    if (!found) throw new HttpError(401, NOT_SIGNED_IN);
    return found;
  }

  /** The agents a caller can see: the background_agents_select RLS rule of 008. */
  function visibleAgent(user: Pick<AuthUser, 'id' | 'libraryId' | 'role'>, id: string) {
    let query = db.selectFrom('background_agents').selectAll().where('library_id', '=', user.libraryId).where('id', '=', id);
    if (user.role !== 'admin') query = query.where('owner_id', '=', user.id);
    return query.executeTakeFirst();
  }

  async function queueRun(row: { id: string; library_id: string; owner_id: string }, config: ReturnType<typeof storedBackgroundConfig>, trigger: 'manual' | 'event', event?: unknown) {
    if (!scheduler.running) throw new HttpError(503, SCHEDULER_MESSAGES.notRunning);
    const run = await db
      .insertInto('background_runs')
      .values({ agent_id: row.id, library_id: row.library_id, owner_id: row.owner_id, agent_name: config.name, trigger, status: 'queued', format: config.outputFormat, attempt: 1, max_attempts: config.maxRetries + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job: BackgroundRunJob = { agentId: row.id, libraryId: row.library_id, trigger, runId: run.id, ...(event !== undefined ? { event } : {}) };
    await scheduler.boss().send(BACKGROUND_QUEUES.run, job, retryOptions(config, options.retryMinuteSeconds));
    return run.id;
  }

  app.post(
    '/background-agents/test',
    {
      onRequest: [options.authenticate, builders],
      schema: {
        ...common,
        summary: 'Test Configuration: runs the given (unsaved) configuration once — sources, model, formatting — and says what each channel would do; nothing is delivered or stored',
        body: backgroundTestRequestSchema,
        response: { 200: backgroundTestResultSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return runner.test(caller, request.body.config, request.body.id);
    },
  );

  app.post(
    '/background-agents/:id/run',
    {
      onRequest: [options.authenticate, builders],
      schema: {
        ...common,
        summary: 'Run now: a queued run (trigger manual) for a worker; active or paused agents with Run on demand',
        params: idParams,
        response: { 202: backgroundRunNowResponseSchema, ...errors, 409: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const row = await visibleAgent(caller, request.params.id);
      if (!row) throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.notFound);
      const config = storedBackgroundConfig({ ...row, config: row.config });
      if (row.status === 'draft') throw new HttpError(409, BACKGROUND_ROUTE_MESSAGES.notPublished);
      if (!config.runOnDemand) throw new HttpError(409, BACKGROUND_ROUTE_MESSAGES.notOnDemand);
      const runId = await queueRun(row, config, 'manual');
      return reply.code(202).send({ run_id: runId, status: 'queued' as const });
    },
  );

  app.get(
    '/background-agents/:id/runs/:runId/document',
    {
      onRequest: [options.authenticate],
      schema: {
        ...common,
        summary: "A run's output as a file in the agent's output format (pdf, csv, json, html, markdown, slack blocks)",
        params: z.object({ id: z.string().min(1).max(200), runId: z.uuid({ error: 'Run id must be a UUID' }) }),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const row = await visibleAgent(caller, request.params.id);
      if (!row) throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.notFound);
      const run = await db.selectFrom('background_runs').selectAll().where('id', '=', request.params.runId).where('agent_id', '=', row.id).executeTakeFirst();
      if (!run) throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.runNotFound);
      if (!run.output) throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.noOutput);
      const config = storedBackgroundConfig({ ...row, config: row.config });
      const report = buildReport({ ...config, name: run.agent_name || config.name }, run.output, [], run.finished_at ?? run.created_at);
      const doc = await renderDocument(report, run.format);
      const stamp = (run.finished_at ?? run.created_at).toISOString().slice(0, 16).replace(/[:T]/g, '-');
      return reply
        .type(doc.contentType)
        .header('content-disposition', `attachment; filename="${fileStem(run.agent_name || config.name)}-${stamp}.${doc.extension}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.body);
    },
  );

  app.get(
    '/background-agents/:id/versions',
    {
      onRequest: [options.authenticate],
      schema: { ...common, summary: "The agent's versions (one per save that changed it), newest first, each with its fields and configuration", params: idParams, response: { 200: backgroundAgentVersionsResponseSchema, ...errors } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const row = await visibleAgent(caller, request.params.id);
      if (!row) throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.notFound);
      return { versions: await listBackgroundVersions(options.db, row.id) };
    },
  );

  app.post(
    '/background-agents/:id/versions/:number/restore',
    {
      onRequest: [options.authenticate, builders],
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        ...common,
        summary: "Restore: the version's fields and configuration are saved over the agent (its status stays), recorded as a new version",
        params: idParams.extend({ number: z.coerce.number({ error: 'Version must be a number' }).int().min(1, { error: 'Version must be a number from 1' }) }),
        response: { 200: z.object({ number: z.number(), restored: z.number() }), ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      if (caller.role !== 'admin' && caller.role !== 'builder') throw new HttpError(403, BACKGROUND_ROUTE_MESSAGES.buildersOnly);
      const row = await visibleAgent(caller, request.params.id);
      if (!row) throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.notFound);
      const result = await restoreBackgroundVersion(options.db, { agentId: row.id, number: request.params.number, userId: caller.id });
      await record(options.db, { ...byCaller(request), action: 'background.version_restore', target: row.name, details: { agent_id: row.id, restored: result.restored, version: result.number } });
      return result;
    },
  );

  app.get(
    '/background-agents/event-secret',
    {
      onRequest: [options.authenticate, requireRole(['admin'], BACKGROUND_ROUTE_MESSAGES.adminsOnly)],
      schema: {
        ...common,
        summary: "The library's event secret: senders of background-agent events sign the raw body with HMAC-SHA256 under it",
        response: { 200: eventSecretResponseSchema, ...errors },
      },
    },
    async (request) => ({
      secret: eventSecretFor(request.user.libraryId, options.webhookSigningSecret),
      header: WEBHOOK_SIGNATURE_HEADER,
      algorithm: 'HMAC-SHA256',
      signature: 'sha256=<hex of HMAC-SHA256(secret, raw request body)>',
    }),
  );

  app.get(
    '/background-agents/:id/event-trigger',
    {
      onRequest: [options.authenticate, builders],
      schema: { ...common, summary: 'Where and how to send events to an event-type agent', params: idParams, response: { 200: backgroundEventTriggerSchema, ...errors } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const row = await visibleAgent(caller, request.params.id);
      if (!row) throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.notFound);
      return {
        url: `${origin(request)}/api/v1/background-agents/${encodeURIComponent(row.id)}/events`,
        signature_header: WEBHOOK_SIGNATURE_HEADER,
        how: `POST a JSON body with ${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body under the library's event secret> (an administrator reads the secret from GET ${EVENT_SECRET_PATH}; it is not the webhook secret outgoing deliveries are signed with).`,
      };
    },
  );

  app.post(
    '/background-agents/:id/events',
    {
      config: { rateLimit: { max: options.publicRateLimit ?? 60, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `${r.ip}:${r.url.split('?')[0]}` } },
      schema: {
        tags: ['background agents'],
        summary: `An event for a published event-type agent: the JSON body is given to the run. Signed with ${WEBHOOK_SIGNATURE_HEADER}. → 202 {run_id}`,
        params: idParams,
        response: { 202: backgroundRunNowResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await db.selectFrom('background_agents').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      const raw = request.rawBody ?? '';
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
      const presented = Buffer.from((Array.isArray(header) ? header[0] : header) ?? '');
      const expected = Buffer.from(row ? signWebhookBody(raw, eventSecretFor(row.library_id, options.webhookSigningSecret)) : '');
      // unknown agents and wrong signatures look the same
      if (!row || presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw new HttpError(401, BACKGROUND_ROUTE_MESSAGES.badSignature);
      const config = storedBackgroundConfig({ ...row, config: row.config });
      if (row.status !== 'active' || config.scheduleType !== 'event') throw new HttpError(404, BACKGROUND_ROUTE_MESSAGES.notEvent);
      const runId = await queueRun(row, config, 'event', request.body ?? {});
      return reply.code(202).send({ run_id: runId, status: 'queued' as const });
    },
  );
};
