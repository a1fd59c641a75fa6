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

/** What an emailed link is refused with when the server cannot tell its own public address. */
export const PUBLIC_URL_NEEDED = 'This server cannot email links until an administrator sets PUBLIC_URL (the address people reach the studio at).';

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The origin for links sent by email: PUBLIC_URL (or another configured address) when there is one. Without
 * one, the request's own origin only when it is a loopback address (a developer's machine): anywhere else the
 * Host header is the caller's to choose, and a forged one would email a victim a link to another site.
 */
export function emailLinkOrigin(request: FastifyRequest, configured: string | undefined): string | null {
  if (configured) return configured;
  return LOOPBACK_HOST.test(request.hostname) ? requestOrigin(request) : null;
}
