// /api/v1/knowledge: a library's collections and their files (administrators change them; every user of
// the library reads them and searches), uploads that queue ingestion, and search.
import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import {
  KNOWLEDGE_MAX_FILE_BYTES,
  KNOWLEDGE_MAX_FILES_PER_COLLECTION,
  KNOWLEDGE_MESSAGES,
  knowledgeCollectionCreateSchema,
  knowledgeCollectionSchema,
  knowledgeCollectionUpdateSchema,
  knowledgeFileSchema,
  knowledgeHitSchema,
  knowledgeSearchSchema,
  type KnowledgeCollection,
  type KnowledgeFile,
  directionControlProblem,
} from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { byCaller, record } from '../audit/audit.js';
import { requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { toIso } from '../db/values.js';
import { apiErrorSchema } from '../http/api-error.js';
import { HttpError } from '../http/errors.js';
import type { Knowledge } from './index.js';
import { putOriginal, removeOriginals } from './originals.js';
import { knowledgeMimeFor, type KnowledgeMime } from './parse.js';
import { withKnowledge, type KnowledgeDb } from './tables.js';

export interface KnowledgeRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  knowledge: Knowledge;
  /** searches per user per minute (default 60) */
  searchRateLimit?: number;
}

const collectionParams = z.object({ id: z.uuid(KNOWLEDGE_MESSAGES.collectionNotFound) });
const fileParams = z.object({ id: z.uuid(KNOWLEDGE_MESSAGES.collectionNotFound), fileId: z.uuid(KNOWLEDGE_MESSAGES.fileNotFound) });

const FILE_COLUMNS = ['id', 'collection_id', 'name', 'mime', 'size', 'status', 'error', 'parsed_chars', 'pages', 'chunk_count', 'embedded_count', 'updated_at'] as const;

function toFile(row: Omit<KnowledgeFile, 'updated_at'> & { updated_at: Date }): KnowledgeFile {
  return { ...row, size: Number(row.size), updated_at: toIso(row.updated_at) };
}

async function listCollections(kdb: KnowledgeDb, libraryId: string, id?: string): Promise<KnowledgeCollection[]> {
  let query = kdb
    .selectFrom('knowledge_collections as k')
    .select([
      'k.id',
      'k.name',
      'k.description',
      'k.embedding_provider',
      'k.embedding_model',
      'k.updated_at',
      sql<number>`(SELECT count(*) FROM knowledge_files f WHERE f.collection_id = k.id)`.as('file_count'),
      sql<number>`(SELECT count(*) FROM knowledge_chunks c WHERE c.collection_id = k.id)`.as('chunk_count'),
    ])
    .where('k.library_id', '=', libraryId);
  if (id) query = query.where('k.id', '=', id);
  const rows = await query.orderBy(sql`lower(k.name)`).execute();
  return rows.map((r) => ({ ...r, file_count: Number(r.file_count), chunk_count: Number(r.chunk_count), updated_at: toIso(r.updated_at) }));
}

/** Content that is what its extension says: PDF and DOCX by their signature, text types as UTF-8 text. */
async function sniffProblem(name: string, mime: KnowledgeMime, data: Buffer): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(data);
  const binary = mime === 'application/pdf' || mime.startsWith('application/vnd.openxmlformats');
  if (binary) return sniffed?.mime === mime ? null : `"${name}" is not a valid ${mime === 'application/pdf' ? 'PDF' : 'Word (.docx)'} file.`;
  if (sniffed && !sniffed.mime.startsWith('text/') && sniffed.mime !== 'application/xml') return `"${name}" looks like ${sniffed.ext.toUpperCase()}, not text.`;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return `"${name}" is not UTF-8 text.`;
  }
  return data.includes(0) ? `"${name}" is not UTF-8 text.` : null;
}

export const knowledgeRoutes: FastifyPluginAsyncZod<KnowledgeRoutesOptions> = async (app, { db, authenticate, knowledge, searchRateLimit = 60 }) => {
  const kdb = withKnowledge(db);
  const adminOnly = [authenticate, requireRole(['admin'], KNOWLEDGE_MESSAGES.onlyAdmins)];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  const common = { tags: ['knowledge'], security: [{ bearerAuth: [] }] };
  // multipart only in this plugin's scope; the file size is checked while it streams in
  await app.register(fastifyMultipart, { limits: { fileSize: KNOWLEDGE_MAX_FILE_BYTES, files: 1, fields: 5 } });

  async function collectionOr404(libraryId: string, id: string) {
    const row = await kdb.selectFrom('knowledge_collections').select(['id', 'name']).where('library_id', '=', libraryId).where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, KNOWLEDGE_MESSAGES.collectionNotFound);
    return row;
  }

  async function nameTaken(libraryId: string, name: string, except?: string) {
    let query = kdb.selectFrom('knowledge_collections').select('id').where('library_id', '=', libraryId).where(sql`lower(name)`, '=', name.toLowerCase());
    if (except) query = query.where('id', '<>', except);
    return Boolean(await query.executeTakeFirst());
  }

  app.get(
    '/knowledge/collections',
    { onRequest: authenticate, schema: { ...common, summary: "The library's knowledge collections", response: { 200: z.object({ collections: z.array(knowledgeCollectionSchema) }), ...errors } } },
    async (request) => ({ collections: await listCollections(kdb, request.user.libraryId) }),
  );

  app.post(
    '/knowledge/collections',
    { onRequest: adminOnly, schema: { ...common, summary: 'Create a knowledge collection', body: knowledgeCollectionCreateSchema, response: { 201: knowledgeCollectionSchema, ...errors } } },
    async (request, reply) => {
      const { libraryId, id: userId } = request.user;
      const body = request.body;
      if (await nameTaken(libraryId, body.name)) throw new HttpError(409, KNOWLEDGE_MESSAGES.duplicateName(body.name));
      const created = await db.transaction().execute(async (trx) => {
        const row = await withKnowledge(trx)
          .insertInto('knowledge_collections')
          .values({ library_id: libraryId, name: body.name, description: body.description, embedding_provider: body.embedding_provider, embedding_model: body.embedding_model, created_by: userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await record(trx, { ...byCaller(request), action: 'knowledge.collection_create', target: body.name, details: { embedding: `${body.embedding_provider}/${body.embedding_model}` } });
        return row;
      });
      const [collection] = await listCollections(kdb, libraryId, created.id);
      return reply.code(201).send(collection);
    },
  );

  app.patch(
    '/knowledge/collections/:id',
    { onRequest: adminOnly, schema: { ...common, summary: "Rename a collection or change its description", params: collectionParams, body: knowledgeCollectionUpdateSchema, response: { 200: knowledgeCollectionSchema, ...errors } } },
    async (request) => {
      const { libraryId } = request.user;
      const before = await collectionOr404(libraryId, request.params.id);
      const { name, description } = request.body;
      if (name && (await nameTaken(libraryId, name, before.id))) throw new HttpError(409, KNOWLEDGE_MESSAGES.duplicateName(name));
      await db.transaction().execute(async (trx) => {
        await withKnowledge(trx)
          .updateTable('knowledge_collections')
          .set({ ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}), updated_at: new Date() })
          .where('id', '=', before.id)
          .execute();
        await record(trx, { ...byCaller(request), action: 'knowledge.collection_update', target: name ?? before.name, details: name && name !== before.name ? { renamed_from: before.name } : {} });
      });
      const [collection] = await listCollections(kdb, libraryId, before.id);
      return collection;
    },
  );

  app.delete(
    '/knowledge/collections/:id',
    { onRequest: adminOnly, schema: { ...common, summary: 'Delete a collection with its files and chunks', params: collectionParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const collection = await collectionOr404(request.user.libraryId, request.params.id);
      const names = await db.transaction().execute(async (trx) => {
        const files = await withKnowledge(trx).selectFrom('knowledge_files').select('name').where('collection_id', '=', collection.id).execute();
        // files and chunks go with it (ON DELETE CASCADE)
        await withKnowledge(trx).deleteFrom('knowledge_collections').where('id', '=', collection.id).execute();
        await record(trx, { ...byCaller(request), action: 'knowledge.collection_delete', target: collection.name });
        return files.map((f) => f.name);
      });
      if (knowledge.storage) await removeOriginals(knowledge.storage, request.user.libraryId, collection.id, names);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/knowledge/collections/:id/files',
    { onRequest: authenticate, schema: { ...common, summary: "A collection's files with their ingestion progress", params: collectionParams, response: { 200: z.object({ files: z.array(knowledgeFileSchema) }), ...errors } } },
    async (request) => {
      const collection = await collectionOr404(request.user.libraryId, request.params.id);
      const rows = await kdb.selectFrom('knowledge_files').select(FILE_COLUMNS).where('collection_id', '=', collection.id).orderBy('name').execute();
      return { files: rows.map(toFile) };
    },
  );

  app.post(
    '/knowledge/collections/:id/files',
    {
      onRequest: adminOnly,
      schema: {
        ...common,
        summary: 'Upload a file (multipart, field "file"); a file of the same name is replaced and indexed again',
        consumes: ['multipart/form-data'],
        params: collectionParams,
        response: { 200: knowledgeFileSchema, 201: knowledgeFileSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request: FastifyRequest<{ Params: z.infer<typeof collectionParams> }>, reply) => {
      const { libraryId, id: userId } = request.user;
      const collection = await collectionOr404(libraryId, request.params.id);
      if (!request.isMultipart()) throw new HttpError(400, KNOWLEDGE_MESSAGES.noFile);
      const part = await request.file();
      if (!part) throw new HttpError(400, KNOWLEDGE_MESSAGES.noFile);
      // the name as the person sees it: no folders, no control characters
      const name = [...(part.filename.split(/[\\/]/).pop() ?? '')]
        .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
        .join('')
        .trim()
        .slice(0, 255);
      const badName = directionControlProblem(name);
      if (badName) {
        part.file.resume();
        throw new HttpError(400, badName);
      }
      const mime = knowledgeMimeFor(name);
      if (!name || !mime) {
        part.file.resume();
        throw new HttpError(400, KNOWLEDGE_MESSAGES.unsupportedType(name || part.filename));
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, KNOWLEDGE_MESSAGES.tooLarge(name));
        throw error;
      }
      const problem = await sniffProblem(name, mime, data);
      if (problem) throw new HttpError(400, problem);
      const sha256 = createHash('sha256').update(data).digest('hex');
      const storage = knowledge.storage;
      const before = await kdb.selectFrom('knowledge_files').select('id').where('collection_id', '=', collection.id).where('name', '=', name).executeTakeFirst();
      if (!before) {
        const { n } = await kdb.selectFrom('knowledge_files').select((eb) => eb.fn.countAll<number>().as('n')).where('collection_id', '=', collection.id).executeTakeFirstOrThrow();
        if (Number(n) >= KNOWLEDGE_MAX_FILES_PER_COLLECTION) throw new HttpError(409, KNOWLEDGE_MESSAGES.tooManyFiles);
      }
      // the original first, with storage's own checks (quota, size, type); its bytes then stay out of the row
      if (storage) await putOriginal(storage, { libraryId, collectionId: collection.id, name, mime, data, owner: userId });
      const kept = storage ? null : data;

      const saved = db.transaction().execute(async (trx) => {
        const t = withKnowledge(trx);
        const existing = await t.selectFrom('knowledge_files').select(['id', 'revision']).where('collection_id', '=', collection.id).where('name', '=', name).forUpdate().executeTakeFirst();
        let row: { id: string; revision: number };
        if (existing) {
          row = await t
            .updateTable('knowledge_files')
            .set({ mime, size: data.length, sha256, data: kept, status: 'queued', error: null, parsed_chars: 0, pages: null, chunk_count: 0, embedded_count: 0, revision: existing.revision + 1, uploaded_by: userId })
            .where('id', '=', existing.id)
            .returning(['id', 'revision'])
            .executeTakeFirstOrThrow();
          // the old text stops being found at once
          await t.deleteFrom('knowledge_chunks').where('file_id', '=', existing.id).execute();
        } else {
          row = await t
            .insertInto('knowledge_files')
            .values({ collection_id: collection.id, library_id: libraryId, name, mime, size: data.length, sha256, data: kept, uploaded_by: userId })
            .returning(['id', 'revision'])
            .executeTakeFirstOrThrow();
        }
        await record(trx, { ...byCaller(request), action: 'knowledge.file_upload', target: `${collection.name}/${name}`, details: { size: data.length, replaced: Boolean(existing) } });
        return { file: row, replaced: Boolean(existing) };
      });
      const { file, replaced } = await saved.catch(async (error: unknown) => {
        // a new original whose row could not be saved is not kept
        if (storage && !before) await removeOriginals(storage, libraryId, collection.id, [name]).catch(() => undefined);
        throw error;
      });
      await knowledge.enqueue({ fileId: file.id, revision: file.revision });
      const stored = await kdb.selectFrom('knowledge_files').select(FILE_COLUMNS).where('id', '=', file.id).executeTakeFirstOrThrow();
      return reply.code(replaced ? 200 : 201).send(toFile(stored));
    },
  );

  app.delete(
    '/knowledge/collections/:id/files/:fileId',
    { onRequest: adminOnly, schema: { ...common, summary: 'Delete a file and its chunks', params: fileParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const collection = await collectionOr404(request.user.libraryId, request.params.id);
      const file = await kdb.selectFrom('knowledge_files').select(['id', 'name']).where('collection_id', '=', collection.id).where('id', '=', request.params.fileId).executeTakeFirst();
      if (!file) throw new HttpError(404, KNOWLEDGE_MESSAGES.fileNotFound);
      await db.transaction().execute(async (trx) => {
        await withKnowledge(trx).deleteFrom('knowledge_files').where('id', '=', file.id).execute();
        await record(trx, { ...byCaller(request), action: 'knowledge.file_delete', target: `${collection.name}/${file.name}` });
      });
      if (knowledge.storage) await removeOriginals(knowledge.storage, request.user.libraryId, collection.id, [file.name]);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/knowledge/search',
    {
      onRequest: authenticate,
      // per user, counted once the caller is known
      config: {
        rateLimit: {
          max: searchRateLimit,
          timeWindow: 60_000,
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => `knowledge-search|${request.user.id}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
            const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
            return new HttpError(429, KNOWLEDGE_MESSAGES.tooManySearches(seconds), { 'retry-after': String(seconds) });
          },
        },
      },
      schema: {
        ...common,
        summary: 'Hybrid search (meaning and words) over collections of the library, with citations',
        body: knowledgeSearchSchema,
        response: { 200: z.object({ hits: z.array(knowledgeHitSchema), warnings: z.array(z.string()) }), 429: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { query, collection_ids, file_ids, limit } = request.body;
      return knowledge.search({ libraryId: request.user.libraryId, query, collectionIds: collection_ids, fileIds: file_ids, limit });
    },
  );
};
