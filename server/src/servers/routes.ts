// The server registry in the app: this process registers at start (after the migrations, before any job
// runs), Admin → Settings lists every server, and a worker (SERVER_ROLE=worker) answers nothing but its
// health and metrics.
import { ADMIN_MESSAGES, serversResponseSchema } from '@accent/shell-common';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { apiErrorSchema } from '../http/api-error.js';
import { listServers, registerServer, type Registration, type RegistryOptions, type ServerIdentity } from './registry.js';

export interface ServerRegistry {
  /** this process's row, once registered */
  readonly id: string | null;
  /** refuses (StorageSplitError) when this server's folder would split the files of the running ones */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createServerRegistry(db: Kysely<DB>, identity: () => ServerIdentity, options: RegistryOptions = {}): ServerRegistry {
  let registration: Registration | null = null;
  return {
    get id() {
      return registration?.id ?? null;
    },
    async start() {
      registration ??= await registerServer(db, identity(), options);
    },
    async stop() {
      const current = registration;
      registration = null;
      await current?.stop();
    },
  };
}

export interface ServerRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  registry: ServerRegistry;
}

export const serverRoutes: FastifyPluginAsyncZod<ServerRoutesOptions> = async (app, { db, authenticate, registry }) => {
  app.get(
    '/servers',
    {
      onRequest: [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)],
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The server processes sharing this database: role, version, storage, last heartbeat',
        response: { 200: serversResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ servers: await listServers(db, registry.id) }),
  );
};

/** What a worker answers: probes and metrics. */
export const WORKER_PATHS = new Set(['/api/health', '/api/ready', '/healthz', '/readyz', '/metrics']);
export const WORKER_MESSAGES = {
  notServed: 'This server is a worker (SERVER_ROLE=worker): it runs jobs and answers only /api/health, /api/ready and /metrics.',
} as const;

/** SERVER_ROLE=worker: every other path answers 404 before any route (or the app's pages) sees it. */
export function serveOnlyProbes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!WORKER_PATHS.has(path)) return reply.code(404).send({ detail: WORKER_MESSAGES.notServed });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this process in the database's server registry (main.ts starts it after the migrations) */
    servers: ServerRegistry;
  }
}
