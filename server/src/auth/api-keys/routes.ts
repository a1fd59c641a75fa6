// Managing API keys: one's own personal keys (/api/v1/api-keys, Profile → API keys) and, for
// administrators, the library's service keys and every key of the library (/api/v1/admin/api-keys,
// Admin → API keys). These routes take a sign-in only: a key never makes or revokes keys.
import {
  ADMIN_MESSAGES,
  API_KEY_TEXTS,
  API_KEYS_PER_OWNER,
  apiKeyCreatedSchema,
  apiKeyCreateRequestSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  type ApiKey,
  type ApiKeyKind,
} from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { byCaller, record } from '../../audit/audit.js';
import type { DB } from '../../db/schema.js';
import { toCount, toIso, toJson } from '../../db/values.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import { requireRole, type Guard } from '../guard.js';
import { newApiKey, withApiKeys } from './keys.js';

export interface ApiKeyRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
}

type Scope = { library: string; owner?: string; kind?: ApiKeyKind };

function listKeys(db: Kysely<DB>, scope: Scope, id?: string) {
  let query = withApiKeys(db)
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.owner_id')
    .select([
      'k.id',
      'k.name',
      'k.kind',
      'k.prefix',
      'k.scopes',
      'k.created_at',
      'k.expires_at',
      'k.last_used_at',
      'k.revoked_at',
      'u.email as owner_email',
    ])
    .where('k.library_id', '=', scope.library);
  if (scope.owner) query = query.where('k.owner_id', '=', scope.owner);
  if (scope.kind) query = query.where('k.kind', '=', scope.kind);
  if (id) query = query.where('k.id', '=', id);
  return query.orderBy('k.created_at', 'desc').orderBy('k.id').limit(500).execute();
}

const toApiKey = (row: Awaited<ReturnType<typeof listKeys>>[number]): ApiKey => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  prefix: row.prefix,
  scopes: typeof row.scopes === 'string' ? JSON.parse(row.scopes) : row.scopes,
  owner_email: row.owner_email,
  created_at: toIso(row.created_at),
  expires_at: row.expires_at ? toIso(row.expires_at) : null,
  last_used_at: row.last_used_at ? toIso(row.last_used_at) : null,
  revoked_at: row.revoked_at ? toIso(row.revoked_at) : null,
});

export const apiKeyRoutes: FastifyPluginAsyncZod<ApiKeyRoutesOptions> = async (app, { db, authenticate }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  const common = { tags: ['api-keys'], security: [{ bearerAuth: [] }] };
  const admins = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];

  async function create(request: FastifyRequest, kind: ApiKeyKind, body: { name: string; scopes: ApiKey['scopes']; expires_at?: string | null }) {
    const { id: owner, libraryId, role, aal } = request.user;
    if (body.scopes.includes('admin') && role !== 'admin') throw new HttpError(403, API_KEY_TEXTS.adminScopeNeedsAdmin);
    const made = newApiKey();
    const id = await db.transaction().execute(async (trx) => {
      // the owner's row locked: two creations at once cannot both pass the count
      await trx.selectFrom('users').select('id').where('id', '=', owner).forUpdate().execute();
      const live = await withApiKeys(trx)
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', owner)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirstOrThrow();
      if (toCount(live.n as number) >= API_KEYS_PER_OWNER) throw new HttpError(409, API_KEY_TEXTS.tooMany);
      const row = await withApiKeys(trx)
        .insertInto('api_keys')
        .values({
          library_id: libraryId,
          owner_id: owner,
          kind,
          name: body.name,
          prefix: made.prefix,
          key_hash: made.hash,
          scopes: toJson(body.scopes),
          aal,
          expires_at: body.expires_at ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await record(trx, {
        ...byCaller(request),
        action: 'api_key.create',
        target: `${body.name} (${made.prefix}…)`,
        details: { key_id: row.id, kind, scopes: body.scopes, expires_at: body.expires_at ?? null },
      });
      return row.id;
    });
    const [row] = await listKeys(db, { library: libraryId }, id);
    return { ...toApiKey(row), key: made.key };
  }

  async function revoke(request: FastifyRequest, scope: Scope, id: string) {
    const [row] = await listKeys(db, scope, id);
    if (!row) throw new HttpError(404, API_KEY_TEXTS.notFound);
    if (row.revoked_at) return;
    await db.transaction().execute(async (trx) => {
      const done = await withApiKeys(trx)
        .updateTable('api_keys')
        .set({ revoked_at: sql<Date>`now()` as never, revoked_by: request.user.id })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return;
      await record(trx, {
        ...byCaller(request),
        action: 'api_key.revoke',
        target: `${row.name} (${row.prefix}…)`,
        details: { key_id: id, kind: row.kind, owner: row.owner_email },
      });
    });
  }

  // ---- one's own personal keys ----
  app.get(
    '/api-keys',
    { onRequest: [authenticate], schema: { ...common, summary: 'My personal API keys', response: { 200: apiKeyListSchema, ...errors } } },
    async (request) => ({
      keys: (await listKeys(db, { library: request.user.libraryId, owner: request.user.id, kind: 'personal' })).map(toApiKey),
    }),
  );
  app.post(
    '/api-keys',
    {
      onRequest: [authenticate],
      schema: {
        ...common,
        summary: 'Make a personal API key: the key is in this answer only',
        body: apiKeyCreateRequestSchema,
        response: { 201: apiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await create(request, 'personal', request.body)),
  );
  app.delete(
    '/api-keys/:id',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: 'Revoke one of my API keys (at once)', params: apiKeyIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await revoke(request, { library: request.user.libraryId, owner: request.user.id, kind: 'personal' }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---- administrators: service keys, and every key of the library ----
  app.get(
    '/admin/api-keys',
    {
      onRequest: admins,
      schema: { ...common, summary: "The library's API keys (service and personal)", response: { 200: apiKeyListSchema, ...errors } },
    },
    async (request) => ({
      keys: (await listKeys(db, { library: request.user.libraryId })).map(toApiKey),
    }),
  );
  app.post(
    '/admin/api-keys',
    {
      onRequest: admins,
      schema: {
        ...common,
        summary: 'Make a service API key (acts as the administrator who made it): the key is in this answer only',
        body: apiKeyCreateRequestSchema,
        response: { 201: apiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await create(request, 'service', request.body)),
  );
  app.delete(
    '/admin/api-keys/:id',
    {
      onRequest: admins,
      schema: {
        ...common,
        summary: 'Revoke any API key of the library (at once)',
        params: apiKeyIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revoke(request, { library: request.user.libraryId }, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
