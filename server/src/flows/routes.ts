// Flow endpoints that need the server (the rows themselves are read and written through the data gateway,
// table `flows`): Test Flow, deploy / undeploy, the deployment's state, the public webhook and form, and
// a flow's recent runs. Visibility is the flows_select RLS rule of 007: the caller's library, and the
// caller's own flows unless an administrator; changing things needs the admin or builder role.
import { apiErrorSchema } from '../http/api-error.js';
import {
  FLOW_RUN_STATUSES,
  FLOW_RUN_TRIGGERS,
  FLOW_VERSION_TEXTS,
  flowRunNodeResultSchema,
  flowRunSchema,
  flowTestRequestSchema,
  flowVersionCreateSchema,
  flowVersionsResponseSchema,
} from '@accent/flows-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { byCaller, record } from '../audit/audit.js';
import type { AuthUser } from '../auth/access-token.js';
import { NOT_SIGNED_IN, requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { toIso } from '../db/values.js';
import { HttpError } from '../http/errors.js';
import { publicOrigin } from '../http/origin.js';
import { runnerOfCaller } from '../runtime/access.js';
import type { Scheduler } from '../scheduler/index.js';
import {
  DeployError,
  FLOW_SECRET_HEADER,
  flowSecretMatches,
  saveDeployment,
  scheduleFlow,
  startTriggerOf,
  unscheduleFlow,
} from './deploy.js';
import { FlowValidationError, prepareFlow } from './engine.js';
import { FORM_CSP, formPayload, formSpecOf, renderForm, renderSubmitted } from './form.js';
import type { FlowRunner } from './runner.js';
import { withFlowTables } from './tables.js';
import { listFlowVersions, recordFlowVersion, restoreFlowVersion } from './versions.js';

export const FLOW_ROUTE_MESSAGES = {
  notFound: 'Flow not found',
  buildersOnly: 'Only administrators and builders can do this.',
  badSecret: `Missing or wrong flow secret: send it in the ${FLOW_SECRET_HEADER} header (or ?secret=).`,
  formNotFound: 'This form is not available.',
} as const;

const idParams = z.object({ id: z.string().min(1).max(200) });

export const flowTestBodySchema = flowTestRequestSchema.extend({
  /** the builder's unsaved graph {nodes, edges, viewport}; absent: the saved flow_data */
  flowData: z.unknown().optional(),
});

export const flowDeploymentSchema = z.object({
  flow_id: z.string(),
  deployed: z.boolean(),
  status: z.enum(['active', 'inactive', 'draft']),
  trigger: z.enum(['webhook', 'schedule', 'form']).nullable(),
  /** webhook trigger */
  webhookUrl: z.string().optional(),
  /** only in the answer of deploy, once */
  secret: z.string().optional(),
  secretHeader: z.string().optional(),
  /** schedule trigger */
  schedule: z.object({ cron: z.string(), timezone: z.string() }).optional(),
  /** form trigger */
  formUrl: z.string().optional(),
  deployed_at: z.string().nullable(),
});
export type FlowDeploymentResponse = z.infer<typeof flowDeploymentSchema>;

export const flowRunRecordSchema = flowRunSchema.extend({
  status: z.enum(['queued', ...FLOW_RUN_STATUSES]),
  trigger: z.enum(FLOW_RUN_TRIGGERS),
  nodes: z.array(flowRunNodeResultSchema),
  started_at: z.string().nullable(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
});
export const flowRunsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const flowRunsResponseSchema = z.object({ runs: z.array(flowRunRecordSchema) });
export const flowQueuedResponseSchema = z.object({ run_id: z.string() });

export interface FlowRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  scheduler: Scheduler;
  runner: FlowRunner;
  /** PUBLIC_URL: the origin of webhook and form URLs (else the request's) */
  publicUrl?: string;
  /** public webhook and form posts per minute per address and flow (default 60) */
  publicRateLimit?: number;
}

/** The flows a caller can see — the same rule as the flows_select RLS policy (007). */
export function visibleFlows(database: Kysely<DB>, user: Pick<AuthUser, 'id' | 'libraryId' | 'role'>) {
  const query = withFlowTables(database).selectFrom('flows').where('library_id', '=', user.libraryId);
  return user.role === 'admin' ? query : query.where('owner_id', '=', user.id);
}

export const flowRoutes: FastifyPluginAsyncZod<FlowRoutesOptions> = async (app, { db: database, authenticate, scheduler, runner, publicUrl, publicRateLimit = 60 }) => {
  const db = withFlowTables(database);
  const common = { tags: ['flows'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const builders = requireRole(['admin', 'builder'], FLOW_ROUTE_MESSAGES.buildersOnly);
  const publicLimit = { rateLimit: { max: publicRateLimit, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `${r.ip}:${r.url.split('?')[0]}` } };

  // form posts (this plugin only): fields as strings
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const origin = (request: FastifyRequest) => publicOrigin(request, publicUrl);
  const flowUrl = (request: FastifyRequest, id: string, what: 'webhook' | 'form') => `${origin(request)}/api/v1/flows/${encodeURIComponent(id)}/${what}`;

  /** The caller as the database knows them now (active, same library, current role). */
  async function callerOf(request: FastifyRequest, builderOnly: boolean): Promise<AuthUser> {
    const found = await runnerOfCaller(database, request.user);
    if (!found) throw new HttpError(401, NOT_SIGNED_IN);
    if (builderOnly && found.role !== 'admin' && found.role !== 'builder') throw new HttpError(403, FLOW_ROUTE_MESSAGES.buildersOnly);
    return { ...request.user, role: found.role };
  }

  /** The flow if the caller may see it (and, for changes, is an admin or builder now). */
  async function loadVisible(request: FastifyRequest, id: string, builderOnly = request.method !== 'GET') {
    const caller = await callerOf(request, builderOnly);
    const flow = await visibleFlows(database, caller).selectAll().where('id', '=', id).executeTakeFirst();
    if (!flow) throw new HttpError(404, FLOW_ROUTE_MESSAGES.notFound);
    return { caller, flow };
  }

  async function deploymentOf(request: FastifyRequest, flow: { id: string; status: 'active' | 'inactive' | 'draft' }): Promise<FlowDeploymentResponse> {
    const d = await db.selectFrom('flow_deployments').selectAll().where('flow_id', '=', flow.id).executeTakeFirst();
    if (!d) return { flow_id: flow.id, deployed: false, status: flow.status, trigger: null, deployed_at: null };
    return {
      flow_id: flow.id,
      deployed: true,
      status: flow.status,
      trigger: d.trigger_type,
      ...(d.trigger_type === 'webhook' ? { webhookUrl: flowUrl(request, flow.id, 'webhook'), secretHeader: FLOW_SECRET_HEADER } : {}),
      ...(d.trigger_type === 'schedule' && d.schedule_cron ? { schedule: { cron: d.schedule_cron, timezone: d.schedule_tz ?? 'UTC' } } : {}),
      ...(d.trigger_type === 'form' ? { formUrl: flowUrl(request, flow.id, 'form') } : {}),
      deployed_at: toIso(d.deployed_at),
    };
  }

  const badFlow = (error: unknown): never => {
    if (error instanceof FlowValidationError || error instanceof DeployError) throw new HttpError(400, error.message);
    throw error;
  };

  app.post(
    '/flows/:id/test',
    {
      onRequest: [authenticate, builders],
      schema: {
        ...common,
        summary: 'Test Flow: runs the flow (or the unsaved flowData given) with the test payload; answers every node’s input, output, duration and error. Recorded as a flow_runs row (trigger test) and counted in the flow’s execution_count and success_rate.',
        params: idParams,
        body: flowTestBodySchema,
        response: { 200: flowRunSchema, ...errors },
      },
    },
    async (request) => {
      const { caller, flow } = await loadVisible(request, request.params.id);
      const body = request.body ?? { payload: {} };
      return runner
        .runNow(flow, { trigger: 'test', payload: body.payload ?? {}, requestedBy: caller.id, flowData: body.flowData, startNodeId: body.startNodeId })
        .catch(badFlow);
    },
  );

  app.post(
    '/flows/:id/deploy',
    {
      onRequest: [authenticate, builders],
      schema: {
        ...common,
        summary: 'Deploy: status active and the start trigger activated — webhook → {webhookUrl, secret (shown once, rotated on each deploy)}, schedule → a pg-boss schedule (trigger config {cron, timezone}), form → {formUrl}',
        params: idParams,
        response: { 200: flowDeploymentSchema, ...errors },
      },
    },
    async (request) => {
      const { caller, flow } = await loadVisible(request, request.params.id);
      let deployment;
      try {
        const trigger = startTriggerOf(prepareFlow({ id: flow.id, flow_data: flow.flow_data }));
        deployment = await saveDeployment(database, flow, trigger, caller.id);
      } catch (error) {
        badFlow(error);
      }
      await db.updateTable('flows').set({ status: 'active' }).where('id', '=', flow.id).execute();
      // what was deployed is kept as a version
      await recordFlowVersion(database, { flowId: flow.id, kind: 'deployed', label: FLOW_VERSION_TEXTS.deployed, userId: caller.id });
      if (scheduler.running) {
        // (not running: the schedule is made when the scheduler starts — see reconcileFlowSchedules)
        if (deployment!.schedule) await scheduleFlow(scheduler.boss(), flow.id, deployment!.schedule);
        else await unscheduleFlow(scheduler.boss(), flow.id);
      }
      await record(database, { ...byCaller(request), action: 'flow.deploy', target: flow.name, details: { flow_id: flow.id, trigger: deployment!.trigger } });
      const state = await deploymentOf(request, { id: flow.id, status: 'active' });
      return deployment!.secret ? { ...state, secret: deployment!.secret } : state;
    },
  );

  app.post(
    '/flows/:id/undeploy',
    {
      onRequest: [authenticate, builders],
      schema: { ...common, summary: 'Undeploy: status inactive; the schedule and the webhook secret are removed', params: idParams, response: { 200: flowDeploymentSchema, ...errors } },
    },
    async (request) => {
      const { flow } = await loadVisible(request, request.params.id);
      await db.deleteFrom('flow_deployments').where('flow_id', '=', flow.id).execute();
      await db.updateTable('flows').set({ status: 'inactive' }).where('id', '=', flow.id).execute();
      if (scheduler.running) await unscheduleFlow(scheduler.boss(), flow.id);
      await record(database, { ...byCaller(request), action: 'flow.undeploy', target: flow.name, details: { flow_id: flow.id } });
      return { flow_id: flow.id, deployed: false, status: 'inactive' as const, trigger: null, deployed_at: null };
    },
  );

  app.get(
    '/flows/:id/deployment',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: "The flow's deployment (never the secret)", params: idParams, response: { 200: flowDeploymentSchema, ...errors } },
    },
    async (request) => {
      const { flow } = await loadVisible(request, request.params.id);
      return deploymentOf(request, flow);
    },
  );

  app.get(
    '/flows/:id/versions',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: "The flow's versions (named saves, deploys and restores), newest first, each with its settings and graph", params: idParams, response: { 200: flowVersionsResponseSchema, ...errors } },
    },
    async (request) => {
      const { flow } = await loadVisible(request, request.params.id);
      return { versions: await listFlowVersions(database, flow.id) };
    },
  );

  app.post(
    '/flows/:id/versions',
    {
      onRequest: [authenticate, builders],
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        ...common,
        summary: 'Save version…: keeps the flow as saved now (settings and graph) as a named version',
        params: idParams,
        body: flowVersionCreateSchema,
        response: { 201: z.object({ number: z.number() }), ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { caller, flow } = await loadVisible(request, request.params.id);
      const number = await recordFlowVersion(database, { flowId: flow.id, kind: 'named', label: request.body.name, userId: caller.id });
      await record(database, { ...byCaller(request), action: 'flow.version_save', target: flow.name, details: { flow_id: flow.id, version: number, name: request.body.name } });
      return reply.code(201).send({ number });
    },
  );

  app.post(
    '/flows/:id/versions/:number/restore',
    {
      onRequest: [authenticate, builders],
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        ...common,
        summary: "Restore: the version's settings and graph replace the flow's draft, recorded as a new version (history is never rewritten)",
        params: idParams.extend({ number: z.coerce.number({ error: 'Version must be a number' }).int().min(1, { error: 'Version must be a number from 1' }) }),
        response: { 200: z.object({ number: z.number(), restored: z.number() }), ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { caller, flow } = await loadVisible(request, request.params.id);
      const result = await restoreFlowVersion(database, { flowId: flow.id, number: request.params.number, userId: caller.id });
      await record(database, { ...byCaller(request), action: 'flow.version_restore', target: flow.name, details: { flow_id: flow.id, restored: result.restored, version: result.number } });
      return result;
    },
  );

  app.get(
    '/flows/:id/runs',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: "The flow's recent runs, newest first (limit 1–100, default 20)", params: idParams, querystring: flowRunsQuerySchema, response: { 200: flowRunsResponseSchema, ...errors } },
    },
    async (request) => {
      const { flow } = await loadVisible(request, request.params.id);
      const rows = await db.selectFrom('flow_runs').selectAll().where('flow_id', '=', flow.id).orderBy('created_at', 'desc').orderBy('id').limit(request.query.limit).execute();
      return {
        runs: rows.map((r) => ({
          id: r.id,
          flow_id: r.flow_id,
          status: r.status,
          trigger: r.trigger,
          payload: r.payload,
          nodes: r.nodes,
          error: r.error,
          started_at: r.started_at ? toIso(r.started_at) : null,
          finished_at: r.finished_at ? toIso(r.finished_at) : null,
          duration_ms: r.duration_ms,
          requested_by: r.requested_by,
          created_at: toIso(r.created_at),
        })),
      };
    },
  );

  // ---- public: the deployed webhook and form ----------------------------------------------------

  const deployedAs = (id: string, trigger: 'webhook' | 'form') =>
    db
      .selectFrom('flow_deployments')
      .innerJoin('flows', 'flows.id', 'flow_deployments.flow_id')
      .select(['flows.id', 'flows.library_id', 'flows.owner_id', 'flows.flow_data', 'flows.name', 'flows.description', 'flow_deployments.webhook_secret_hash'])
      .where('flow_deployments.flow_id', '=', id)
      .where('flow_deployments.trigger_type', '=', trigger)
      .executeTakeFirst();

  app.post(
    '/flows/:id/webhook',
    {
      config: publicLimit,
      schema: {
        tags: ['flows'],
        summary: `A deployed webhook flow: the body is the run's payload; authenticated by ${FLOW_SECRET_HEADER} (or ?secret=). → 202 {run_id}`,
        params: idParams,
        querystring: z.object({ secret: z.string().max(500).optional() }),
        response: { 202: flowQueuedResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const header = request.headers[FLOW_SECRET_HEADER.toLowerCase()];
      const presented = (Array.isArray(header) ? header[0] : header) ?? request.query.secret;
      const flow = await deployedAs(request.params.id, 'webhook');
      // unknown, undeployed and wrong secret all look the same
      if (!flow || !flowSecretMatches(presented, flow.webhook_secret_hash)) throw new HttpError(401, FLOW_ROUTE_MESSAGES.badSecret);
      const runId = await runner.enqueue(flow, 'webhook', request.body ?? {});
      return reply.code(202).send({ run_id: runId });
    },
  );

  const formOf = async (id: string) => {
    const flow = await deployedAs(id, 'form');
    if (!flow) throw new HttpError(404, FLOW_ROUTE_MESSAGES.formNotFound);
    let config: Record<string, unknown> = {};
    try {
      config = startTriggerOf(prepareFlow({ id: flow.id, flow_data: flow.flow_data })).config;
    } catch {
      /* a graph broken since deploy: the default form; the run records the problem */
    }
    return { flow, spec: formSpecOf(config, flow) };
  };

  app.get(
    '/flows/:id/form',
    { config: publicLimit, schema: { tags: ['flows'], summary: 'The public HTML form of a flow deployed with a Form Submit trigger', params: idParams } },
    async (request, reply) => {
      const { flow, spec } = await formOf(request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', FORM_CSP)
        .header('cache-control', 'no-store')
        .send(renderForm(spec, `/api/v1/flows/${encodeURIComponent(flow.id)}/form`));
    },
  );

  app.post(
    '/flows/:id/form',
    {
      config: publicLimit,
      schema: { tags: ['flows'], summary: 'A form submission (urlencoded → an HTML thank-you page; JSON → 202 {run_id}): runs the flow with the declared fields as payload', params: idParams },
    },
    async (request, reply) => {
      const { flow, spec } = await formOf(request.params.id);
      const runId = await runner.enqueue(flow, 'form', formPayload(spec, request.body));
      if ((request.headers['content-type'] ?? '').startsWith('application/json')) return reply.code(202).send({ run_id: runId });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', FORM_CSP)
        .header('x-run-id', runId)
        .send(renderSubmitted(spec, `/api/v1/flows/${encodeURIComponent(flow.id)}/form`));
    },
  );
};
