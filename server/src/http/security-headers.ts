// Security headers on every answer of the studio, its API and published pages.
//   - Content-Security-Policy: the studio's pages may run scripts only from this server and from the
//     origins of registered remotes (a team may serve its remote from a CDN); a published page (/p/…)
//     only from this server; API answers load nothing at all. Inline styles are allowed: the UI kit and
//     the federation runtime inject <style> elements. A route that sets its own policy keeps it (flow
//     forms).
//   - framing: the studio never (clickjacking of admin screens), a published page only by the studio.
//   - nosniff, a Referrer-Policy that sends no path to other sites, and HSTS behind HTTPS (COOKIE_SECURE).
// Hand-written rather than @fastify/helmet: a dozen header lines, one policy per kind of page, and the
// remote origins come from the registry at request time.
import { PUBLISHED_PAGE_PATH } from '@accent/pages-common';
import type { FastifyInstance } from 'fastify';

const PUBLISHED_PAGE_PREFIX = `${PUBLISHED_PAGE_PATH}/`;

/** How long the registry's origins are kept before being read again. */
const ORIGINS_TTL_MS = 10_000;

export interface SecurityHeadersOptions {
  /** COOKIE_SECURE: the studio is served over HTTPS, so browsers may be told to insist on it. */
  https: boolean;
  /** Entry URLs of the registered remotes (relative ones are this server's). */
  remoteEntries: () => Promise<string[]>;
  /** SUPABASE_URL: the browser's data client talks to that project. */
  supabaseUrl?: string;
  /**
   * DEV_REMOTE_ORIGINS: where a locally served remote may be tried in this studio
   * (`?remote.<id>=http://localhost:3101/…`). Only these: trusting every local port would let any program on
   * a user's machine supply the studio's script.
   */
  devRemoteOrigins?: string[];
}

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** The distinct http(s) origins of absolute entry URLs. */
export function originsOf(entries: string[]): string[] {
  const origins = new Set<string>();
  for (const entry of entries) {
    try {
      const url = new URL(entry);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      /* relative: served by this server ('self') */
    }
  }
  return [...origins].sort();
}

export function studioPolicy(remoteOrigins: string[], supabaseUrl?: string, devRemoteOrigins: string[] = []): string {
  const code = ["'self'", ...new Set([...remoteOrigins, ...devRemoteOrigins])];
  const supabase = supabaseUrl ? originsOf([supabaseUrl]) : [];
  return policy({
    'default-src': ["'self'"],
    'script-src': code,
    'style-src': [...code, "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': [...code, 'data:'],
    // a local remote's dev server also reloads it through its WebSocket (ws:// of the same host and port)
    'connect-src': [...code, ...devRemoteOrigins.map((origin) => origin.replace(/^http/, 'ws')), ...supabase],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

export const PUBLISHED_PAGE_POLICY = policy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // pages show images from anywhere their authors link to
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
});

/** JSON, files and streams: nothing to run, nothing to frame. */
export const API_POLICY = policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/** Where stored files are read (a person's own upload, or a signed link to it). */
const STORED_FILE_PREFIX = '/storage/v1/object/';

/**
 * A stored file, whatever its type: sandboxed with no sources, so an uploaded HTML page or SVG runs nothing
 * on the studio's origin; framed by the studio only (the Files screen shows a PDF in the browser's viewer,
 * which works under this policy).
 */
export const STORED_FILE_POLICY = policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'self'"], sandbox: [] });

export const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  let cached: { at: number; value: Promise<string> } | null = null;
  const studio = () => {
    if (!cached || Date.now() - cached.at > ORIGINS_TTL_MS) {
      const value = options
        .remoteEntries()
        .then((entries) => studioPolicy(originsOf(entries), options.supabaseUrl, options.devRemoteOrigins))
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'remote registry unreadable: the studio policy allows this server only');
          cached = null;
          return studioPolicy([], options.supabaseUrl, options.devRemoteOrigins);
        });
      cached = { at: Date.now(), value };
    }
    return cached.value;
  };

  // Set before the handler runs, so that streams written raw (SSE) carry them too.
  app.addHook('onRequest', async (request, reply) => {
    const framedByStudio = request.url.startsWith(PUBLISHED_PAGE_PREFIX) || request.url.startsWith(STORED_FILE_PREFIX);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', framedByStudio ? 'SAMEORIGIN' : 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (options.https) reply.header('strict-transport-security', HSTS);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-security-policy')) return payload;
    if (request.url.startsWith(STORED_FILE_PREFIX)) {
      reply.header('content-security-policy', STORED_FILE_POLICY);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) reply.header('content-security-policy', API_POLICY);
    else if (request.url.startsWith(PUBLISHED_PAGE_PREFIX)) reply.header('content-security-policy', PUBLISHED_PAGE_POLICY);
    else reply.header('content-security-policy', await studio());
    return payload;
  });
}
