// Resumable uploads at /upload/resumable, the tus 1.0 protocol as Supabase Storage speaks it (what
// supabase-js's docs and Uppy's tus plugin use for large files): POST creates an upload (Upload-Length,
// Upload-Metadata with bucketName, objectName, contentType, cacheControl, metadata), PATCH appends at
// Upload-Offset, HEAD tells how much arrived, DELETE abandons it. When the last byte arrives the file
// goes through the same pipeline as any upload (type sniffing, hooks, quota, row under the caller's
// policies). Parts wait on the server's disk (next to the upload temp files), so every PATCH of one
// upload must reach a process that shares that folder.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayCaller } from '../gateway/auth.js';
import { StorageHttpError, storageErrors } from './errors.js';
import { checkBucketId, newObjectName } from './keys.js';
import type { CallerRunner, Storage } from './service.js';

export const TUS_PATH = '/upload/resumable';
const TUS_VERSION = '1.0.0';
/** An unfinished upload is forgotten after a day. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

interface Session {
  libraryId: string;
  userId: string;
  bucketId: string;
  name: string;
  upsert: boolean;
  length: number;
  contentType?: string;
  cacheControl?: string;
  userMetadata: Record<string, unknown>;
  createdAt: number;
}

export interface TusOptions {
  storage: Storage;
  callerOf(request: FastifyRequest): Promise<GatewayCaller>;
  /** after the last byte is stored: `run` is the caller's transactions that stored it */
  onStored(request: FastifyRequest, run: CallerRunner, key: string, size: number): Promise<void>;
}

/** `key base64,key base64` → values (tus's Upload-Metadata). */
function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(/\s+/);
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

export async function registerTus(app: FastifyInstance, options: TusOptions) {
  const { storage } = options;
  const dir = join(storage.backend.tempDir, 'resumable');
  const ID = /^[0-9a-f-]{36}$/;
  const files = (id: string) => {
    if (!ID.test(id)) throw storageErrors.objectNotFound();
    return { json: join(dir, `${id}.json`), part: join(dir, `${id}.part`) };
  };

  async function load(id: string, caller: GatewayCaller): Promise<{ session: Session; offset: number }> {
    const { json, part } = files(id);
    let session: Session;
    try {
      session = JSON.parse(await readFile(json, 'utf8')) as Session;
    } catch {
      throw new StorageHttpError(404, 'not_found', 'Upload not found (finished, abandoned or expired)');
    }
    if (session.userId !== caller.userId) throw new StorageHttpError(404, 'not_found', 'Upload not found (finished, abandoned or expired)');
    if (Date.now() - session.createdAt > UPLOAD_TTL_MS) {
      await forget(id);
      throw new StorageHttpError(410, 'expired', 'This upload expired: start it again');
    }
    const offset = (await stat(part).catch(() => ({ size: 0 }))).size;
    return { session, offset };
  }
  const forget = async (id: string) => {
    const { json, part } = files(id);
    await rm(json, { force: true });
    await rm(part, { force: true });
  };
  const tusHeaders = (reply: FastifyReply) => reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');

  app.options(TUS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    tusHeaders(reply).header('tus-version', TUS_VERSION).header('tus-extension', 'creation,termination').header('tus-max-size', String(storage.limits.maxFileSize)).code(204).send(),
  );

  app.post(TUS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const caller = await options.callerOf(request);
    const length = Number(request.headers['upload-length']);
    if (!Number.isSafeInteger(length) || length < 0) throw storageErrors.invalidInput('Upload-Length must be the file\'s size in bytes');
    const meta = parseMetadata(request.headers['upload-metadata'] as string | undefined);
    const bucketId = checkBucketId(meta.bucketName ?? '');
    const name = newObjectName(meta.objectName ?? '');
    const libraryId = caller.claims.lib as string;
    const bucket = await storage.asCaller(caller)((trx) => storage.findBucket(trx, libraryId, bucketId));
    const limit = storage.sizeLimitOf(bucket);
    if (length > limit) throw storageErrors.tooLarge(limit);
    await storage.checkQuota(libraryId, length, 1);
    let userMetadata: Record<string, unknown> = {};
    if (meta.metadata) {
      try {
        const parsed = JSON.parse(meta.metadata) as unknown;
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) userMetadata = parsed as Record<string, unknown>;
      } catch {
        throw storageErrors.invalidInput('metadata must be a JSON object');
      }
    }
    const session: Session = {
      libraryId,
      userId: caller.userId,
      bucketId,
      name,
      upsert: String(request.headers['x-upsert']).toLowerCase() === 'true',
      length,
      contentType: meta.contentType,
      cacheControl: meta.cacheControl,
      userMetadata,
      createdAt: Date.now(),
    };
    const id = randomUUID();
    await mkdir(dir, { recursive: true });
    await writeFile(files(id).json, JSON.stringify(session));
    await writeFile(files(id).part, '');
    const base = `${request.protocol}://${request.host}${request.url.split('?')[0].replace(/\/$/, '')}`;
    return tusHeaders(reply).header('location', `${base}/${id}`).header('upload-offset', '0').code(201).send();
  });

  app.head<{ Params: { id: string } }>(`${TUS_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const caller = await options.callerOf(request);
    const { session, offset } = await load(request.params.id, caller);
    return tusHeaders(reply).header('upload-offset', String(offset)).header('upload-length', String(session.length)).code(200).send();
  });

  app.patch<{ Params: { id: string } }>(`${TUS_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const caller = await options.callerOf(request);
    const id = request.params.id;
    const { session, offset } = await load(id, caller);
    if (!/^application\/offset\+octet-stream/i.test(String(request.headers['content-type']))) {
      throw new StorageHttpError(415, 'invalid_mime_type', 'A resumable upload\'s PATCH must be sent as application/offset+octet-stream');
    }
    if (Number(request.headers['upload-offset']) !== offset) {
      return tusHeaders(reply).code(409).send({ statusCode: '409', error: 'Conflict', message: `Upload-Offset must be ${offset}, the bytes received so far` });
    }
    // append, never past the announced length; one pipeline owns the streams (see storage.receive)
    let written = offset;
    const bounded = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (written + chunk.length > session.length) return done(storageErrors.invalidInput(`More bytes than the Upload-Length of ${session.length}`));
        written += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(request.raw, bounded, createWriteStream(files(id).part, { flags: 'a' }));
    } catch (error) {
      // what was written before a client left stays: the upload resumes from the offset on disk
      if (error instanceof StorageHttpError) throw error;
      throw storageErrors.invalidInput('The upload was interrupted before it finished');
    }
    if (written === session.length) {
      try {
        const run = storage.asCaller(caller);
        const bucket = await run((trx) => storage.findBucket(trx, session.libraryId, session.bucketId));
        const received = await storage.receive(createReadStream(files(id).part), storage.sizeLimitOf(bucket));
        await storage.store(run, {
          libraryId: session.libraryId,
          bucket,
          name: session.name,
          owner: caller.userId,
          upsert: session.upsert,
          received,
          declaredType: session.contentType,
          cacheControl: session.cacheControl,
          userMetadata: session.userMetadata,
        });
        await options.onStored(request, run, `${session.bucketId}/${session.name}`, written);
      } finally {
        await forget(id);
      }
    }
    return tusHeaders(reply).header('upload-offset', String(written)).code(204).send();
  });

  app.delete<{ Params: { id: string } }>(`${TUS_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const caller = await options.callerOf(request);
    await load(request.params.id, caller);
    await forget(request.params.id);
    return tusHeaders(reply).code(204).send();
  });
}
