// The runtime over HTTP: POST /agent/invoke (plain text, or SSE with Accept: text/event-stream) and
// the recorded runs (GET /agent/runs, GET /runs/:id).
import {
  agentRunRequestSchema,
  runDetailSchema,
  runIdParamsSchema,
  runsListQuerySchema,
  runsListResponseSchema,
  threadQuerySchema,
  threadResponseSchema,
} from '@accent/agents-common';
import { apiErrorSchema } from '../http/api-error.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { NOT_SIGNED_IN, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { runnerOfCaller, type Runner } from './access.js';
import { replyWithRun } from './reply.js';
import type { Runtime } from './run-agent.js';
import { getRun, listRuns, listThread } from './runs.js';

export const RUNTIME_MESSAGES = { runNotFound: 'Run not found' } as const;

export interface RuntimeRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  runtime: Runtime;
}

export const runtimeRoutes: FastifyPluginAsyncZod<RuntimeRoutesOptions> = async (app, { db, authenticate, runtime }) => {
  const common = { tags: ['runtime'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  /** The caller as the runtime needs them (team, still active). */
  async function runnerOf(request: FastifyRequest): Promise<Runner> {
    const runner = await runnerOfCaller(db, request.user);
    if (!runner) throw new HttpError(401, NOT_SIGNED_IN);
    return runner;
  }

  app.post(
    '/agent/invoke',
    {
      onRequest: [authenticate],
      schema: {
        ...common,
        summary: 'Run an agent: the answer as text/plain, or its events as text/event-stream (Accept header)',
        body: agentRunRequestSchema,
        // text/plain (the answer); with Accept: text/event-stream, `data: <RunEvent JSON>` events
        response: { 200: z.string(), ...errors, 424: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, 504: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const runner = await runnerOf(request);
      const body = request.body;
      return replyWithRun(request, reply, runtime.runAgent, {
        libraryId: runner.libraryId,
        user: runner,
        agentName: body.name,
        query: body.query,
        params: body.params,
        threadId: body.thread_id,
        useHistory: body.use_history,
        saveHistory: body.save_history,
        maxHistoryItems: body.max_history_items,
        source: body.source,
      });
    },
  );

  app.get(
    '/agent/runs',
    {
      onRequest: [authenticate],
      schema: {
        ...common,
        summary: "An agent's recent runs, newest first (members: their own)",
        querystring: runsListQuerySchema,
        response: { 200: runsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { name, limit } = request.query;
      const onlyUserId = request.user.role === 'member' ? request.user.id : undefined;
      // runs this process has answered are complete in what we read
      await runtime.recorded();
      return { runs: await listRuns(db, { libraryId: request.user.libraryId, agentName: name, limit, onlyUserId }) };
    },
  );

  app.get(
    '/agent/thread',
    {
      onRequest: [authenticate],
      schema: {
        ...common,
        summary:
          "One of the caller's conversations with an agent (a chatbot's thread): their runs under that thread id, oldest first, with each tool call summarised",
        querystring: threadQuerySchema,
        response: { 200: threadResponseSchema, ...errors },
      },
    },
    async (request) => {
      await runtime.recorded();
      const { name, thread_id } = request.query;
      return { turns: await listThread(db, { libraryId: request.user.libraryId, agentName: name, threadId: thread_id, userId: request.user.id }) };
    },
  );

  app.get(
    '/runs/:id',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: 'One run with its trace', params: runIdParamsSchema, response: { 200: runDetailSchema, ...errors } },
    },
    async (request) => {
      const onlyUserId = request.user.role === 'member' ? request.user.id : undefined;
      await runtime.recorded();
      const run = await getRun(db, { libraryId: request.user.libraryId, id: request.params.id, onlyUserId });
      if (!run) throw new HttpError(404, RUNTIME_MESSAGES.runNotFound);
      return run;
    },
  );
};
