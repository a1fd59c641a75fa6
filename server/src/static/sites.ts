// Serves the built studio so `pnpm start` is one URL: the shell at / (a single-page app: unknown paths
// get index.html) and each built remote at /mfe/<id>/ (CORS open, so a shell on another origin can
// load it). A visitor who is not signed in gets the signed-out pages (/, /landing, /login…) from the
// shell's lean build (shell/dist/public: no Module Federation, a third of the JavaScript).
import { existsSync, mkdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_IDS } from '@accent/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '../auth/issue-session.js';
import { pathOf } from '../http/errors.js';
import type { LocalRemote } from '../remotes/local.js';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Entry points whose name never changes between builds: browsers must revalidate them every time. */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
/** webpack's `[contenthash]`: `main.3f9a0c1d.js`, `123.3f9a0c1d2b.css`. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** The build's precompressed siblings (`main.3f9a0c1d.js.br`) are cached as the file they encode. */
const ENCODED_SIBLING = /\.(br|gz)$/;

export function cacheControlFor(filePath: string): string {
  const name = basename(filePath).replace(ENCODED_SIBLING, '');
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_FILE.test(name) ? IMMUTABLE : NO_CACHE;
}

/**
 * Paths that never fall back to the single-page app (/p: published pages, served without the studio;
 * /storage, /mcp and /metrics are APIs: an unknown path there is a JSON 404, never a 200 HTML page).
 */
const SERVER_PATHS = /^\/(api|rest|mfe|p|storage|mcp|metrics)(\/|$)/;

/** A client-side route: a GET outside the server's paths whose last segment is not a file name. */
export function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request);
  return !SERVER_PATHS.test(path) && extname(path) === '';
}

/** The shell's pages for visitors who are not signed in, which its lean build serves (shell/src/public/PublicApp.tsx). */
export const SIGNED_OUT_PAGES = new Set(['/', '/landing', '/login', '/login/code', '/forgot-password', '/reset-password', '/invite', '/sign-up']);

/**
 * Whether a document request gets the lean signed-out page: one of those paths, from a browser that
 * holds no sign-in. The refresh cookie itself is only sent to /api/auth; the readable marker set and
 * cleared with it is sent everywhere. With the marker the shell answers, as before (a signed-in user
 * opening /login is sent on by the shell; a stale marker gets the shell's own login page).
 */
export function wantsSignedOutPage(request: FastifyRequest): boolean {
  const path = pathOf(request).replace(/(.)\/+$/, '$1');
  return SIGNED_OUT_PAGES.has(path) && !request.cookies?.[SIGNED_IN_COOKIE];
}

export interface StaticSites {
  /** Answers a client-side route with the shell's index.html (or the lean page's); null when the shell is not built. */
  serveApp: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
}

export async function registerStaticSites(app: FastifyInstance, options: { staticRoot: string; localRemotes: LocalRemote[]; releasesDir: string }): Promise<StaticSites> {
  // Immutable releases (`pnpm release`): /mfe/<id>/<version>/… from <releasesDir>/<id>/<version>/, kept for
  // every open tab that still uses an old version, cached for good since a release folder never changes.
  const releasesOf = (id: string) => {
    const dir = join(options.releasesDir, id);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const isRelease = (path: string) => path.startsWith(options.releasesDir);
  const shellDir = join(options.staticRoot, 'shell', 'dist');
  const shellBuilt = existsSync(join(shellDir, 'index.html'));
  const publicDir = join(shellDir, 'public');
  const publicBuilt = existsSync(join(publicDir, 'index.html'));
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlFor(path)),
    });
    app.log.info(`Serving the shell from ${shellDir}`);
  } else {
    app.log.warn(`The shell is not built (${shellDir} has no index.html): the studio UI is not served. Run pnpm build.`);
  }

  for (const remote of options.localRemotes) {
    await app.register(fastifyStatic, {
      root: [remote.distDir, releasesOf(remote.id)],
      prefix: `/mfe/${remote.id}/`,
      decorateReply: false, // reply.sendFile comes from the shell's registration
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('access-control-allow-origin', '*');
        reply.header('cache-control', isRelease(path) ? IMMUTABLE : cacheControlFor(path));
      },
    });
    app.log.info(`Serving remote ${remote.id} from ${remote.distDir}`);
  }
  const built = new Set(options.localRemotes.map((r) => r.id));
  for (const id of REMOTE_IDS.filter((id) => !built.has(id))) {
    await app.register(fastifyStatic, {
      root: releasesOf(id),
      prefix: `/mfe/${id}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('access-control-allow-origin', '*');
        reply.header('cache-control', IMMUTABLE);
      },
    });
    app.log.info(`Remote ${id} is not built (no ${join(options.staticRoot, `mfe-${id}`, 'dist', 'mf-manifest.json')}): skipped`);
  }

  const serveApp = shellBuilt
    ? (request: FastifyRequest, reply: FastifyReply) => {
        const signedOut = publicBuilt && wantsSignedOutPage(request);
        // one URL, two documents: a cache must not hand one visitor's to the other
        if (publicBuilt) reply.header('vary', 'cookie');
        return reply.header('cache-control', NO_CACHE).sendFile('index.html', signedOut ? publicDir : shellDir);
      }
    : null;
  // `/` is a page like the others (serveApp chooses which), not the shell folder's index.html
  if (serveApp) app.get('/', { schema: { hide: true } }, (request, reply) => serveApp(request, reply));
  return { serveApp };
}
