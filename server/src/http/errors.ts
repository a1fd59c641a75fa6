// Every API error leaves the server as `{detail}` (spec 01 §7: the client shows `detail`), from one
// error handler, with a message a person can act on.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, inputErrorFromDatabase, isDatabaseUnavailable } from './database-errors.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export const HTTP_MESSAGES = {
  bodyTooLarge: 'Request body is too large (limit 1 MB)',
  /** a route with its own, smaller body limit */
  bodyTooLargeLimit: (bytes: number) => `Request body is too large (limit ${bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`})`,
  invalidJson: 'Request body is not valid JSON',
  bodyRequired: 'Request body is required',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  internal: 'Internal server error',
  shellNotBuilt: 'The studio is not built yet: run pnpm build, then restart the server',
  notFound: (method: string, path: string) => `Not found: ${method} ${path}`,
} as const;

/** An error meant for the caller: its status, detail (and headers, e.g. Retry-After) are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** The path of a request without its query string. */
export const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/** `/steps/0/model/temperature` → `steps.0.model.temperature: <message>`. */
function validationDetail(error: FastifyError & { validation: { instancePath: string; message?: string }[] }, request: FastifyRequest): string {
  const [first] = error.validation;
  if (error.validationContext === 'body' && (request.body === undefined || request.body === null)) return HTTP_MESSAGES.bodyRequired;
  const path = first.instancePath.split('/').filter(Boolean).join('.');
  const message = first.message ?? 'Invalid value';
  return path ? `${path}: ${message}` : message;
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, HTTP_MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, HTTP_MESSAGES.invalidJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, HTTP_MESSAGES.unsupportedMediaType],
};

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ detail: DATABASE_UNAVAILABLE });
  }
  const fromDatabase = inputErrorFromDatabase(error);
  if (fromDatabase) return reply.code(fromDatabase.statusCode).send({ detail: fromDatabase.detail });
  if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send({ detail: validationDetail(error, request) });
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.bodyLimit && request.routeOptions.bodyLimit !== BODY_LIMIT_BYTES) {
    return reply.code(413).send({ detail: HTTP_MESSAGES.bodyTooLargeLimit(request.routeOptions.bodyLimit) });
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return reply.code(known[0]).send({ detail: known[1] });
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
    return reply.code(500).send({ detail: HTTP_MESSAGES.internal, request_id: request.id });
  }
  // Other client errors raised by fastify or its plugins carry a usable message.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ detail: error.message });
  }
  request.log.error({ err: error }, 'unexpected error');
  // the id an operator finds this request's log lines by
  return reply.code(500).send({ detail: HTTP_MESSAGES.internal, request_id: request.id });
}

export function notFoundError(request: FastifyRequest): HttpError {
  return new HttpError(404, HTTP_MESSAGES.notFound(request.method, pathOf(request)));
}
