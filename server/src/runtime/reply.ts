// Answering an HTTP request with an agent run, shared by POST /agent/invoke and the public chat of
// published pages: the answer as text/plain, or its events as text/event-stream when the client accepts
// them; a client that goes away cancels its run (and stops paying for the model).
import { RUN_ID_HEADER, type RunEvent } from '@accent/agents-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { finished } from 'node:stream';
import { HTTP_MESSAGES, HttpError } from '../http/errors.js';
import { RunError } from './errors.js';
import type { RunAgentInput, RunAgentResult } from './run-agent.js';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // proxies such as nginx would otherwise hold the events back
  'x-accel-buffering': 'no',
};

export type RunAgent = (input: RunAgentInput) => Promise<RunAgentResult>;

export async function replyWithRun(request: FastifyRequest, reply: FastifyReply, runAgent: RunAgent, input: Omit<RunAgentInput, 'signal' | 'onEvent' | 'stream' | 'answered'>) {
  const disconnected = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) disconnected.abort();
  });
  // the run's row is completed once the response has gone out (or the client has gone), not before it
  const answered = new Promise<void>((resolve) => finished(reply.raw, () => resolve()));
  const run = { ...input, signal: disconnected.signal, answered };
  if (!(request.headers.accept ?? '').includes('text/event-stream')) {
    const result = await runAgent(run);
    return reply.header(RUN_ID_HEADER, result.runId).type('text/plain; charset=utf-8').send(result.output);
  }
  return streamRun(request, reply, (onEvent) => runAgent({ ...run, onEvent, stream: true }));
}

/**
 * SSE: the stream opens with the run's first event, so errors found before the run starts (unknown
 * agent, access, rate limit, missing key) are still plain HTTP errors with their status. Each event
 * is `data: <json>\n\n`; a failure after the start is an `error` event. Headers already set on the
 * reply (e.g. a cookie) go out with the stream.
 */
async function streamRun(request: FastifyRequest, reply: FastifyReply, run: (onEvent: (event: RunEvent) => void) => Promise<unknown>) {
  let open = false;
  const send = (event: RunEvent) => {
    if (!open) {
      const headers = { ...reply.getHeaders(), ...SSE_HEADERS };
      reply.hijack();
      reply.raw.writeHead(200, headers as Record<string, string | string[] | number>);
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
