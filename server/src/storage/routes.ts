// `/storage/v1` speaking the Supabase Storage protocol, so the browser's supabase-js
// `supabase.storage.from(bucket)` works against this server exactly as against a hosted project:
// buckets, upload (raw body or multipart form; upsert off unless asked), download (authenticated,
// public, signed), info, list, move, copy, remove, signed download and upload URLs. Every request that
// carries a user runs its SQL in one transaction as that user (role authenticated, their claims), so
// the policies of migration 022 decide what they see and change. Errors are `{statusCode, error, message}`.
import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { record } from '../audit/audit.js';
import type { DB } from '../db/schema.js';
import { createVerifyCaller, type GatewayCaller } from '../gateway/auth.js';
import { GatewayError } from '../gateway/errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, inputErrorFromDatabase, isDatabaseUnavailable } from '../http/database-errors.js';
import { StorageHttpError, storageErrors } from './errors.js';
import { checkBucketId, newObjectName, normalizeObjectName, normalizePrefix, splitBucketPath } from './keys.js';
import { DOCUMENTS_BUCKET, fromDatabaseError, mimeAllowed, type BucketRow, type CallerRunner, type ObjectRow, type Storage } from './service.js';
import { registerTus } from './tus.js';

export const STORAGE_PATH = '/storage/v1';
/** A signed upload URL lasts two hours, as Supabase's. */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;
const MAX_SIGNED_SECONDS = 365 * 24 * 60 * 60;
const MAX_METADATA_BYTES = 8 * 1024;

export interface StorageRouteOptions {
  db: Kysely<DB>;
  storage: Storage;
  jwtSecret: string;
  /** requests per minute per address on uploads and signing */
  rateLimit: number;
}

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
};
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw storageErrors.invalidInput(firstIssue(result.error));
  return result.data;
}

const SIZE_MESSAGE = 'must be a positive number of bytes or a size such as 5MB';
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
/** `5242880`, `'5MB'`, `'100 KB'` → bytes (what supabase-js's fileSizeLimit accepts); null → no own limit. */
const fileSizeLimit = z
  .union([z.number().int().positive(), z.string().regex(/^\s*\d+(\.\d+)?\s*(b|kb|mb|gb)?\s*$/i, SIZE_MESSAGE), z.null()], { error: SIZE_MESSAGE })
  .optional()
  .transform((value) => {
    if (value === undefined || value === null) return value;
    if (typeof value === 'number') return value;
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value)!;
    return Math.round(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]);
  });
const mimeList = z.array(z.string().regex(/^[\w.+-]+\/([\w.+-]+|\*)$/, 'must be a MIME type such as image/png or image/*').max(200)).max(100).nullable().optional();

const createBucketSchema = z.object({
  id: z.string().max(63).optional(),
  name: z.string().max(63).optional(),
  public: z.boolean().optional(),
  file_size_limit: fileSizeLimit,
  allowed_mime_types: mimeList,
});
const updateBucketSchema = z.object({ public: z.boolean().optional(), file_size_limit: fileSizeLimit, allowed_mime_types: mimeList });
const listBucketsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().max(200).optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
const listSchema = z.object({
  prefix: z.string().max(1024).optional(),
  limit: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({ column: z.enum(['name', 'created_at', 'updated_at', 'last_accessed_at']).default('name'), order: z.enum(['asc', 'desc']).default('asc') })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().max(1024).optional(),
});
const moveSchema = z.object({
  bucketId: z.string().max(63),
  sourceKey: z.string().max(2048),
  destinationKey: z.string().max(2048),
  destinationBucket: z.string().max(63).nullish(),
});
const removeSchema = z.object({ prefixes: z.array(z.string().max(2048)).min(1, 'name at least one object').max(1000, 'at most 1000 objects at once') });
const expiresIn = z.coerce.number().int('must be a whole number of seconds').min(1, 'must be at least 1 second').max(MAX_SIGNED_SECONDS, 'must be at most a year');
const signSchema = z.object({ expiresIn });
const signManySchema = z.object({ expiresIn, paths: z.array(z.string().max(2048)).min(1).max(1000) });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const bucketOut = (b: BucketRow) => ({
  id: b.id,
  name: b.name,
  owner: b.owner ?? '',
  public: b.public,
  file_size_limit: b.file_size_limit == null ? null : Number(b.file_size_limit),
  allowed_mime_types: b.allowed_mime_types,
  type: 'STANDARD',
  created_at: b.created_at,
  updated_at: b.updated_at,
});

const objectOut = (o: ObjectRow) => ({
  id: o.id,
  name: o.name,
  bucket_id: o.bucket_id,
  owner: o.owner ?? '',
  created_at: o.created_at,
  updated_at: o.updated_at,
  last_accessed_at: o.last_accessed_at,
  metadata: o.metadata,
});

/** A Content-Disposition header for a download under `fileName`. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const storageRoutes: FastifyPluginAsync<StorageRouteOptions> = async (app, options) => {
  const { db, storage } = options;
  const verifyCaller = createVerifyCaller(options.jwtSecret);
  const signingKey = new TextEncoder().encode(`${options.jwtSecret}:storage-signed-url`);
  const limited = { rateLimit: { max: options.rateLimit, timeWindow: 60_000 } };

  async function callerOf(request: FastifyRequest): Promise<GatewayCaller> {
    try {
      return await verifyCaller(request.headers.authorization);
    } catch (error) {
      if (error instanceof GatewayError) throw new StorageHttpError(error.status, 'InvalidJWT', error.message);
      throw error;
    }
  }
  const libraryOf = (caller: GatewayCaller) => caller.claims.lib as string;
  /**
   * The audit record of a change made in `run`'s transaction, under the library and email the caller has
   * now (what that transaction's policies judged them by), not the ones their token was signed with.
   */
  const audit = (request: FastifyRequest, run: CallerRunner, action: Parameters<typeof record>[1]['action'], target: string, details: Record<string, unknown> = {}) => {
    const caller = run.current;
    if (!caller) throw new Error('storage: an audit record before the change it records');
    return record(db, { libraryId: caller.libraryId, actor: { id: caller.userId, email: caller.email }, action, target, details, ip: request.ip });
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let failure: StorageHttpError;
    const mapped = fromDatabaseError(error);
    if (mapped instanceof StorageHttpError) failure = mapped;
    else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'storage: database unavailable');
      failure = new StorageHttpError(503, 'DatabaseUnavailable', DATABASE_UNAVAILABLE);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else {
      const fromDatabase = inputErrorFromDatabase(error);
      if (fromDatabase) failure = new StorageHttpError(fromDatabase.statusCode, 'Invalid Input', fromDatabase.detail);
      else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') failure = storageErrors.invalidInput('The body is not valid JSON');
      else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') failure = storageErrors.invalidInput('The request body is too large');
      else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) failure = new StorageHttpError(error.statusCode, 'Error', error.message);
      else {
        request.log.error({ err: error }, 'storage: unexpected error');
        failure = new StorageHttpError(500, 'Internal', 'Internal server error');
      }
    }
    return reply.code(failure.status).type('application/json; charset=utf-8').send(failure.body());
  });

  // ------------------------------------------------------------------------------------------------
  // Buckets
  app.get('/bucket', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const q = parse(listBucketsQuery, request.query);
    const column = sql.raw(q.sortColumn ?? 'name');
    const order = sql.raw(q.sortOrder === 'desc' ? 'DESC' : 'ASC');
    const rows = await storage.asCaller(caller)((trx) =>
      sql<BucketRow>`SELECT * FROM public.storage_buckets
        WHERE library_id = ${libraryOf(caller)} ${q.search ? sql`AND name ILIKE ${`%${escapeLike(q.search)}%`}` : sql``}
        ORDER BY ${column} ${order} LIMIT ${q.limit ?? 1000} OFFSET ${q.offset ?? 0}`.execute(trx),
    );
    return rows.rows.map(bucketOut);
  });

  app.get<{ Params: { id: string } }>('/bucket/:id', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const id = checkBucketId(request.params.id);
    return bucketOut(await storage.asCaller(caller)((trx) => storage.findBucket(trx, libraryOf(caller), id)));
  });

  app.post('/bucket', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const body = parse(createBucketSchema, request.body);
    const id = checkBucketId(body.id ?? body.name ?? '');
    const run = storage.asCaller(caller);
    try {
      await run((trx) =>
        sql`INSERT INTO public.storage_buckets (library_id, id, name, owner, public, file_size_limit, allowed_mime_types)
          VALUES (${libraryOf(caller)}, ${id}, ${id}, ${caller.userId}, ${body.public ?? false}, ${body.file_size_limit ?? null}, ${body.allowed_mime_types ?? null})`.execute(trx),
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw /public/.test(String((error as { constraint?: string; message?: string }).constraint ?? (error as { message?: string }).message)) ? storageErrors.publicNameTaken(id) : storageErrors.duplicate();
      }
      if ((error as { code?: string }).code === '42501') throw storageErrors.adminOnly();
      throw error;
    }
    await audit(request, run, 'storage.bucket_create', id, { public: body.public ?? false });
    return { name: id };
  });

  app.put<{ Params: { id: string } }>('/bucket/:id', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const id = checkBucketId(request.params.id);
    const body = parse(updateBucketSchema, request.body);
    const run = storage.asCaller(caller);
    const changed = await run(async (trx) => {
      await storage.findBucket(trx, libraryOf(caller), id);
      const set = [
        ...(body.public !== undefined ? [sql`public = ${body.public}`] : []),
        ...(body.file_size_limit !== undefined ? [sql`file_size_limit = ${body.file_size_limit}`] : []),
        ...(body.allowed_mime_types !== undefined ? [sql`allowed_mime_types = ${body.allowed_mime_types}`] : []),
      ];
      if (set.length === 0) return 1;
      const result = await sql`UPDATE public.storage_buckets SET ${sql.join(set)} WHERE library_id = ${libraryOf(caller)} AND id = ${id}`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    }).catch((error: { code?: string; constraint?: string; message?: string }) => {
      if (error.code === '23505') throw storageErrors.publicNameTaken(id);
      throw error;
    });
    if (changed === 0) throw storageErrors.adminOnly();
    await audit(request, run, 'storage.bucket_update', id, body);
    return { message: 'Successfully updated' };
  });

  app.post<{ Params: { id: string } }>('/bucket/:id/empty', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const id = checkBucketId(request.params.id);
    const run = storage.asCaller(caller);
    const versions = await run(async (trx, now) => {
      await storage.findBucket(trx, libraryOf(caller), id);
      if (now.role !== 'admin') throw storageErrors.adminOnly();
      const removed = await sql<{ version: string | null }>`
        DELETE FROM public.storage_objects WHERE library_id = ${libraryOf(caller)} AND bucket_id = ${id} RETURNING version`.execute(trx);
      return removed.rows.map((r) => r.version);
    });
    await storage.removeContents(libraryOf(caller), versions);
    await audit(request, run, 'storage.bucket_empty', id, { objects: versions.length });
    return { message: 'Successfully emptied' };
  });

  app.delete<{ Params: { id: string } }>('/bucket/:id', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const id = checkBucketId(request.params.id);
    if (id === DOCUMENTS_BUCKET) throw storageErrors.invalidInput('The documents bucket holds the files agents create; it cannot be deleted (empty it instead)');
    const run = storage.asCaller(caller);
    await run(async (trx, now) => {
      await storage.findBucket(trx, libraryOf(caller), id);
      if (now.role !== 'admin') throw storageErrors.adminOnly();
      // an administrator sees every object of the library: any left keeps the bucket
      const held = await sql`SELECT 1 FROM public.storage_objects WHERE library_id = ${libraryOf(caller)} AND bucket_id = ${id} LIMIT 1`.execute(trx);
      if (held.rows.length > 0) throw storageErrors.bucketNotEmpty();
      await sql`DELETE FROM public.storage_buckets WHERE library_id = ${libraryOf(caller)} AND id = ${id}`.execute(trx);
    });
    await audit(request, run, 'storage.bucket_delete', id);
    return { message: 'Successfully deleted' };
  });

  // ------------------------------------------------------------------------------------------------
  // Objects: reading, listing, moving, copying, removing, signing
  async function visibleObject(trx: Kysely<DB>, libraryId: string, bucketId: string, name: string): Promise<ObjectRow> {
    const result = await sql<ObjectRow>`
      SELECT * FROM public.storage_objects WHERE library_id = ${libraryId} AND bucket_id = ${bucketId} AND name = ${name}`.execute(trx);
    if (!result.rows[0]) {
      await storage.findBucket(trx, libraryId, bucketId);
      throw storageErrors.objectNotFound();
    }
    return result.rows[0];
  }

  async function sendObject(request: FastifyRequest, reply: FastifyReply, row: ObjectRow) {
    const meta = row.metadata as { mimetype?: string; size?: number; eTag?: string; cacheControl?: string };
    const size = Number(meta.size ?? 0);
    // one byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`), as media players and PDF viewers ask
    const asked = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? '').trim());
    let range: { start: number; end: number } | undefined;
    if (asked && (asked[1] || asked[2])) {
      const start = asked[1] ? Number(asked[1]) : Math.max(0, size - Number(asked[2]));
      const end = asked[1] && asked[2] ? Math.min(Number(asked[2]), size - 1) : size - 1;
      if (start > end || start >= size) {
        return reply.code(416).header('content-range', `bytes */${size}`).send({ statusCode: '416', error: 'InvalidRange', message: 'The requested range is not satisfiable' });
      }
      range = { start, end };
    }
    const contents: Readable | null = await storage.readContents(row, range);
    if (!contents) throw storageErrors.objectNotFound();
    const download = (request.query as { download?: string }).download;
    reply
      .header('content-type', meta.mimetype ?? 'application/octet-stream')
      .header('content-length', String(range ? range.end - range.start + 1 : size))
      .header('accept-ranges', 'bytes')
      .header('cache-control', meta.cacheControl ?? 'max-age=3600')
      .header('last-modified', new Date(row.updated_at).toUTCString());
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    if (meta.eTag) reply.header('etag', meta.eTag);
    if (download !== undefined) reply.header('content-disposition', attachment(download || row.name.split('/').pop()!));
    return reply.send(contents);
  }

  const download = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const caller = await callerOf(request);
    const { bucketId, name } = splitBucketPath(request.params['*']);
    const row = await storage.asCaller(caller)((trx) => visibleObject(trx, libraryOf(caller), bucketId, name));
    return sendObject(request, reply, row);
  };
  const noCompression = { schema: { hide: true }, compress: false as const };
  app.get('/object/authenticated/*', noCompression, download);

  app.get<{ Params: { '*': string } }>('/object/public/*', noCompression, async (request, reply) => {
    const { bucketId, name } = splitBucketPath(request.params['*']);
    const bucket = await sql<{ library_id: string }>`SELECT library_id FROM public.storage_buckets WHERE id = ${bucketId} AND public`.execute(db);
    if (!bucket.rows[0]) throw storageErrors.bucketNotFound();
    const row = await sql<ObjectRow>`
      SELECT * FROM public.storage_objects WHERE library_id = ${bucket.rows[0].library_id} AND bucket_id = ${bucketId} AND name = ${name}`.execute(db);
    if (!row.rows[0]) throw storageErrors.objectNotFound();
    return sendObject(request, reply, row.rows[0]);
  });

  app.get<{ Params: { '*': string } }>('/object/info/*', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const path = request.params['*'].replace(/^(authenticated|public)\//, '');
    const { bucketId, name } = splitBucketPath(path);
    const row = await storage.asCaller(caller)((trx) => visibleObject(trx, libraryOf(caller), bucketId, name));
    const meta = row.metadata as { mimetype?: string; size?: number; eTag?: string; cacheControl?: string; lastModified?: string };
    return {
      id: row.id,
      version: row.version,
      name: row.name,
      bucket_id: row.bucket_id,
      owner: row.owner ?? '',
      created_at: row.created_at,
      updated_at: row.updated_at,
      last_accessed_at: row.last_accessed_at,
      size: meta.size ?? 0,
      content_type: meta.mimetype ?? 'application/octet-stream',
      cache_control: meta.cacheControl ?? 'max-age=3600',
      etag: meta.eTag ?? '',
      last_modified: meta.lastModified ?? row.updated_at,
      metadata: row.user_metadata,
    };
  });

  app.post<{ Params: { bucket: string } }>('/object/list/:bucket', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const bucketId = checkBucketId(request.params.bucket);
    const body = parse(listSchema, request.body);
    const prefix = normalizePrefix(body.prefix);
    const folder = prefix ? `${prefix}/` : '';
    const column = sql.raw(body.sortBy.column === 'name' ? 'name COLLATE "C"' : body.sortBy.column);
    const order = sql.raw(body.sortBy.order === 'desc' ? 'DESC' : 'ASC');
    const search = body.search ? `${escapeLike(body.search)}%` : '%';
    const rows = await storage.asCaller(caller)(async (trx) => {
      await storage.findBucket(trx, libraryOf(caller), bucketId);
      // one level under the prefix: a deeper object shows as its folder (id and dates null), as Supabase lists
      return sql<Record<string, unknown>>`
        WITH level AS (
          SELECT o.*, substr(o.name, char_length(${folder}::text) + 1) AS rest
          FROM public.storage_objects o
          WHERE o.library_id = ${libraryOf(caller)} AND o.bucket_id = ${bucketId} AND o.name LIKE ${`${escapeLike(folder)}%`}
        ), items AS (
          SELECT split_part(rest, '/', 1) AS name, NULL::uuid AS id, NULL::timestamptz AS updated_at, NULL::timestamptz AS created_at,
                 NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata
            FROM level WHERE position('/' in rest) > 0 GROUP BY split_part(rest, '/', 1)
          UNION ALL
          SELECT rest, id, updated_at, created_at, last_accessed_at, metadata FROM level WHERE position('/' in rest) = 0
        )
        SELECT * FROM items WHERE name ILIKE ${search}
        ORDER BY ${column} ${order} NULLS FIRST, name COLLATE "C" ASC
        LIMIT ${body.limit} OFFSET ${body.offset}`.execute(trx);
    });
    return rows.rows;
  });

  /** Another bucket takes an object moved or copied into it only within its own size limit and types. */
  function admits(bucket: BucketRow, object: ObjectRow) {
    const meta = object.metadata as { size?: number; mimetype?: string };
    const limit = storage.sizeLimitOf(bucket);
    if (Number(meta.size ?? 0) > limit) throw storageErrors.tooLarge(limit);
    const type = meta.mimetype ?? 'application/octet-stream';
    if (!mimeAllowed(type, bucket.allowed_mime_types)) throw storageErrors.mimeNotAllowed(type);
  }

  function destinationOf(body: z.infer<typeof moveSchema>) {
    const bucketId = checkBucketId(body.bucketId);
    return {
      bucketId,
      source: normalizeObjectName(body.sourceKey),
      toBucket: body.destinationBucket ? checkBucketId(body.destinationBucket) : bucketId,
      destination: newObjectName(body.destinationKey),
    };
  }

  app.post('/object/move', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const { bucketId, source, toBucket, destination } = destinationOf(parse(moveSchema, request.body));
    const lib = libraryOf(caller);
    const run = storage.asCaller(caller);
    await run(async (trx) => {
      const found = await visibleObject(trx, lib, bucketId, source);
      if (toBucket !== bucketId) admits(await storage.findBucket(trx, lib, toBucket), found);
      const moved = await sql`
        UPDATE public.storage_objects SET bucket_id = ${toBucket}, name = ${destination}, updated_at = now()
        WHERE library_id = ${lib} AND bucket_id = ${bucketId} AND name = ${source}`.execute(trx);
      if (Number(moved.numAffectedRows ?? 0n) === 0) throw storageErrors.rls();
    });
    await audit(request, run, 'storage.move', `${bucketId}/${source}`, { to: `${toBucket}/${destination}` });
    return { message: 'Successfully moved' };
  });

  app.post('/object/copy', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const { bucketId, source, toBucket, destination } = destinationOf(parse(moveSchema, request.body));
    const lib = libraryOf(caller);
    const run = storage.asCaller(caller);
    const row = await run(async (trx) => {
      const found = await visibleObject(trx, lib, bucketId, source);
      if (toBucket !== bucketId) admits(await storage.findBucket(trx, lib, toBucket), found);
      return found;
    });
    await storage.checkQuota(lib, Number((row.metadata as { size?: number }).size ?? 0), 1);
    const version = await storage.copyContents(row, lib);
    let committed = false;
    try {
      const copy = await run(async (trx) => {
        const inserted = await sql<{ id: string }>`
          INSERT INTO public.storage_objects (library_id, bucket_id, name, owner, metadata, user_metadata, version, content)
          VALUES (${lib}, ${toBucket}, ${destination}, ${caller.userId}, ${JSON.stringify({ ...row.metadata, lastModified: new Date().toISOString() })}::jsonb,
                  ${JSON.stringify(row.user_metadata)}::jsonb, ${version}, ${row.content})
          ON CONFLICT (library_id, bucket_id, name) DO NOTHING RETURNING id`.execute(trx);
        if (!inserted.rows[0]) throw storageErrors.duplicate();
        return inserted.rows[0];
      });
      committed = true;
      await audit(request, run, 'storage.copy', `${bucketId}/${source}`, { to: `${toBucket}/${destination}` });
      return { Id: copy.id, Key: `${toBucket}/${destination}` };
    } finally {
      if (!committed) await storage.removeContents(lib, [version]);
    }
  });

  // DELETE /object/<bucket> {prefixes} removes several; DELETE /object/<bucket>/<path> one
  app.delete<{ Params: { '*': string } }>('/object/*', { schema: { hide: true } }, async (request) => {
    const caller = await callerOf(request);
    const wildcard = request.params['*'];
    const single = wildcard.includes('/') && wildcard.indexOf('/') < wildcard.length - 1;
    const bucketId = checkBucketId(single ? wildcard.slice(0, wildcard.indexOf('/')) : wildcard.replace(/\/$/, ''));
    const names = single ? [splitBucketPath(wildcard).name] : parse(removeSchema, request.body).prefixes.map(normalizeObjectName);
    const lib = libraryOf(caller);
    const run = storage.asCaller(caller);
    const removed = await run(async (trx) => {
      await storage.findBucket(trx, lib, bucketId);
      // only what the caller may delete goes (policies); the rest is left, as Supabase does
      const result = await sql<ObjectRow>`
        DELETE FROM public.storage_objects WHERE library_id = ${lib} AND bucket_id = ${bucketId} AND name = ANY(${names}::text[]) RETURNING *`.execute(trx);
      return result.rows;
    });
    await storage.removeContents(lib, removed.map((r) => r.version));
    if (removed.length > 0) await audit(request, run, 'storage.remove', bucketId, { names: removed.map((r) => r.name).slice(0, 100), count: removed.length });
    if (single) {
      if (removed.length === 0) throw storageErrors.objectNotFound();
      return { message: 'Successfully deleted' };
    }
    return removed.map(objectOut);
  });

  async function signDownload(libraryId: string, bucketId: string, name: string, seconds: number) {
    const token = await new SignJWT({ url: `${bucketId}/${name}`, lib: libraryId, typ: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(signingKey);
    return `/object/sign/${bucketId}/${name}?token=${token}`;
  }

  async function verifySigned(token: string | undefined, bucketId: string, name: string, typ: 'download' | 'upload') {
    if (!token) throw storageErrors.invalidInput('This URL needs its token (?token=…)');
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, signingKey, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw storageErrors.signatureExpired();
      throw storageErrors.signatureInvalid();
    }
    if (claims.typ !== typ || claims.url !== `${bucketId}/${name}` || typeof claims.lib !== 'string') throw storageErrors.signatureInvalid();
    return claims as { lib: string; owner?: string; upsert?: boolean };
  }

  app.post<{ Params: { bucket: string } }>('/object/sign/:bucket', { schema: { hide: true }, config: limited }, async (request) => {
    const caller = await callerOf(request);
    const bucketId = checkBucketId(request.params.bucket);
    const body = parse(signManySchema, request.body);
    const lib = libraryOf(caller);
    const names = body.paths.map((p) => {
      try {
        return normalizeObjectName(p);
      } catch {
        return null;
      }
    });
    const visible = await storage.asCaller(caller)(async (trx) => {
      await storage.findBucket(trx, lib, bucketId);
      const rows = await sql<{ name: string }>`
        SELECT name FROM public.storage_objects WHERE library_id = ${lib} AND bucket_id = ${bucketId} AND name = ANY(${names.filter(Boolean)}::text[])`.execute(trx);
      return new Set(rows.rows.map((r) => r.name));
    });
    return Promise.all(
      body.paths.map(async (path, i) => {
        const name = names[i];
        if (!name || !visible.has(name)) return { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' };
        return { path, signedURL: await signDownload(lib, bucketId, name, body.expiresIn), error: null };
      }),
    );
  });

  app.post<{ Params: { '*': string } }>('/object/sign/*', { schema: { hide: true }, config: limited }, async (request) => {
    const caller = await callerOf(request);
    const { bucketId, name } = splitBucketPath(request.params['*']);
    const { expiresIn: seconds } = parse(signSchema, request.body);
    const lib = libraryOf(caller);
    await storage.asCaller(caller)((trx) => visibleObject(trx, lib, bucketId, name));
    return { signedURL: await signDownload(lib, bucketId, name, seconds) };
  });

  app.get<{ Params: { '*': string }; Querystring: { token?: string } }>('/object/sign/*', noCompression, async (request, reply) => {
    const { bucketId, name } = splitBucketPath(request.params['*']);
    const claims = await verifySigned(request.query.token, bucketId, name, 'download');
    const row = await sql<ObjectRow>`
      SELECT * FROM public.storage_objects WHERE library_id = ${claims.lib} AND bucket_id = ${bucketId} AND name = ${name}`.execute(db);
    if (!row.rows[0]) throw storageErrors.objectNotFound();
    return sendObject(request, reply, row.rows[0]);
  });

  app.post<{ Params: { '*': string } }>('/object/upload/sign/*', { schema: { hide: true }, config: limited }, async (request) => {
    const caller = await callerOf(request);
    const { bucketId, name } = splitBucketPath(request.params['*']);
    newObjectName(name);
    const lib = libraryOf(caller);
    const upsert = String(request.headers['x-upsert']).toLowerCase() === 'true';
    await storage.asCaller(caller)(async (trx, now) => {
      await storage.findBucket(trx, lib, bucketId);
      const existing = await sql<{ owner: string | null }>`
        SELECT owner FROM public.storage_objects WHERE library_id = ${lib} AND bucket_id = ${bucketId} AND name = ${name}`.execute(trx);
      if (existing.rows[0] && !upsert) throw storageErrors.duplicate();
      // replacing needs the right to change that object (one the caller cannot see conflicts at upload)
      if (existing.rows[0] && existing.rows[0].owner !== caller.userId && now.role !== 'admin') throw storageErrors.rls();
    });
    const token = await new SignJWT({ url: `${bucketId}/${name}`, lib, owner: caller.userId, upsert, typ: 'upload' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + SIGNED_UPLOAD_SECONDS)
      .sign(signingKey);
    return { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token };
  });

  // ------------------------------------------------------------------------------------------------
  // Uploads: bodies are streams (raw, or a multipart form), never parsed into memory
  await app.register(async (uploads: FastifyInstance) => {
    uploads.removeAllContentTypeParsers();
    await uploads.register(fastifyMultipart);
    uploads.addContentTypeParser('*', (_request, _payload, done) => done(null));

    interface Incoming {
      source: Readable;
      declaredType?: string;
      cacheControl?: string;
      userMetadata: Record<string, unknown>;
    }

    function metadataOf(text: string | undefined, base64: boolean): Record<string, unknown> {
      if (!text) return {};
      const json = base64 ? Buffer.from(text, 'base64').toString('utf8') : text;
      if (Buffer.byteLength(json) > MAX_METADATA_BYTES) throw storageErrors.invalidInput(`metadata is larger than ${MAX_METADATA_BYTES} bytes`);
      try {
        const value = JSON.parse(json) as unknown;
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // answered below
      }
      throw storageErrors.invalidInput('metadata must be a JSON object');
    }

    async function incoming(request: FastifyRequest, limit: number): Promise<Incoming> {
      if (request.isMultipart()) {
        const part = await request.file({ limits: { fileSize: limit + 1, files: 1, fieldSize: MAX_METADATA_BYTES }, throwFileSizeLimit: false });
        if (!part) throw storageErrors.invalidInput('The form has no file');
        const field = (key: string) => {
          const f = part.fields[key] as { value?: unknown } | undefined;
          return typeof f?.value === 'string' ? f.value : undefined;
        };
        return { source: part.file, declaredType: part.mimetype, cacheControl: field('cacheControl'), userMetadata: metadataOf(field('metadata'), false) };
      }
      const header = request.headers['x-metadata'];
      return {
        source: request.raw,
        declaredType: request.headers['content-type'],
        cacheControl: request.headers['cache-control'],
        userMetadata: metadataOf(typeof header === 'string' ? header : undefined, true),
      };
    }

    const upload = async (request: FastifyRequest<{ Params: { '*': string } }>) => {
      const caller = await callerOf(request);
      const { bucketId, name } = splitBucketPath(request.params['*']);
      newObjectName(name); // before reading the body
      const lib = libraryOf(caller);
      const upsert = request.method === 'PUT' || String(request.headers['x-upsert']).toLowerCase() === 'true';
      const run = storage.asCaller(caller);
      const bucket = await run((trx) => storage.findBucket(trx, lib, bucketId));
      const input = await incoming(request, storage.sizeLimitOf(bucket));
      const received = await storage.receive(input.source, storage.sizeLimitOf(bucket));
      const row = await storage.store(run, {
        libraryId: lib,
        bucket,
        name,
        owner: caller.userId,
        upsert,
        received,
        declaredType: input.declaredType,
        cacheControl: input.cacheControl,
        userMetadata: input.userMetadata,
      });
      await audit(request, run, 'storage.upload', `${bucketId}/${name}`, { size: received.size, replaced: row.created_at.getTime() !== row.updated_at.getTime() });
      return { Id: row.id, Key: `${bucketId}/${name}` };
    };
    // resumable (tus) uploads for large files
    await registerTus(uploads, { storage, callerOf, onStored: (request, run, key, size) => audit(request, run, 'storage.upload', key, { size, resumable: true }) });

    uploads.post('/object/*', { schema: { hide: true }, config: limited }, upload);
    uploads.put('/object/*', { schema: { hide: true }, config: limited }, upload);

    uploads.put<{ Params: { '*': string }; Querystring: { token?: string } }>('/object/upload/sign/*', { schema: { hide: true }, config: limited }, async (request) => {
      const { bucketId, name } = splitBucketPath(request.params['*']);
      const claims = await verifySigned(request.query.token, bucketId, name, 'upload');
      const bucket = await storage.asServer((trx) => storage.findBucket(trx, claims.lib, bucketId));
      const input = await incoming(request, storage.sizeLimitOf(bucket));
      const received = await storage.receive(input.source, storage.sizeLimitOf(bucket));
      // the URL carries its creator's right to write here, checked when it was signed
      const row = await storage.store(storage.asServer, {
        libraryId: claims.lib,
        bucket,
        name,
        owner: claims.owner ?? null,
        upsert: claims.upsert === true,
        received,
        declaredType: input.declaredType,
        cacheControl: input.cacheControl,
        userMetadata: input.userMetadata,
      });
      // in the name of whoever signed the URL
      const email = claims.owner ? ((await sql<{ email: string }>`SELECT email FROM public.users WHERE id = ${claims.owner}`.execute(db)).rows[0]?.email ?? '') : '';
      await record(db, { libraryId: claims.lib, actor: { id: claims.owner ?? null, email }, action: 'storage.upload', target: `${bucketId}/${name}`, details: { size: received.size, signedUrl: true }, ip: request.ip });
      return { Id: row.id, Key: `${bucketId}/${name}` };
    });
  });

  // after the more specific /object/… routes: GET /object/<bucket>/<path> is an authenticated download
  app.get('/object/*', noCompression, download);
};
