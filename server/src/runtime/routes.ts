// The runtime over HTTP: POST /agent/invoke (plain text, or SSE with Accept: text/event-stream) and
// the recorded runs (GET /agent/runs, GET /runs/:id).
import {
  agentRunRequestSchema,
  apiErrorSchema,
  RUN_ID_HEADER,
  runDetailSchema,
  runIdParamsSchema,
  runsListQuerySchema,
  runsListResponseSchema,
  type RunEvent,
} from '@accent/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { NOT_SIGNED_IN, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { HTTP_MESSAGES, HttpError } from '../http/errors.js';
import { findRunner, type Runner } from './access.js';
import { RunError } from './errors.js';
import type { Runtime } from './run-agent.js';
import { getRun, listRuns } from './runs.js';

export const RUNTIME_MESSAGES = { runNotFound: 'Run not found' } as const;

export interface RuntimeRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  runtime: Runtime;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // proxies such as nginx would otherwise hold the events back
  'x-accel-buffering': 'no',
};

export const runtimeRoutes: FastifyPluginAsyncZod<RuntimeRoutesOptions> = async (app, { db, authenticate, runtime }) => {
  const common = { tags: ['runtime'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  /** The caller as the runtime needs them (team, still active). */
  async function runnerOf(request: FastifyRequest): Promise<Runner> {
    const runner = await findRunner(db, request.user.id);
    if (!runner || runner.libraryId !== request.user.libraryId) throw new HttpError(401, NOT_SIGNED_IN);
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
      // A client that goes away cancels its run (and stops paying for the model).
      const disconnected = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) disconnected.abort();
      });
      const input = {
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
        signal: disconnected.signal,
      };

      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        const result = await runtime.runAgent(input);
        return reply.header(RUN_ID_HEADER, result.runId).type('text/plain; charset=utf-8').send(result.output);
      }
      return streamRun(request, reply, (onEvent) => runtime.runAgent({ ...input, onEvent, stream: true }));
    },
  );

  app.get(
    '/agent/runs',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: "An agent's recent runs, newest first (members: their own)", querystring: runsListQuerySchema, response: { 200: runsListResponseSchema, ...errors } },
    },
    async (request) => {
      const { name, limit } = request.query;
      const onlyUserId = request.user.role === 'member' ? request.user.id : undefined;
      return { runs: await listRuns(db, { libraryId: request.user.libraryId, agentName: name, limit, onlyUserId }) };
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
      const run = await getRun(db, { libraryId: request.user.libraryId, id: request.params.id, onlyUserId });
      if (!run) throw new HttpError(404, RUNTIME_MESSAGES.runNotFound);
      return run;
    },
  );
};

/**
 * SSE: the stream opens with the run's first event, so errors found before the run starts (unknown
 * agent, access, rate limit, missing key) are still plain HTTP errors with their status. Each event
 * is `data: <json>\n\n`; a failure after the start is an `error` event.
 */
async function streamRun(request: FastifyRequest, reply: FastifyReply, run: (onEvent: (event: RunEvent) => void) => Promise<unknown>) {
  let open = false;
  const send = (event: RunEvent) => {
    if (!open) {
      reply.hijack();
      reply.raw.writeHead(200, SSE_HEADERS);
      open = true;
    }
    if (!reply.raw.destroyed) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  try {
    await run(send);
  } catch (error) {
    if (!open) throw error;
    if (!(error instanceof RunError && error.code === 'cancelled')) {
      if (!(error instanceof HttpError)) request.log.error({ err: error }, 'run failed');
      send(error instanceof HttpError ? { type: 'error', message: error.detail, status: error.statusCode } : { type: 'error', message: HTTP_MESSAGES.internal, status: 500 });
    }
  }
  reply.raw.end();
  return reply;
}
