// The library's documents and files: the objects of its `documents` storage bucket (storage/), what
// the document tools read and write and what knowledge base search searches, so that what an agent
// creates is in the Files screen and what a person uploads there is readable by agents. Folders are
// paths ('/', '/Sales/Proposals'); an empty folder is kept by Supabase's `.emptyFolderPlaceholder`.
// The functions that read take the kysely to read with: a run's tools pass their run's reads
// (library/run-reads.ts), so the storage policies decide what the person the run acts for may see.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { toIso } from '../db/values.js';
import { StorageHttpError } from '../storage/errors.js';
import { FOLDER_PLACEHOLDER, normalizeObjectName } from '../storage/keys.js';
import { DOCUMENTS_BUCKET, isTextual, type Storage } from '../storage/service.js';

export const FOLDER_MIME = 'inode/directory';
/** What a tool hands the model of one document's text. */
export const MAX_READ_CHARS = 50_000;

export interface DocumentInfo {
  id: string;
  folder: string;
  name: string;
  mime: string;
  size: number;
  updated_at: string;
}

export interface LibraryDocument extends DocumentInfo {
  /** the text (for binary files: an outline when one was kept, else empty) */
  content: string;
  /** not text: its bytes are not what `content` holds */
  binary: boolean;
  owner: string | null;
  /** what its uploader sent (`{shared: true}` shares it with the library): kept when text is appended */
  userMetadata: Record<string, unknown>;
}

/** '/a//b/' → '/a/b'; '' → '/'. */
export function normalizeFolder(folder: string | undefined): string {
  const parts = (folder ?? '').split('/').map((p) => p.trim()).filter(Boolean);
  return `/${parts.join('/')}`;
}

export class DocumentError extends Error {
  override name = 'DocumentError';
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Row {
  id: string;
  name: string;
  owner: string | null;
  metadata: { mimetype?: string; size?: number };
  user_metadata?: Record<string, unknown>;
  content: string;
  updated_at: Date;
}

const folderOf = (objectName: string) => {
  const at = objectName.lastIndexOf('/');
  return at < 0 ? '/' : `/${objectName.slice(0, at)}`;
};
const baseOf = (objectName: string) => objectName.slice(objectName.lastIndexOf('/') + 1);

const toDocument = (r: Row): LibraryDocument => {
  const mime = r.metadata.mimetype ?? 'application/octet-stream';
  return {
    id: r.id,
    folder: folderOf(r.name),
    name: baseOf(r.name),
    mime,
    size: Number(r.metadata.size ?? 0),
    updated_at: toIso(r.updated_at),
    content: r.content,
    binary: !isTextual(mime),
    owner: r.owner,
    userMetadata: r.user_metadata ?? {},
  };
};
const toInfo = ({ id, folder, name, mime, size, updated_at }: LibraryDocument): DocumentInfo => ({ id, folder, name, mime, size, updated_at });

/** The library's documents, without folder placeholders. */
const documents = (libraryId: string) => sql`
  library_id = ${libraryId} AND bucket_id = ${DOCUMENTS_BUCKET}
  AND name <> ${FOLDER_PLACEHOLDER} AND name NOT LIKE ${`%/${FOLDER_PLACEHOLDER}`}`;

export async function findDocuments(db: Kysely<DB>, libraryId: string, q: { name?: string; folder?: string; limit: number }): Promise<DocumentInfo[]> {
  const byName = q.name?.trim() ? sql`AND regexp_replace(name, '^.*/', '') ILIKE ${`%${escapeLike(q.name.trim())}%`}` : sql``;
  const byFolder = q.folder?.trim() ? sql`AND '/' || regexp_replace(name, '/?[^/]*$', '') ILIKE ${`%${escapeLike(q.folder.trim())}%`}` : sql``;
  const rows = await sql<Row>`
    SELECT id, name, owner, metadata, '' AS content, updated_at FROM public.storage_objects
    WHERE ${documents(libraryId)} ${byName} ${byFolder}
    ORDER BY updated_at DESC LIMIT ${q.limit}`.execute(db);
  return rows.rows.map((r) => toInfo(toDocument(r)));
}

export interface DocumentRef {
  id?: string;
  name?: string;
  folder?: string;
}

/** One document by id, or by name (in `folder` when given; the most recent match otherwise). */
export async function getDocument(db: Kysely<DB>, libraryId: string, ref: DocumentRef): Promise<LibraryDocument | undefined> {
  let where: ReturnType<typeof sql>;
  if (ref.id) {
    if (!UUID.test(ref.id)) return undefined;
    where = sql`AND id = ${ref.id}`;
  } else if (ref.name) {
    where =
      ref.folder !== undefined
        ? sql`AND name = ${[...normalizeFolder(ref.folder).split('/').filter(Boolean), ref.name].join('/')}`
        : sql`AND regexp_replace(name, '^.*/', '') = ${ref.name}`;
  } else {
    throw new DocumentError('Give the document id, or its name (and folder).');
  }
  const rows = await sql<Row>`
    SELECT id, name, owner, metadata, user_metadata, content, updated_at FROM public.storage_objects
    WHERE ${documents(libraryId)} ${where} ORDER BY updated_at DESC LIMIT 1`.execute(db);
  return rows.rows[0] ? toDocument(rows.rows[0]) : undefined;
}

export async function requireDocument(db: Kysely<DB>, libraryId: string, ref: DocumentRef): Promise<LibraryDocument> {
  const doc = await getDocument(db, libraryId, ref);
  if (!doc) throw new DocumentError(`No document ${ref.id ? `with id ${ref.id}` : `named "${ref.name}"${ref.folder ? ` in ${normalizeFolder(ref.folder)}` : ''}`} in this library.`);
  return doc;
}

const objectNameOf = (doc: Pick<DocumentInfo, 'folder' | 'name'>) => [...doc.folder.split('/').filter(Boolean), doc.name].join('/');

/** The bytes of a document found with getDocument (for copies). */
export async function readDocumentBytes(storage: Storage, libraryId: string, doc: Pick<DocumentInfo, 'folder' | 'name'>): Promise<Buffer> {
  const object = await storage.getObject(libraryId, DOCUMENTS_BUCKET, objectNameOf(doc));
  if (!object) throw new DocumentError('The file\'s contents are missing from storage.');
  return object.data;
}

/**
 * Whether the reader may change the document (the storage policies: their own, or an administrator any
 * of the library's). SELECT … FOR UPDATE passes the UPDATE policy as well as the SELECT one.
 */
export async function mayChangeDocument(db: Kysely<DB>, libraryId: string, id: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM public.storage_objects WHERE library_id = ${libraryId} AND bucket_id = ${DOCUMENTS_BUCKET} AND id = ${id} FOR UPDATE`.execute(db);
  return rows.length > 0;
}

export interface NewDocument {
  libraryId: string;
  folder?: string;
  name: string;
  mime: string;
  /** the text; with `data`, what to keep for reading and search (an outline) */
  content?: string;
  data?: Uint8Array | null;
  createdBy: string | null;
}

/** Storage's refusals (quota, size, type) in the tools' words. */
async function asDocumentError<T>(work: () => Promise<T>, duplicate: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageHttpError) throw new DocumentError(error.status === 409 ? duplicate : error.message);
    throw error;
  }
}

export async function insertDocument(storage: Storage, doc: NewDocument): Promise<DocumentInfo> {
  const folder = normalizeFolder(doc.folder);
  const name = doc.name.trim();
  if (!name || name.includes('/')) throw new DocumentError('A file name is required and cannot contain "/".');
  const isFolder = doc.mime === FOLDER_MIME;
  return asDocumentError(async () => {
    const objectName = normalizeObjectName([...folder.split('/').filter(Boolean), name, ...(isFolder ? [FOLDER_PLACEHOLDER] : [])].join('/'));
    const row = await storage.putObject({
      libraryId: doc.libraryId,
      bucketId: DOCUMENTS_BUCKET,
      name: objectName,
      data: isFolder ? Buffer.alloc(0) : doc.data ? Buffer.from(doc.data) : Buffer.from(doc.content ?? '', 'utf8'),
      contentType: isFolder ? 'application/octet-stream' : doc.mime,
      owner: doc.createdBy,
      content: doc.data ? (doc.content ?? '') : undefined,
    });
    return toInfo(toDocument({ ...row, metadata: row.metadata as Row['metadata'], name: isFolder ? objectName.slice(0, -FOLDER_PLACEHOLDER.length - 1) : row.name }));
  }, `A ${isFolder ? 'folder' : 'file'} named "${name}" already exists in ${folder}.`);
}

/** Appends text to a text document: a new version of its contents, same object. */
export async function appendToDocument(storage: Storage, doc: LibraryDocument & { libraryId: string }, text: string, separator: string): Promise<DocumentInfo> {
  const content = doc.content === '' ? text : `${doc.content}${separator}${text}`;
  return asDocumentError(async () => {
    const row = await storage.putObject({
      libraryId: doc.libraryId,
      bucketId: DOCUMENTS_BUCKET,
      name: objectNameOf(doc),
      data: Buffer.from(content, 'utf8'),
      contentType: doc.mime,
      owner: doc.owner,
      // a shared document stays shared
      userMetadata: doc.userMetadata,
      upsert: true,
    });
    return toInfo(toDocument({ ...row, metadata: row.metadata as Row['metadata'] }));
  }, `"${doc.name}" changed while text was being appended; try again.`);
}

export interface KnowledgeHit {
  id: string;
  folder: string;
  name: string;
  snippet: string;
  rank: number;
}

/**
 * Full-text search over the library's documents: every word must match (websearch syntax: quotes,
 * OR, -word); when that finds nothing, any word may match, ranked by how well (ts_rank), because
 * questions in natural language rarely have all their words in one document.
 */
export async function searchKnowledgeBase(db: Kysely<DB>, libraryId: string, text: string, limit = 5): Promise<KnowledgeHit[]> {
  const search = async (tsquery: ReturnType<typeof sql<unknown>>) => {
    const result = await sql<{ id: string; name: string; rank: number | string; snippet: string }>`
      SELECT d.id, d.name, ts_rank(d.search, q) AS rank,
             ts_headline('english', d.content, q, 'StartSel=**, StopSel=**, MaxWords=35, MinWords=15, MaxFragments=2') AS snippet
      FROM public.storage_objects d, ${tsquery} AS q
      WHERE d.library_id = ${libraryId} AND d.bucket_id = ${DOCUMENTS_BUCKET} AND d.search @@ q
      ORDER BY rank DESC, d.updated_at DESC
      LIMIT ${limit}`.execute(db);
    return result.rows.map((r) => ({ id: r.id, folder: folderOf(r.name), name: baseOf(r.name), snippet: r.snippet, rank: Number(r.rank) }));
  };
  const all = await search(sql`websearch_to_tsquery('english', ${text})`);
  if (all.length > 0) return all;
  return search(sql`cast(replace(cast(websearch_to_tsquery('english', ${text}) as text), ' & ', ' | ') as tsquery)`);
}
