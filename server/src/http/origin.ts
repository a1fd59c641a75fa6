// The origin a browser reached this server at, for URLs the server hands out (published pages, the
// browser's data gateway).
import type { FastifyRequest } from 'fastify';

/**
 * The origin the browser used, without a trailing slash. Fastify's `protocol` and `host` follow
 * X-Forwarded-Proto / -Host only when TRUST_PROXY says the peer is our proxy: anyone else could send
 * those headers to make the server hand out their origin. Even then they only shape this caller's own
 * answer (never cache such an answer for others).
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
}

/** PUBLIC_URL when configured (without a trailing slash), else the request's origin. */
export const publicOrigin = (request: FastifyRequest, publicUrl: string | undefined) => publicUrl ?? requestOrigin(request);
