// The library's documents and files (library_documents): what the document tools read and write and
// what knowledge base search searches. Folders are paths ('/', '/Sales/Proposals'); an empty folder is
// kept by a marker row of type FOLDER_MIME.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { toIso } from '../db/values.js';

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

/** '/a//b/' → '/a/b'; '' → '/'. */
export function normalizeFolder(folder: string | undefined): string {
  const parts = (folder ?? '').split('/').map((p) => p.trim()).filter(Boolean);
  return `/${parts.join('/')}`;
}

export class DocumentError extends Error {
  override name = 'DocumentError';
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function infoColumns(db: Kysely<DB>) {
  return db
    .selectFrom('library_documents')
    .select(['id', 'folder', 'name', 'mime', 'updated_at', sql<number>`coalesce(octet_length(data), octet_length(content))`.as('size')]);
}
const toInfo = (r: { id: string; folder: string; name: string; mime: string; updated_at: Date; size: number | string }): DocumentInfo => ({
  id: r.id,
  folder: r.folder,
  name: r.name,
  mime: r.mime,
  size: Number(r.size),
  updated_at: toIso(r.updated_at),
});

export async function findDocuments(db: Kysely<DB>, libraryId: string, q: { name?: string; folder?: string; limit: number }): Promise<DocumentInfo[]> {
  let query = infoColumns(db).where('library_id', '=', libraryId).where('mime', '<>', FOLDER_MIME);
  if (q.name?.trim()) query = query.where('name', 'ilike', `%${escapeLike(q.name.trim())}%`);
  if (q.folder?.trim()) query = query.where('folder', 'ilike', `%${escapeLike(q.folder.trim())}%`);
  const rows = await query.orderBy('updated_at', 'desc').limit(q.limit).execute();
  return rows.map(toInfo);
}

export interface DocumentRef {
  id?: string;
  name?: string;
  folder?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One document by id, or by name (in `folder` when given; the most recent match otherwise). */
export async function getDocument(db: Kysely<DB>, libraryId: string, ref: DocumentRef) {
  let query = db.selectFrom('library_documents').selectAll().where('library_id', '=', libraryId).where('mime', '<>', FOLDER_MIME);
  if (ref.id) {
    if (!UUID.test(ref.id)) return undefined;
    query = query.where('id', '=', ref.id);
  } else if (ref.name) {
    query = query.where('name', '=', ref.name);
    if (ref.folder !== undefined) query = query.where('folder', '=', normalizeFolder(ref.folder));
  } else {
    throw new DocumentError('Give the document id, or its name (and folder).');
  }
  return query.orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
}

export async function requireDocument(db: Kysely<DB>, libraryId: string, ref: DocumentRef) {
  const doc = await getDocument(db, libraryId, ref);
  if (!doc) throw new DocumentError(`No document ${ref.id ? `with id ${ref.id}` : `named "${ref.name}"${ref.folder ? ` in ${normalizeFolder(ref.folder)}` : ''}`} in this library.`);
  return doc;
}

export interface NewDocument {
  libraryId: string;
  folder?: string;
  name: string;
  mime: string;
  content?: string;
  data?: Uint8Array | null;
  createdBy: string | null;
}

export async function insertDocument(db: Kysely<DB>, doc: NewDocument): Promise<DocumentInfo> {
  const folder = normalizeFolder(doc.folder);
  const name = doc.name.trim();
  if (!name || name.includes('/')) throw new DocumentError('A file name is required and cannot contain "/".');
  const row = await db
    .insertInto('library_documents')
    .values({ library_id: doc.libraryId, folder, name, mime: doc.mime, content: doc.content ?? '', data: doc.data ?? null, created_by: doc.createdBy })
    .onConflict((oc) => oc.columns(['library_id', 'folder', 'name']).doNothing())
    .returning(['id', 'folder', 'name', 'mime', 'updated_at', sql<number>`coalesce(octet_length(data), octet_length(content))`.as('size')])
    .executeTakeFirst();
  if (!row) throw new DocumentError(`A file named "${name}" already exists in ${folder}.`);
  return toInfo(row);
}

export async function appendToDocument(db: Kysely<DB>, id: string, text: string, separator: string): Promise<DocumentInfo> {
  const row = await db
    .updateTable('library_documents')
    .set({
      content: sql<string>`case when content = '' then ${text} else content || ${separator} || ${text} end`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(['id', 'folder', 'name', 'mime', 'updated_at', sql<number>`coalesce(octet_length(data), octet_length(content))`.as('size')])
    .executeTakeFirstOrThrow();
  return toInfo(row);
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
    const result = await sql<KnowledgeHit>`
      SELECT d.id, d.folder, d.name, ts_rank(d.search, q) AS rank,
             ts_headline('english', d.content, q, 'StartSel=**, StopSel=**, MaxWords=35, MinWords=15, MaxFragments=2') AS snippet
      FROM library_documents d, ${tsquery} AS q
      WHERE d.library_id = ${libraryId} AND d.mime <> ${FOLDER_MIME} AND d.search @@ q
      ORDER BY rank DESC, d.updated_at DESC
      LIMIT ${limit}`.execute(db);
    return result.rows.map((r) => ({ ...r, rank: Number(r.rank) }));
  };
  const all = await search(sql`websearch_to_tsquery('english', ${text})`);
  if (all.length > 0) return all;
  return search(sql`cast(replace(cast(websearch_to_tsquery('english', ${text}) as text), ' & ', ' | ') as tsquery)`);
}
