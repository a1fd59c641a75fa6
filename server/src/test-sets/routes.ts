// Test sets over HTTP: an agent's sets (with their last two runs), create, change, delete, run against
// a saved version or the editor's draft, and the versions that fail a set (the Versions tab's flags).
import {
  agentNameQuerySchema,
  failingVersionsResponseSchema,
  testSetBodySchema,
  testSetListResponseSchema,
  testSetRunBodySchema,
  testSetRunSchema,
  testCaseSchema,
  testSetSchema,
} from '@accent/agents-common';
import { EDITOR_ROLES } from '@accent/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AGENT_MESSAGES, agentForCaller } from '../agents/routes.js';
import { getVersion } from '../agents/service.js';
import { byCaller, record } from '../audit/audit.js';
import { requireRole, type Guard } from '../auth/guard.js';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import { apiErrorSchema } from '../http/api-error.js';
import { HttpError } from '../http/errors.js';
import { successResponseSchema } from '../http/responses.js';
import type { Runtime } from '../runtime/run-agent.js';
import { ensureQueue, type PgBoss, type Scheduler, type SchedulerLog } from '../scheduler/index.js';
import { createTestSet, deleteTestSet, failingVersions, getTestSet, getTestSetRun, listTestSets, runTestSetJob, startTestSetRun, updateTestSet, type RunJobDeps } from './service.js';

export const TEST_SET_MESSAGES = {
  notFound: 'Test set not found',
  runNotFound: 'Test set run not found',
  nameTaken: (name: string) => `This agent already has a test set named "${name}".`,
  tooManyRuns: (seconds: number) => `Too many test set runs. Try again in ${seconds} seconds.`,
} as const;

export interface TestSetRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  runtime: Runtime;
  credentials?: Pick<CredentialStore, 'get'>;
  providerEnv?: Record<string, Record<string, string>>;
  /** runs go to pg-boss when it runs, else they run in this process */
  scheduler?: Scheduler;
  log?: SchedulerLog;
  leases?: RunJobDeps['leases'];
}

export const TEST_SET_QUEUE = 'agent-test-set-run';

const idParams = z.object({ id: z.uuid('Test set not found') });
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export const testSetRoutes: FastifyPluginAsyncZod<TestSetRoutesOptions> = async (app, { db, authenticate, runtime, credentials, providerEnv, scheduler, log, leases }) => {
  const jobDeps = { db, runtime, credentials, providerEnv, leases };
  const inline = new Set<Promise<void>>();
  scheduler?.onStart(async (boss: PgBoss) => {
    // a case's failure is a result, not a job failure; a crashed worker's job runs again from the start
    await ensureQueue(boss, TEST_SET_QUEUE, { retryLimit: 1, retryDelay: 5, expireInSeconds: 30 * 60 });
    await boss.work(TEST_SET_QUEUE, { pollingIntervalSeconds: scheduler.pollingIntervalSeconds, localConcurrency: 2 }, async (jobs: { data: { runId: string } }[]) => {
      for (const job of jobs) await runTestSetJob(jobDeps, job.data.runId);
    });
  });
  async function enqueue(runId: string) {
    if (scheduler?.running) {
      try {
        await scheduler.boss().send(TEST_SET_QUEUE, { runId });
        return;
      } catch (error) {
        log?.error(error, `Queueing test set run ${runId} failed: running it in this process`);
      }
    }
    const work = runTestSetJob(jobDeps, runId).finally(() => inline.delete(work));
    inline.add(work);
  }
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inline]);
  });

  const canEdit = requireRole(EDITOR_ROLES, AGENT_MESSAGES.roleCannotChange);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const common = { tags: ['agents'], security: [{ bearerAuth: [] }] };

  /** The agent (which the caller may run) or 404. */
  async function agentOf(request: FastifyRequest, name: string) {
    const agent = await agentForCaller(db, request, name);
    if (!agent) throw new HttpError(404, AGENT_MESSAGES.notFound(name));
    return agent;
  }

  /** The set in the caller's library, its agent (which the caller may run) and the agent's name. */
  async function setOf(request: FastifyRequest, id: string) {
    const set = await getTestSet(db, request.user.libraryId, id);
    if (!set) throw new HttpError(404, TEST_SET_MESSAGES.notFound);
    const owner = await db.selectFrom('agents').select('name').where('id', '=', set.agent_id).executeTakeFirstOrThrow();
    const agent = await agentOf(request, owner.name);
    return { set, agent, agentName: owner.name };
  }

  app.get(
    '/agent/test-sets',
    { onRequest: [authenticate], schema: { ...common, summary: "An agent's test sets with their last two runs", querystring: agentNameQuerySchema, response: { 200: testSetListResponseSchema, ...errors } } },
    async (request) => {
      const agent = await agentOf(request, request.query.name);
      return { test_sets: await listTestSets(db, agent.id, request.query.name) };
    },
  );

  app.get(
    '/agent/test-sets/failing',
    { onRequest: [authenticate], schema: { ...common, summary: 'Versions whose latest run of a test set failed', querystring: agentNameQuerySchema, response: { 200: failingVersionsResponseSchema, ...errors } } },
    async (request) => {
      const agent = await agentOf(request, request.query.name);
      return { failing: await failingVersions(db, agent.id) };
    },
  );

  app.post(
    '/agent/test-sets',
    { onRequest: [authenticate, canEdit], schema: { ...common, summary: 'Create a test set for an agent', body: testSetBodySchema, response: { 200: testSetSchema, ...errors, 409: apiErrorSchema } } },
    async (request) => {
      const { agent: name, name: setName, cases } = request.body;
      const agent = await agentOf(request, name);
      try {
        const created = await createTestSet(db, { libraryId: request.user.libraryId, agentId: agent.id, agentName: name, userId: request.user.id, name: setName, cases });
        await record(db, { ...byCaller(request), action: 'agent.test_set_create', target: name, details: { test_set: setName } });
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, TEST_SET_MESSAGES.nameTaken(setName));
        throw error;
      }
    },
  );

  app.put(
    '/agent/test-sets/:id',
    {
      onRequest: [authenticate, canEdit],
      schema: { ...common, summary: 'Change a test set (name and cases)', params: idParams, body: testSetBodySchema.omit({ agent: true }), response: { 200: testSetSchema, ...errors, 409: apiErrorSchema } },
    },
    async (request) => {
      const { agentName } = await setOf(request, request.params.id);
      try {
        const updated = await updateTestSet(db, { id: request.params.id, agentName, name: request.body.name, cases: request.body.cases });
        await record(db, { ...byCaller(request), action: 'agent.test_set_update', target: agentName, details: { test_set: request.body.name } });
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, TEST_SET_MESSAGES.nameTaken(request.body.name));
        throw error;
      }
    },
  );

  app.delete(
    '/agent/test-sets/:id',
    { onRequest: [authenticate, canEdit], schema: { ...common, summary: 'Delete a test set and its runs', params: idParams, response: { 200: successResponseSchema, ...errors } } },
    async (request) => {
      const { set, agentName } = await setOf(request, request.params.id);
      await deleteTestSet(db, set.id);
      await record(db, { ...byCaller(request), action: 'agent.test_set_delete', target: agentName, details: { test_set: set.name } });
      return { status: 'success' as const };
    },
  );

  app.get(
    '/agent/test-set-runs/:id',
    { onRequest: [authenticate], schema: { ...common, summary: "A test set run with the results of the cases done so far", params: z.object({ id: z.uuid('Test set run not found') }), response: { 200: testSetRunSchema, ...errors } } },
    async (request) => {
      const found = await getTestSetRun(db, request.user.libraryId, request.params.id);
      if (!found) throw new HttpError(404, TEST_SET_MESSAGES.runNotFound);
      await setOf(request, found.testSetId);
      return found.run;
    },
  );

  // every case is a model call (a judge makes two): a few runs a minute per person
  const perUserRuns = {
    rateLimit: {
      max: 10,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `test-set-run|${request.user.id}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => new HttpError(429, TEST_SET_MESSAGES.tooManyRuns(Math.max(1, Math.ceil(context.ttl / 1000)))),
    },
  };
  app.post(
    '/agent/test-sets/:id/run',
    {
      onRequest: [authenticate],
      config: perUserRuns,
      schema: {
        ...common,
        summary: "Start a run of a test set against a saved version or the editor's draft (a job runs each case through the runtime)",
        params: idParams,
        body: testSetRunBodySchema,
        response: { 202: testSetRunSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { set, agent, agentName } = await setOf(request, request.params.id);
      const version = 'version' in request.body ? request.body.version : null;
      if (version !== null && !(await getVersion(db, request.user.libraryId, agentName, version))) throw new HttpError(404, AGENT_MESSAGES.versionNotFound(agentName, version));
      const cases = testCaseSchema.array().parse(typeof set.cases === 'string' ? JSON.parse(set.cases) : set.cases);
      const run = await startTestSetRun(db, {
        libraryId: request.user.libraryId,
        agentId: agent.id,
        testSetId: set.id,
        userId: request.user.id,
        total: cases.length,
        version,
        draft: 'draft' in request.body ? request.body.draft : null,
      });
      await enqueue(run.id);
      return reply.code(202).send(run);
    },
  );
};
