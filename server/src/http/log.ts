// What the server's logs may hold. Query strings carry secrets (a published page's personalisation
// token `?p=`, a flow webhook's `?secret=`, OAuth-style `code`/`token`/`key`), so request URLs are
// logged with every query value replaced; credentials in headers and bodies are censored by pino.
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import { currentContext } from '../observability/request-context.js';

export const REDACTED = '[redacted]';

/** Never let credentials reach the logs. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-accent-signature"]',
  'body.password',
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
  // credential values (never logged on purpose; this guards against an accidental log of a body)
  'values',
  '*.values',
  'apiKey',
  '*.apiKey',
];

/** `/p/acme?p=abc&x=1` → `/p/acme?p=[redacted]&x=[redacted]`: the keys help reading a log, the values stay out. */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=')[0];
      return pair.includes('=') ? `${key}=${REDACTED}` : key;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's own request view, with the URL's query values redacted. */
function requestView(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Marks fastify's per-request child loggers, which already carry `reqId` as a binding. */
export const BOUND_TO_REQUEST = Symbol('accent.boundToRequest');

/**
 * The request or job a log line is written in (`reqId`, and a job's `queue` and `jobId`), for lines
 * written through the app's own logger (services, schedulers, workers) rather than `request.log`.
 */
function contextFields(_merge: object, _level: number, logger: object): object {
  const store = currentContext();
  if (!store) return {};
  if ((logger as Record<symbol, unknown>)[BOUND_TO_REQUEST]) return store.jobId ? { queue: store.queue, jobId: store.jobId } : {};
  return { ...store }; // pino merges into what it is given: never the context itself
}

/** The app's logger: level, redaction and the request view; `stream` for tests that read the log. */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: { req: requestView as never },
    mixin: contextFields,
    ...(stream ? { stream } : {}),
  };
}
