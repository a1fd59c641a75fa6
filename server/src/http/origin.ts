// The origin a browser reached this server at, for URLs the server hands out (published pages, the
// browser's data gateway).
import type { FastifyRequest } from 'fastify';

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.split(',')[0].trim() || undefined;

/**
 * The origin the browser used, without a trailing slash. Behind a TLS-terminating proxy the
 * X-Forwarded-Proto / -Host headers say what the browser saw; they only shape this caller's own answer
 * (never cache such an answer for others).
 */
export function requestOrigin(request: FastifyRequest): string {
  const proto = firstValue(request.headers['x-forwarded-proto']) ?? request.protocol;
  const host = firstValue(request.headers['x-forwarded-host']) ?? request.host;
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

/** PUBLIC_URL when configured (without a trailing slash), else the request's origin. */
export const publicOrigin = (request: FastifyRequest, publicUrl: string | undefined) => publicUrl ?? requestOrigin(request);
