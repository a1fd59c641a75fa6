// Library storage: receiving uploads (streamed to a temporary file, counted, hashed and sniffed), the
// upload pipeline's hooks, quotas, and committing an object's contents and metadata together. Used by
// the /storage/v1 routes (as the caller, under row-level security) and by the document tools (as the
// server, for the library the agent runs in).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PGliteDialect, sql } from 'kysely';
import type { AppRole } from '@accent/shared';
import { POSTGRES_ROLE } from '../auth/access-token.js';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import type { GatewayCaller } from '../gateway/auth.js';
import { SET_CALLER_SQL } from '../gateway/routes.js';
import { contentKey, filesystemBackend, s3Backend, type ByteRange, type StorageBackend } from './backend.js';
import { StorageHttpError, storageErrors } from './errors.js';
import { FOLDER_PLACEHOLDER, newObjectName, normalizeObjectName } from './keys.js';
import { revealDirectionControls } from '@accent/shell-common';
import { storageFolderOf } from './location.js';

export const DOCUMENTS_BUCKET = 'documents';
export const DEFAULT_CACHE_CONTROL = 'max-age=3600';
/** Text files up to this size keep their text in the database (what the document tools read and search). */
const MAX_TEXT_BYTES = 5 * 1024 * 1024;
/** After the size limit, the rest of a request is read and thrown away (so the client gets the answer) up to this much. */
const DRAIN_CAP_BYTES = 64 * 1024 * 1024;
const HEAD_BYTES = 4100;
/** Temporary files older than this are leftovers of a stopped process (resumable uploads expire after a day too). */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

export interface UploadCandidate {
  libraryId: string;
  bucketId: string;
  name: string;
  owner: string | null;
  size: number;
  contentType: string;
  /** the received contents (a temporary file) */
  file: string;
}
/**
 * Called before an object is committed (e.g. a virus scanner): throwing refuses the upload, with the
 * error's message (a StorageHttpError keeps its status).
 */
export type UploadHook = (candidate: UploadCandidate) => Promise<void> | void;

export interface StorageLimits {
  /** the largest object the server takes (a bucket may allow less) */
  maxFileSize: number;
  quotaBytes: number;
  quotaFiles: number;
}

export interface BucketRow {
  library_id: string;
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectRow {
  id: string;
  library_id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  version: string | null;
  content: string;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export interface Received {
  file: string;
  size: number;
  head: Buffer;
  md5: string;
}

/** Runs `work` in one transaction: the caller's (role authenticated, their claims) or the server's own. */
export type Runner = <T>(work: (trx: Kysely<DB>) => Promise<T>) => Promise<T>;

/** The caller as the database knows them now, not as their token says: role, library and email may have changed since it was signed. */
export interface CurrentCaller {
  userId: string;
  role: AppRole;
  libraryId: string;
  email: string;
}

/**
 * The caller's transactions. Each hands `work` the caller as its first statement read them; `current` is
 * that of the last one begun, for what follows a transaction (its audit record).
 */
export interface CallerRunner {
  <T>(work: (trx: Kysely<DB>, caller: CurrentCaller) => Promise<T>): Promise<T>;
  readonly current: CurrentCaller | undefined;
}

// SET_CALLER_SQL as it is, its two columns named: the claims it sets are the caller's current ones, so
// reading them back costs no statement of its own
const SET_CALLER_RETURNING_SQL = `SELECT s.role_set, s.claims FROM (${SET_CALLER_SQL}) AS s(role_set, claims)`;

const EXTENSION_TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  ics: 'text/calendar',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The MIME type a file name suggests (its extension), or undefined. */
export function typeFromName(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSION_TYPES[name.slice(dot + 1).toLowerCase()];
}

const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'audio/mp3': 'audio/mpeg', 'application/x-zip-compressed': 'application/zip' };
/** Formats that are zip or OLE containers underneath: file-type may only see the container. */
const CONTAINER_FAMILY = /^application\/(vnd\.openxmlformats-|vnd\.ms-|msword|vnd\.oasis\.opendocument|epub\+zip|java-archive)/;

const baseType = (type: string) => {
  const base = type.split(';')[0].trim().toLowerCase();
  return ALIASES[base] ?? base;
};

export const isTextual = (type: string) => /^text\//.test(type) || /^application\/(json|xml|yaml|x-yaml|javascript|x-ndjson|csv|ld\+json)$/.test(type) || /\+(json|xml)$/.test(type);

/**
 * The object's type from its bytes, not the client's word: what file-type recognises wins, and a
 * declared type that disagrees is refused; a generic or missing type falls back to the name's extension.
 */
export async function resolveContentType(declaredRaw: string | undefined, received: Received, name: string): Promise<string> {
  const declared = baseType(declaredRaw ?? '');
  const sniffed = received.size > 0 ? (await fileTypeFromBuffer(received.head))?.mime : undefined;
  if (sniffed) {
    if (GENERIC_TYPES.has(declared) || declared === sniffed) return sniffed;
    if ((sniffed === 'application/zip' || sniffed === 'application/x-cfb') && CONTAINER_FAMILY.test(declared)) return declared;
    // text read as another text format (an SVG or a feed seen as XML): no bytes are disguised
    if (isTextual(sniffed) && isTextual(declared)) return declared;
    throw storageErrors.mimeMismatch(declared, sniffed);
  }
  if (GENERIC_TYPES.has(declared)) return typeFromName(name) ?? 'application/octet-stream';
  // a binary format file-type knows, whose signature is not there
  if (received.size > 0 && (supportedMimeTypes as ReadonlySet<string>).has(declared) && !isTextual(declared)) {
    throw storageErrors.mimeMismatch(declared, 'not recognisably that type');
  }
  return declared;
}

export function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p === type || (p.endsWith('/*') && type.startsWith(p.slice(0, -1)));
  });
}

/** `3600` (supabase-js's form field) or a header value; anything odd → the default. */
export function normalizeCacheControl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (/^\d{1,9}$/.test(value)) return `max-age=${value}`;
  if (/^[a-z0-9=,\- ]{1,200}$/i.test(value)) return value;
  return DEFAULT_CACHE_CONTROL;
}

export interface StoreInput {
  libraryId: string;
  bucket: BucketRow;
  name: string;
  owner: string | null;
  upsert: boolean;
  received: Received;
  /** the type the client declared (checked against the bytes) */
  declaredType?: string;
  cacheControl?: string;
  userMetadata?: Record<string, unknown>;
  /** text to keep for reading and search when the bytes are not text themselves (a slide deck's outline) */
  content?: string;
}

export interface CreateStorageOptions {
  db: Kysely<DB>;
  /**
   * The embedded database, when it is one: transactions then queue for PGlite's own lock (first come,
   * first served, as the data gateway's do) instead of kysely's single-connection lock.
   */
  pglite?: PGlite;
  config: Pick<Config, 'dataDir'> & { storage: StorageConfig };
  hooks?: UploadHook[];
}

export interface StorageConfig extends StorageLimits {
  s3?: import('./backend.js').S3Settings;
}

export type Storage = ReturnType<typeof createStorage>;

/** A kysely bound to one PGlite transaction (its statements run inside it). */
function kyselyOn(tx: PGliteTransaction): Kysely<DB> {
  const facade = { closed: false, ready: true, waitReady: Promise.resolve(), query: tx.query.bind(tx), close: async () => undefined };
  return new Kysely<DB>({ dialect: new PGliteDialect({ pglite: facade as unknown as PGlite }) });
}

export function createStorage({ db, pglite, config, hooks = [] }: CreateStorageOptions) {
  const backend: StorageBackend & { ensureBucket?: () => Promise<void> } = config.storage.s3
    ? s3Backend(config.storage.s3, join(config.dataDir, 'storage-tmp'))
    : filesystemBackend(storageFolderOf(config));
  const limits: StorageLimits = config.storage;
  const uploadHooks: UploadHook[] = [...hooks];

  const inTransaction: Runner = (work) => (pglite ? pglite.transaction((tx) => work(kyselyOn(tx))) : db.transaction().execute(work));

  /** The caller's transactions, as the data gateway runs one: role authenticated and their current claims. */
  function asCaller(caller: GatewayCaller): CallerRunner {
    let current: CurrentCaller | undefined;
    const run = <T>(work: (trx: Kysely<DB>, now: CurrentCaller) => Promise<T>) =>
      inTransaction(async (trx) => {
        const set = await trx.executeQuery<{ claims: string }>(CompiledQuery.raw(SET_CALLER_RETURNING_SQL, [POSTGRES_ROLE, caller.claimsJson, caller.userId, caller.sessionId]));
        if (set.rows.length === 0) throw storageErrors.invalidJwt('This sign-in has ended: sign in again');
        const claims = JSON.parse(set.rows[0].claims) as { app_role: AppRole; lib: string; email: string };
        const now: CurrentCaller = { userId: caller.userId, role: claims.app_role, libraryId: claims.lib, email: claims.email };
        current = now;
        return work(trx, now);
      });
    return Object.defineProperty(run, 'current', { get: () => current }) as CallerRunner;
  }
  const asServer: Runner = inTransaction;

  /**
   * Streams `source` to a temporary file, counting and hashing; past `limit` nothing more is written.
   * One pipeline owns the three streams: each has an error listener, and a failure of any (a client
   * gone mid-body, a full disk) ends the others without a write after destroy. Past the limit the rest
   * of the body is read and dropped so the client gets its 413 (up to DRAIN_CAP_BYTES, then cut).
   */
  async function receive(source: Readable | Uint8Array, limit: number): Promise<Received> {
    await mkdir(backend.tempDir, { recursive: true });
    const file = join(backend.tempDir, randomUUID());
    const input = source instanceof Uint8Array ? Readable.from([Buffer.from(source)]) : source;
    const hash = createHash('md5');
    const headChunks: Buffer[] = [];
    let headSize = 0;
    let size = 0;
    const meter = new Transform({
      transform(piece: Buffer | string, _encoding, done) {
        const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
        size += chunk.length;
        if (size > limit + DRAIN_CAP_BYTES) return done(storageErrors.tooLarge(limit));
        if (size > limit) return done();
        hash.update(chunk);
        if (headSize < HEAD_BYTES) {
          headChunks.push(chunk);
          headSize += chunk.length;
        }
        done(null, chunk);
      },
      flush(done) {
        done(size > limit ? storageErrors.tooLarge(limit) : null);
      },
    });
    try {
      await pipeline(input, meter, createWriteStream(file));
    } catch (error) {
      await unlink(file).catch(() => undefined);
      if (error instanceof StorageHttpError) throw error;
      throw storageErrors.invalidInput('The upload was interrupted before it finished');
    }
    return { file, size, head: Buffer.concat(headChunks).subarray(0, HEAD_BYTES), md5: hash.digest('hex') };
  }

  async function discard(received: Received) {
    await unlink(received.file).catch(() => undefined);
  }

  /** The library's use of storage, counted as the server (all of the library's objects, whoever may see them). */
  async function usage(libraryId: string): Promise<{ files: number; bytes: number }> {
    const result = await sql<{ files: string | number; bytes: string | number }>`
      SELECT count(*) AS files, coalesce(sum((metadata->>'size')::bigint), 0) AS bytes
      FROM public.storage_objects WHERE library_id = ${libraryId}`.execute(db);
    return { files: Number(result.rows[0].files), bytes: Number(result.rows[0].bytes) };
  }

  async function checkQuota(libraryId: string, addBytes: number, addFiles: number) {
    const used = await usage(libraryId);
    if (addFiles > 0 && used.files + addFiles > limits.quotaFiles) throw storageErrors.quotaFiles(limits.quotaFiles);
    if (used.bytes + addBytes > limits.quotaBytes) throw storageErrors.quotaBytes(limits.quotaBytes);
  }

  function sizeLimitOf(bucket: Pick<BucketRow, 'file_size_limit'>): number {
    const own = bucket.file_size_limit == null ? Infinity : Number(bucket.file_size_limit);
    return Math.min(own, limits.maxFileSize);
  }

  async function findBucket(trx: Kysely<DB>, libraryId: string, bucketId: string): Promise<BucketRow> {
    const result = await sql<BucketRow>`SELECT * FROM public.storage_buckets WHERE library_id = ${libraryId} AND id = ${bucketId}`.execute(trx);
    const bucket = result.rows[0];
    if (!bucket) throw storageErrors.bucketNotFound();
    return bucket;
  }


  /**
   * Commits a received upload: type (sniffed), the bucket's allowed types, hooks, quota, then the
   * contents under a new version and the metadata row in one transaction of `run`. Whatever fails, the
   * temporary file and any contents written are removed; the replaced version's contents go once the new
   * row is committed.
   */
  async function store(run: Runner, input: StoreInput): Promise<ObjectRow> {
    const { received, bucket } = input;
    let key: string | undefined;
    try {
      // every write ends here (uploads of each kind, the server's own documents and originals)
      newObjectName(input.name);
      const contentType = await resolveContentType(input.declaredType, received, input.name);
      if (!mimeAllowed(contentType, bucket.allowed_mime_types)) throw storageErrors.mimeNotAllowed(contentType);
      for (const hook of uploadHooks) {
        try {
          await hook({ libraryId: input.libraryId, bucketId: bucket.id, name: input.name, owner: input.owner, size: received.size, contentType, file: received.file });
        } catch (error) {
          if (error instanceof StorageHttpError) throw error;
          throw storageErrors.rejected(error instanceof Error ? error.message : 'The upload was refused');
        }
      }
      await checkQuota(input.libraryId, received.size, 1);
      const content = input.content ?? (isTextual(contentType) && received.size <= MAX_TEXT_BYTES ? (await readFile(received.file, 'utf8')).replace(/\0/g, '') : '');
      const version = randomUUID();
      key = contentKey(input.libraryId, version);
      await backend.putFile(key, received.file, received.size, contentType);
      const now = new Date().toISOString();
      const metadata = {
        eTag: `"${received.md5}"`,
        size: received.size,
        mimetype: contentType,
        cacheControl: normalizeCacheControl(input.cacheControl),
        lastModified: now,
        contentLength: received.size,
        httpStatusCode: 200,
      };
      const { row, previous } = await run(async (trx) => {
        const existing = await sql<{ version: string | null }>`
          SELECT version FROM public.storage_objects
          WHERE library_id = ${input.libraryId} AND bucket_id = ${bucket.id} AND name = ${input.name} FOR UPDATE`.execute(trx);
        if (existing.rows.length > 0 && !input.upsert) throw storageErrors.duplicate();
        const conflict = input.upsert
          ? sql`DO UPDATE SET metadata = EXCLUDED.metadata, user_metadata = EXCLUDED.user_metadata, version = EXCLUDED.version,
                content = EXCLUDED.content, updated_at = now(), last_accessed_at = now()`
          : sql`DO NOTHING`;
        const inserted = await sql<ObjectRow>`
          INSERT INTO public.storage_objects (library_id, bucket_id, name, owner, metadata, user_metadata, version, content)
          VALUES (${input.libraryId}, ${bucket.id}, ${input.name}, ${input.owner}, ${JSON.stringify(metadata)}::jsonb,
                  ${JSON.stringify(input.userMetadata ?? {})}::jsonb, ${version}, ${content})
          ON CONFLICT (library_id, bucket_id, name) ${conflict}
          RETURNING *`.execute(trx);
        // a row another user owns, invisible to this caller, still takes the name
        if (inserted.rows.length === 0) throw storageErrors.duplicate();
        return { row: inserted.rows[0], previous: existing.rows[0]?.version ?? null };
      }).catch((error: unknown) => {
        throw fromDatabaseError(error);
      });
      key = undefined; // committed: it stays
      if (previous) await removeContents(input.libraryId, [previous]);
      return row;
    } finally {
      await discard(received);
      if (key) await backend.remove([key]).catch(() => undefined);
    }
  }

  async function removeContents(libraryId: string, versions: (string | null)[]) {
    const keys = versions.filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v)).map((v) => contentKey(libraryId, v));
    if (keys.length) await backend.remove(keys).catch(() => undefined);
  }

  async function readContents(row: Pick<ObjectRow, 'library_id' | 'version'>, range?: ByteRange): Promise<Readable | null> {
    if (!row.version || !/^[0-9a-f-]{36}$/.test(row.version)) return null;
    return backend.read(contentKey(row.library_id, row.version), range);
  }

  /** A copy of the contents under a new version (for copy()); the caller commits the row or removes it. */
  async function copyContents(row: Pick<ObjectRow, 'library_id' | 'version'>, toLibraryId: string): Promise<string> {
    if (!row.version || !/^[0-9a-f-]{36}$/.test(row.version)) throw storageErrors.objectNotFound();
    const version = randomUUID();
    await backend.copy(contentKey(row.library_id, row.version), contentKey(toLibraryId, version));
    return version;
  }

  /**
   * Documents kept in library_documents before storage existed (and anything the demo seed still writes
   * there) move into the `documents` bucket: contents to the backend, metadata and text to
   * storage_objects (same id), then the old row goes. Runs at start; several processes at once each take
   * other rows (SKIP LOCKED).
   */
  async function adoptLegacyDocuments(): Promise<number> {
    let moved = 0;
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const rows = await sql<{ id: string; library_id: string; folder: string; name: string; mime: string; content: string; data: Uint8Array | null; created_by: string | null; created_at: Date; updated_at: Date }>`
          SELECT * FROM public.library_documents ORDER BY created_at LIMIT 50 FOR UPDATE SKIP LOCKED`.execute(trx);
        if (rows.rows.length === 0) return true;
        for (const doc of rows.rows) {
          const folder = doc.folder.split('/').filter(Boolean).map(safeSegment);
          const isFolder = doc.mime === 'inode/directory';
          let name = [...folder, safeSegment(doc.name), ...(isFolder ? [FOLDER_PLACEHOLDER] : [])].join('/');
          const taken = await sql`SELECT 1 FROM public.storage_objects WHERE library_id = ${doc.library_id} AND bucket_id = ${DOCUMENTS_BUCKET} AND name = ${name}`.execute(trx);
          if (taken.rows.length > 0 && !isFolder) name = [...folder, `${doc.id.slice(0, 8)} ${safeSegment(doc.name)}`].join('/');
          if (taken.rows.length === 0 || !isFolder) {
            const bytes = isFolder ? Buffer.alloc(0) : doc.data ? Buffer.from(doc.data) : Buffer.from(doc.content, 'utf8');
            const received = await receive(bytes, Number.MAX_SAFE_INTEGER);
            const version = randomUUID();
            const key = contentKey(doc.library_id, version);
            const mimetype = isFolder ? 'application/octet-stream' : doc.mime;
            await backend.putFile(key, received.file, received.size, mimetype);
            const metadata = {
              eTag: `"${received.md5}"`,
              size: received.size,
              mimetype,
              cacheControl: DEFAULT_CACHE_CONTROL,
              lastModified: doc.updated_at.toISOString(),
              contentLength: received.size,
              httpStatusCode: 200,
            };
            await sql`
              INSERT INTO public.storage_objects (id, library_id, bucket_id, name, owner, metadata, version, content, created_at, updated_at)
              VALUES (${doc.id}, ${doc.library_id}, ${DOCUMENTS_BUCKET}, ${name}, ${doc.created_by}, ${JSON.stringify(metadata)}::jsonb, ${version},
                      ${isFolder ? '' : doc.content}, ${doc.created_at}, ${doc.updated_at})
              ON CONFLICT (id) DO NOTHING`.execute(trx);
            moved++;
          }
          await sql`DELETE FROM public.library_documents WHERE id = ${doc.id}`.execute(trx);
        }
        return false;
      });
      if (done) return moved;
    }
  }

  // ------------------------------------------------------------------------------------------------
  // The server-side module API (the library's own code, not a user's request: no row-level security)

  /** A bucket of the library, created (private, no own limits) when missing. */
  async function ensureBucket(libraryId: string, bucketId: string): Promise<BucketRow> {
    await sql`INSERT INTO public.storage_buckets (library_id, id, name, owner) VALUES (${libraryId}, ${bucketId}, ${bucketId}, NULL) ON CONFLICT DO NOTHING`.execute(db);
    return findBucket(db, libraryId, bucketId);
  }

  /** Stores `data` at `name` with every check an upload gets (size, type, hooks, quota). */
  async function putObject(input: {
    libraryId: string;
    bucketId: string;
    name: string;
    data: Uint8Array | Readable;
    contentType?: string;
    owner?: string | null;
    upsert?: boolean;
    userMetadata?: Record<string, unknown>;
    /** text kept for reading and search when the bytes are not text */
    content?: string;
  }): Promise<ObjectRow> {
    const name = newObjectName(input.name);
    const bucket = await findBucket(db, input.libraryId, input.bucketId);
    const received = await receive(input.data, sizeLimitOf(bucket));
    return store(asServer, {
      libraryId: input.libraryId,
      bucket,
      name,
      owner: input.owner ?? null,
      upsert: input.upsert ?? false,
      received,
      declaredType: input.contentType,
      userMetadata: input.userMetadata,
      content: input.content,
    });
  }

  /** An object's row and bytes, or null when there is no such object. */
  async function getObject(libraryId: string, bucketId: string, name: string): Promise<{ row: ObjectRow; data: Buffer } | null> {
    const found = await sql<ObjectRow>`
      SELECT * FROM public.storage_objects WHERE library_id = ${libraryId} AND bucket_id = ${bucketId} AND name = ${normalizeObjectName(name)}`.execute(db);
    const row = found.rows[0];
    const stream = row ? await readContents(row) : null;
    if (!row || !stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { row, data: Buffer.concat(chunks) };
  }

  /** Removes objects (rows and contents); what does not exist is ignored. The removed rows. */
  async function removeObjects(libraryId: string, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    const removed = await sql<ObjectRow>`
      DELETE FROM public.storage_objects WHERE library_id = ${libraryId} AND bucket_id = ${bucketId} AND name = ANY(${names.map(normalizeObjectName)}::text[]) RETURNING *`.execute(db);
    await removeContents(libraryId, removed.rows.map((r) => r.version));
    return removed.rows;
  }

  return {
    db,
    ensureBucket,
    putObject,
    getObject,
    removeObjects,
    backend,
    limits,
    hooks: uploadHooks,
    asCaller,
    asServer,
    receive,
    discard,
    usage,
    checkQuota,
    sizeLimitOf,
    findBucket,
    store,
    removeContents,
    readContents,
    copyContents,
    adoptLegacyDocuments,
    /** Readiness: a file can be written where uploads are received (S3: and the bucket answers). */
    async checkWritable() {
      await mkdir(backend.tempDir, { recursive: true });
      const probe = join(backend.tempDir, `ready-${randomUUID()}`);
      await writeFile(probe, 'ok');
      await unlink(probe);
      if (backend.ensureBucket) await backend.ensureBucket();
    },
    /**
     * At start: S3's bucket created when missing; uploads a stopped process left half-received (and
     * resumable uploads untouched for a day) removed.
     */
    async prepare(now = Date.now()) {
      if (backend.ensureBucket) await backend.ensureBucket();
      for (const folder of [backend.tempDir, join(backend.tempDir, 'resumable')]) {
        const names = await readdir(folder).catch(() => [] as string[]);
        for (const name of names) {
          const path = join(folder, name);
          const info = await stat(path).catch(() => null);
          if (info?.isFile() && now - info.mtimeMs > STALE_UPLOAD_MS) await unlink(path).catch(() => undefined);
        }
      }
    },
  };
}

/** A legacy folder or file name made acceptable as one path segment. */
function safeSegment(segment: string): string {
  // direction controls written out (<U+202E>): they may not be part of a stored name
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const cleaned = revealDirectionControls(segment.replace(/[\u0000-\u001f\u007f\\]/g, '_')).trim();
  const name = cleaned === '.' || cleaned === '..' || cleaned === '' ? '_' : cleaned;
  try {
    return normalizeObjectName(name);
  } catch {
    return name.slice(0, 200).replace(/\//g, '_');
  }
}

interface PgError {
  code?: string;
  message?: string;
}
/** Row-level security and unique-name refusals in storage's own words; anything else unchanged. */
export function fromDatabaseError(error: unknown): unknown {
  if (error instanceof StorageHttpError) return error;
  const code = (error as PgError)?.code;
  if (code === '42501') return storageErrors.rls();
  if (code === '23505') return storageErrors.duplicate();
  return error;
}
