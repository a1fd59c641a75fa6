// Request ids: each request gets one (a sane incoming X-Request-Id, else a new UUID), sends it back,
// logs with it, and hands it to the jobs it queues, whose log lines then carry it too. The id travels
// in an AsyncLocalStorage context: a request's for its handlers, a job's while its handler runs.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What we accept from a client or proxy: short, and nothing that could forge a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export interface LogContext {
  /** the request's id (in a job: the id of the request that queued it, if any) */
  reqId?: string;
  /** in a job: its queue and id */
  queue?: string;
  jobId?: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Fastify's genReqId: the caller's X-Request-Id when sane, else a new UUID (unique across processes). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export const runWithContext = <T>(store: LogContext, work: () => T): T => context.run(store, work);
export const currentContext = (): LogContext | undefined => context.getStore();
export const currentRequestId = (): string | undefined => context.getStore()?.reqId;

/** Job data carrying the id of the request queuing it (as `requestId`), so the job's logs name it. */
export function withRequestId<T extends object>(data: T): T & { requestId?: string } {
  const reqId = currentRequestId();
  return reqId && !('requestId' in data) ? { ...data, requestId: reqId } : data;
}
