// /api/v1/remotes: the registry browsers read (public), and the admin's versioned registry: register a
// checked build, promote, roll back, canary, and the browsers' health beacon.
import { REMOTE_IDS, type RemoteId } from '@accent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { contractMismatch } from '@accent/shared/remotes';
import { z } from 'zod';
import { byCaller, record } from '../audit/audit.js';
import { isStudioOperator } from '../admin/operators.js';
import { requireSecondFactorForAdministration, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { apiErrorSchema } from '../http/api-error.js';
import { HttpError } from '../http/errors.js';
import { successResponseSchema } from '../http/responses.js';
import { recordHealth } from './health.js';
import { remoteReported } from '../observability/metrics.js';
import { discoverReleases, localEntry, releaseEntry } from './local.js';
import { checkBuildFolder, checkRemoteManifest, ManifestProblem, type ManifestCheckOptions } from './manifest.js';
import {
  describeRemote,
  isRegistered,
  listRemotes,
  promote,
  REGISTRY_MESSAGES,
  registerFoundVersions,
  registerVersion,
  resetRemote,
  rollback,
  setCanary,
  type RegistrySources,
} from './registry.js';
import { remoteRegistryResponseSchema } from './schemas.js';

export const REMOTE_MESSAGES = {
  readers: 'Only administrators and studio operators can read the remote registry',
  operatorOnly:
    'Only a studio operator can change the remote registry: every library of this studio loads the same remotes. A library administrator can read it; an operator is named on the server with npm run admin -- operator --email <email>.',
  noOverride: REGISTRY_MESSAGES.notSet,
  tooManyReports: 'Too many reports. Please wait a minute.',
} as const;

/** Beacon reports per minute per user: enough for a page with every area failing, not for a flood. */
export const HEALTH_RATE_LIMIT = 30;

const remoteParamsSchema = z.object({
  id: z.enum(REMOTE_IDS, { error: `Unknown remote; expected one of ${REMOTE_IDS.join(', ')}` }),
});

const versionSchema = z
  .string({ error: 'Version is required' })
  .trim()
  .min(1, 'Version is required')
  .max(64, 'Version is at most 64 characters')
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, 'Version may only contain letters, digits, dots, dashes, plus signs and underscores (e.g. 1.4.0)');

export const remoteUpdateSchema = z.object({
  entry: z
    .string({ error: 'Entry is required' })
    .trim()
    .min(1, 'Entry is required')
    .max(2000)
    .refine((v) => /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v), 'Entry must be an http(s) URL or a path starting with /'),
  version: versionSchema,
});

/** A withdrawn version (a canary rolled back for failing) is promoted only when the caller confirms it. */
const confirmWithdrawnSchema = z.boolean({ error: 'confirmWithdrawn must be true or false' }).optional();
const promoteSchema = z.object({ version: versionSchema, confirmWithdrawn: confirmWithdrawnSchema });
const canarySchema = z.object({
  version: versionSchema,
  percent: z
    .number({ error: 'Percent must be a number' })
    .int('Percent must be a whole number')
    .min(1, 'Percent must be between 1 and 99')
    .max(99, 'Percent must be between 1 and 99'),
});
const healthSchema = z.object({
  version: z.string().trim().min(1).max(64),
  outcome: z.enum(['loaded', 'load-failed', 'render-failed']),
  reference: z.string().regex(/^[A-Za-z0-9-]{6,40}$/, 'Reference must be 6 to 40 letters, digits or dashes'),
  /** the page load the report comes from: one outcome per user, version and page load */
  pageLoad: z.string({ error: 'Page load is required' }).regex(/^[A-Za-z0-9-]{6,40}$/, 'Page load must be 6 to 40 letters, digits or dashes'),
  message: z.string().max(2000).optional(),
});

const servedEntrySchema = remoteRegistryResponseSchema.shape.remotes.element.extend({
  /** current, or canary when this user is in the canary's share */
  channel: z.enum(['current', 'canary']),
  canary: z.object({ version: z.string(), percent: z.number() }).nullable(),
});
const servedListSchema = z.object({ remotes: z.array(servedEntrySchema) });

const versionsResponseSchema = z.object({
  /** whether the caller may change the registry (a studio operator); library administrators read it */
  canChange: z.boolean(),
  current: z.string().nullable(),
  canary: z.object({ version: z.string(), percent: z.number() }).nullable(),
  versions: z.array(
    z.object({
      version: z.string(),
      entry: z.string(),
      registeredAt: z.string(),
      registeredBy: z.string().nullable(),
      status: z.enum(['current', 'canary', 'available', 'withdrawn']),
      requires: z.string().nullable(),
      /** when and why it was withdrawn (null: it is not) */
      withdrawn: z.object({ at: z.string().nullable(), reason: z.string().nullable() }).nullable(),
      health: z.object({ loaded: z.number(), failed: z.number() }),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      version: z.string().nullable(),
      detail: z.string().nullable(),
      at: z.string(),
      by: z.string().nullable(),
    }),
  ),
});
const currentResponseSchema = z.object({ id: z.enum(REMOTE_IDS), current: z.string().nullable() });

export interface RemoteRoutesOptions extends RegistrySources {
  db: Kysely<DB>;
  authenticate: Guard;
  /** where `pnpm release` puts immutable releases */
  releasesDir: string;
  manifest: Omit<ManifestCheckOptions, 'app'>;
}

export const remoteRoutes: FastifyPluginAsyncZod<RemoteRoutesOptions> = async (
  app,
  { db, authenticate, local, overrides, releasesDir, manifest },
) => {
  const sources: RegistrySources = { local, overrides };
  // The builds on this server's disk become versions (the built dist/ is each remote's first one), once
  // they pass the checks of a registration: a folder that is not a complete build of that remote and
  // version, or needs another studio contract, is left out with a warning.
  const found = [
    ...local.map((l) => ({ id: l.id, version: l.version, entry: localEntry(l.id), dir: l.distDir })),
    ...discoverReleases(releasesDir).map((r) => ({ id: r.id, version: r.version, entry: releaseEntry(r.id, r.version), dir: r.dir })),
  ].flatMap((f) => {
    try {
      return [{ ...f, facts: checkBuildFolder(f.id, f.version, f.entry, f.dir, manifest.contractVersion) }];
    } catch (error) {
      if (!(error instanceof ManifestProblem)) throw error;
      app.log.warn(`${f.entry} is not registered: ${error.message}`);
      return [];
    }
  });
  // once the server is ready: it migrates its database after building the app
  app.addHook('onReady', async () => {
    await registerFoundVersions(db, found);
  });

  /** A registered version is served only while this studio provides the contract it needs. */
  const servable = async (request: FastifyRequest) => {
    const { id } = request.params as { id: RemoteId };
    const { version } = request.body as { version: string };
    const row = await db
      .selectFrom('remote_versions')
      .select('requires')
      .where('remote_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    const mismatch = row ? contractMismatch(id, version, row.requires, manifest.contractVersion) : null;
    if (mismatch) throw new HttpError(422, mismatch);
  };
  // Reading: any library's administrators and the studio operators. Changing: operators only, read from
  // the database on every request (npm run admin -- operator names and revokes them).
  const readers: Guard = async (request) => {
    if (request.user.role !== 'admin' && !(await isStudioOperator(db, request.user.id))) throw new HttpError(403, REMOTE_MESSAGES.readers);
    await requireSecondFactorForAdministration(request);
  };
  const operatorOnly: Guard = async (request) => {
    if (!(await isStudioOperator(db, request.user.id))) throw new HttpError(403, REMOTE_MESSAGES.operatorOnly);
    await requireSecondFactorForAdministration(request);
  };
  /** Who reads the registry: the trail names people to an operator, or to administrators of the actor's library. */
  const viewerOf = async (request: FastifyRequest) => ({ libraryId: request.user.libraryId, operator: await isStudioOperator(db, request.user.id) });
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
  const operator = { onRequest: [authenticate, operatorOnly] };
  const security = [{ bearerAuth: [] }];
  const tags = ['remotes'];

  /** The signed-in caller's id, or null: the registry also answers before sign-in. */
  const callerId = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return null;
    try {
      await authenticate(request);
      return request.user.id;
    } catch {
      return null;
    }
  };

  /** The manifest check; its refusals are 422 with the reason. */
  const checked = async (id: RemoteId, version: string, entry: string) => {
    try {
      return await checkRemoteManifest(id, version, entry, { app, ...manifest });
    } catch (error) {
      if (error instanceof ManifestProblem) throw new HttpError(422, error.message);
      throw error;
    }
  };

  app.get(
    '/remotes',
    {
      schema: {
        tags,
        summary: 'Where each remote build lives (public: the shell reads it before sign-in; a signed-in user may be given a canary)',
        response: { 200: servedListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { remotes: await listRemotes(db, sources, await callerId(request)) };
    },
  );

  app.get(
    '/remotes/:id/versions',
    {
      onRequest: [authenticate, readers],
      schema: {
        tags,
        summary:
          "A remote's versions, current, canary, health per version and last changes (administrators and studio operators; changing it is the operators')",
        security,
        params: remoteParamsSchema,
        response: { 200: versionsResponseSchema, ...errors },
      },
    },
    async (request) => describeRemote(db, request.params.id, sources, await viewerOf(request)),
  );

  app.post(
    '/remotes/:id/versions',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Register a build: its manifest must answer, be this remote, carry this version and need a contract this studio provides',
        security,
        params: remoteParamsSchema,
        body: remoteUpdateSchema,
        response: { 201: versionsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { version, entry } = request.body;
      if (await isRegistered(db, id, version)) throw new HttpError(409, REGISTRY_MESSAGES.exists(id, version));
      const facts = await checked(id, version, entry);
      await registerVersion(db, { id, version, entry, facts, actorId: request.user.id });
      await record(db, { ...byCaller(request), action: 'remote.register', target: id, details: { version, entry } });
      return reply.code(201).send(await describeRemote(db, id, sources, await viewerOf(request)));
    },
  );

  app.post(
    '/remotes/:id/promote',
    {
      ...operator,
      preHandler: servable,
      schema: {
        tags,
        summary: 'Make a registered version current',
        security,
        params: remoteParamsSchema,
        body: promoteSchema,
        response: { 200: currentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = await promote(db, request.params.id, request.body.version, request.user.id, sources, {
        confirmWithdrawn: request.body.confirmWithdrawn,
      });
      await record(db, { ...byCaller(request), action: 'remote.promote', target: request.params.id, details: { version: request.body.version } });
      return { id: request.params.id, current };
    },
  );

  app.post(
    '/remotes/:id/rollback',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Back to the version that was current before',
        security,
        params: remoteParamsSchema,
        response: { 200: currentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = await rollback(db, request.params.id, request.user.id, sources);
      await record(db, { ...byCaller(request), action: 'remote.rollback', target: request.params.id });
      return { id: request.params.id, current };
    },
  );

  app.put(
    '/remotes/:id/canary',
    {
      ...operator,
      preHandler: servable,
      schema: {
        tags,
        summary: 'Serve a registered version to a share of users (sticky per user)',
        security,
        params: remoteParamsSchema,
        body: canarySchema,
        response: { 200: versionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setCanary(db, request.params.id, request.body, request.user.id, sources);
      await record(db, { ...byCaller(request), action: 'remote.canary', target: request.params.id, details: { ...request.body } });
      return describeRemote(db, request.params.id, sources, await viewerOf(request));
    },
  );

  app.delete(
    '/remotes/:id/canary',
    {
      ...operator,
      schema: { tags, summary: 'Stop the canary', security, params: remoteParamsSchema, response: { 200: versionsResponseSchema, ...errors } },
    },
    async (request) => {
      await setCanary(db, request.params.id, null, request.user.id, sources);
      await record(db, { ...byCaller(request), action: 'remote.canary', target: request.params.id, details: { stopped: true } });
      return describeRemote(db, request.params.id, sources, await viewerOf(request));
    },
  );

  app.put(
    '/remotes/:id',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Register (checked like POST …/versions) and promote a build in one call',
        security,
        params: remoteParamsSchema,
        body: remoteUpdateSchema.extend({ confirmWithdrawn: confirmWithdrawnSchema }),
        response: { 200: remoteRegistryResponseSchema.shape.remotes.element, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, entry } = request.body;
      const known = await isRegistered(db, id, version);
      if (known && known.entry !== entry) throw new HttpError(409, REGISTRY_MESSAGES.exists(id, version));
      if (!known) await registerVersion(db, { id, version, entry, facts: await checked(id, version, entry), actorId: request.user.id });
      await promote(db, id, version, request.user.id, sources, { confirmWithdrawn: request.body.confirmWithdrawn });
      await record(db, { ...byCaller(request), action: 'remote.promote', target: id, details: { version, entry } });
      return { id, name: `mfe_${id}`, entry, version };
    },
  );

  app.delete(
    '/remotes/:id',
    {
      ...operator,
      schema: {
        tags,
        summary: "Drop the admin's choices for a remote (back to the configured or local build)",
        security,
        params: remoteParamsSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await resetRemote(db, request.params.id, request.user.id))) throw new HttpError(404, REMOTE_MESSAGES.noOverride(request.params.id));
      await record(db, { ...byCaller(request), action: 'remote.reset', target: request.params.id });
      return { status: 'success' as const };
    },
  );

  app.post(
    '/remotes/:id/health',
    {
      onRequest: [authenticate],
      config: {
        rateLimit: {
          max: HEALTH_RATE_LIMIT,
          timeWindow: 60_000,
          // per user, once the session is known: an office behind one address is many users, and one
          // user's forged page loads stay few
          hook: 'preHandler',
          keyGenerator: (request) => request.user.id,
          errorResponseBuilder: () => new HttpError(429, REMOTE_MESSAGES.tooManyReports),
        },
      },
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary:
          "A signed-in browser's report of loading or rendering a remote version (rate-limited): counted once per page load, only from users given that version; failures of a canary may roll it back",
        security,
        params: remoteParamsSchema,
        body: healthSchema,
        response: {
          202: z.object({ reference: z.string(), counted: z.boolean(), rolledBack: z.boolean() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { version, outcome, reference, pageLoad, message } = request.body;
      const result = await recordHealth(
        db,
        { reference, id: request.params.id, version, outcome, message: message ?? null, userId: request.user.id, pageLoad },
        sources,
      );
      if (result.counted) remoteReported(request.params.id, version, outcome);
      if (result.rolledBack) request.log.warn({ remote: request.params.id, version }, 'canary rolled back automatically');
      return reply.code(202).send({ reference, ...result });
    },
  );
};
