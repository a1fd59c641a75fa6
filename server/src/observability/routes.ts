// What tells a load balancer and an operator how this process is:
// - GET /api/health: liveness (the process answers), never touches the database;
// - GET /api/ready: readiness, 503 naming each failing check (database reachable and migrated, storage writable);
// - GET /metrics: Prometheus text, for loopback callers (not through a proxy) or `Authorization: Bearer $METRICS_TOKEN`.
// /healthz and /readyz answer the same as the first two (the usual probe paths).
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpRequestDuration, httpRequestsInFlight, registry, signInOutcome, signIns } from './metrics.js';

export const OBSERVABILITY_MESSAGES = {
  metricsUnauthorized: 'A valid METRICS_TOKEN is required: send Authorization: Bearer <token>.',
  checkTimedOut: (ms: number) => `no answer within ${ms} ms`,
} as const;

/** A readiness check: resolves when fine, throws (with a message for the operator) when not. */
export type ReadinessCheck = () => Promise<void>;

export interface ObservabilityOptions {
  version: string;
  /** METRICS_TOKEN: lets non-loopback callers read /metrics */
  metricsToken?: string;
  checks: Record<string, ReadinessCheck>;
  /** each check's time limit (default 2 s): a probe answers even when the database hangs */
  checkTimeoutMs?: number;
}

const LOOPBACK = (address: string | undefined) => {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(plain) === 4 ? plain.startsWith('127.') : plain === '::1';
};

/**
 * A caller on this machine speaking to us directly. A reverse proxy on this machine connects from
 * loopback too, so a request carrying forwarding headers is someone else's, whatever TRUST_PROXY says.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return LOOPBACK(request.socket.remoteAddress) && LOOPBACK(request.ip);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function withTimeout(check: ReadinessCheck, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(OBSERVABILITY_MESSAGES.checkTimedOut(ms))), ms);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** The routes that end a sign-in, by method (`accent_sign_ins_total`). */
const SIGN_IN_ROUTES: Record<string, string> = {
  'POST /api/auth/login': 'password',
  'POST /api/auth/second-factor': 'second_factor',
  'POST /api/auth/code/verify': 'email_code',
  'POST /api/auth/wallet/sign-in': 'wallet',
  'POST /api/auth/invitation/accept': 'invitation',
};

/**
 * HTTP metrics for every request: in flight now, and its duration by route pattern (not the URL: bounded
 * labels). The requests in flight are also kept by name (`app.openRequests()`), so a shutdown that cuts
 * them can say which.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  const open = new Map<string, string>();
  app.decorate('openRequests', () => [...open.values()]);
  app.addHook('onRequest', async (request, reply) => {
    httpRequestsInFlight.inc();
    const started = performance.now();
    open.set(request.id, `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]} (request ${request.id})`);
    // 'close' fires once for every answer, finished or cut by the client
    reply.raw.once('close', () => {
      open.delete(request.id);
      httpRequestsInFlight.dec();
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.raw.statusCode;
      httpRequestDuration.observe({ method: request.method, route, status: String(status) }, (performance.now() - started) / 1000);
      const signIn = SIGN_IN_ROUTES[`${request.method} ${route}`];
      if (signIn) signIns.inc({ method: signIn, outcome: reply.raw.writableEnded ? signInOutcome(status) : 'abandoned' });
    });
  });
}

export async function observabilityRoutes(app: FastifyInstance, options: ObservabilityOptions): Promise<void> {
  const startedAt = Date.now();
  const tokenDigest = options.metricsToken ? digest(options.metricsToken) : undefined;
  const checkTimeoutMs = options.checkTimeoutMs ?? 2_000;

  const health = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok', version: options.version, uptime: Math.round((Date.now() - startedAt) / 1000) });

  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const names = Object.keys(options.checks);
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(options.checks[name], checkTimeoutMs)));
    const checks = Object.fromEntries(
      names.map((name, i) => {
        const outcome = outcomes[i];
        return [
          name,
          outcome.status === 'fulfilled'
            ? { status: 'ok' }
            : { status: 'failed', detail: (outcome.reason as Error)?.message ?? String(outcome.reason) },
        ];
      }),
    );
    const failed = names.filter((_, i) => outcomes[i].status === 'rejected');
    reply.header('cache-control', 'no-store');
    if (failed.length === 0) return reply.send({ status: 'ready', checks });
    const detail = `Not ready: ${failed.map((name) => `${name} (${(checks[name] as { detail: string }).detail})`).join('; ')}`;
    return reply.code(503).send({ status: 'not_ready', detail, failed, checks });
  };

  const metrics = async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined || !isDirectLoopback(request)) {
      // without a token configured the endpoint is not there for anyone but loopback
      if (!tokenDigest) return reply.code(404).send({ detail: `Not found: ${request.method} /metrics` });
      const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
      if (!given || !timingSafeEqual(digest(given), tokenDigest)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ detail: OBSERVABILITY_MESSAGES.metricsUnauthorized });
      }
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  };

  for (const path of ['/api/health', '/healthz']) app.get(path, { schema: { hide: true }, logLevel: 'warn' }, health);
  for (const path of ['/api/ready', '/readyz']) app.get(path, { schema: { hide: true }, logLevel: 'warn' }, ready);
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, metrics);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests received and not yet answered: "METHOD route (request id)". */
    openRequests(): string[];
  }
}
