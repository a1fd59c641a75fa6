// Hybrid retrieval over a library's knowledge chunks: nearest vectors and full-text matches, each a
// ranked list, fused by reciprocal rank fusion (a chunk high in either list ranks high; one high in
// both ranks highest). Vector search sits behind one interface with two implementations: pgvector in
// the database when it has the extension (hosted Supabase, PostgreSQL with it), otherwise exact cosine
// similarity in this process over the stored vectors.
import type { EmbeddingProvider, KnowledgeHit } from '@accent/shell-common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { LibraryReads } from '../library/run-reads.js';
import type { Embedder } from './embed.js';
import { withKnowledge } from './tables.js';

export interface Scope {
  libraryId: string;
  collectionIds: string[];
  /** only chunks of these files (within the collections) */
  fileIds?: string[];
}

export interface RankedChunk {
  id: string;
  score: number;
}

export interface VectorIndex {
  readonly kind: 'pgvector' | 'exact';
  nearest(scope: Scope, vector: number[], limit: number): Promise<RankedChunk[]>;
}

/** Whether the database has pgvector installed (checked once at start). */
export async function hasPgvector(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS found`.execute(db);
  return Boolean(rows[0]?.found);
}

export async function createVectorIndex(db: Kysely<DB>): Promise<VectorIndex> {
  return (await hasPgvector(db)) ? pgvectorIndex(db) : exactIndex(db);
}

const scopeFilter = (scope: Scope) =>
  sql`c.library_id = ${scope.libraryId} AND c.collection_id = ANY(${scope.collectionIds}::uuid[])${scope.fileIds?.length ? sql` AND c.file_id = ANY(${scope.fileIds}::uuid[])` : sql``}`;

/**
 * pgvector's cosine distance on the stored real[] cast to vector. An ANN index (HNSW on
 * `(embedding::vector(<dims>))`, one per embedding size) would go in a migration where pgvector exists;
 * without it this is an exact scan inside the database.
 */
export function pgvectorIndex(db: Kysely<DB>): VectorIndex {
  return {
    kind: 'pgvector',
    async nearest(scope, vector, limit) {
      if (scope.collectionIds.length === 0) return [];
      const literal = `[${vector.join(',')}]`;
      const { rows } = await sql<{ id: string; score: number }>`
        SELECT c.id::text AS id, 1 - (c.embedding::vector <=> ${literal}::vector) AS score
        FROM knowledge_chunks c
        WHERE ${scopeFilter(scope)} AND c.embedding IS NOT NULL AND array_length(c.embedding, 1) = ${vector.length}
        ORDER BY c.embedding::vector <=> ${literal}::vector
        LIMIT ${limit}`.execute(db);
      return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
    },
  };
}

interface CachedCollection {
  /** chunk count and highest chunk id: ids are never reused, so any insert or delete changes it */
  stamp: string;
  ids: string[];
  files: string[];
  dims: number;
  vectors: Float32Array;
}

/**
 * Exact cosine similarity in process, over each collection's vectors read once and kept until its
 * chunks change. Fine below a few thousand chunks per collection; beyond that an in-process ANN index
 * (HNSW) built from the same cache would take its place behind this interface.
 */
export function exactIndex(db: Kysely<DB>): VectorIndex {
  const cache = new Map<string, CachedCollection>();
  const kdb = withKnowledge(db);

  async function load(collectionId: string): Promise<CachedCollection> {
    const { rows } = await sql<{ n: number | string; top: string | null }>`
      SELECT count(*) AS n, max(id)::text AS top FROM knowledge_chunks WHERE collection_id = ${collectionId}`.execute(db);
    const stamp = `${Number(rows[0]?.n ?? 0)}:${rows[0]?.top ?? ''}`;
    const cached = cache.get(collectionId);
    if (cached?.stamp === stamp) return cached;
    const chunks = await kdb
      .selectFrom('knowledge_chunks')
      .select([sql<string>`id::text`.as('id'), 'file_id', 'embedding'])
      .where('collection_id', '=', collectionId)
      .where('embedding', 'is not', null)
      .execute();
    const dims = chunks[0]?.embedding?.length ?? 0;
    const usable = chunks.filter((c) => c.embedding?.length === dims);
    const vectors = new Float32Array(usable.length * dims);
    usable.forEach((c, i) => {
      const v = c.embedding!;
      const norm = Math.hypot(...v) || 1;
      for (let d = 0; d < dims; d++) vectors[i * dims + d] = v[d] / norm;
    });
    const entry = { stamp, ids: usable.map((c) => c.id), files: usable.map((c) => c.file_id), dims, vectors };
    cache.set(collectionId, entry);
    return entry;
  }

  return {
    kind: 'exact',
    async nearest(scope, vector, limit) {
      const norm = Math.hypot(...vector) || 1;
      const query = vector.map((v) => v / norm);
      const fileFilter = scope.fileIds?.length ? new Set(scope.fileIds) : null;
      const found: RankedChunk[] = [];
      for (const collectionId of scope.collectionIds) {
        const entry = await load(collectionId);
        if (entry.dims !== query.length) continue;
        for (let i = 0; i < entry.ids.length; i++) {
          if (fileFilter && !fileFilter.has(entry.files[i])) continue;
          let dot = 0;
          const base = i * entry.dims;
          for (let d = 0; d < entry.dims; d++) dot += entry.vectors[base + d] * query[d];
          found.push({ id: entry.ids[i], score: dot });
        }
      }
      return found.sort((a, b) => b.score - a.score).slice(0, limit);
    },
  };
}

/**
 * Full-text matches ranked by ts_rank_cd. The query reads like a web search (quotes, -word, or), but
 * any of its words may match: a question in plain words rarely has all of them in one chunk.
 */
export async function textMatches(db: Kysely<DB>, scope: Scope, query: string, limit: number): Promise<RankedChunk[]> {
  if (scope.collectionIds.length === 0) return [];
  const { rows } = await sql<{ id: string; score: number }>`
    WITH q AS (SELECT replace(websearch_to_tsquery('english', ${query})::text, ' & ', ' | ') AS text)
    SELECT c.id::text AS id, ts_rank_cd(c.tsv, q.text::tsquery) AS score
    FROM knowledge_chunks c, q
    WHERE q.text <> '' AND c.tsv @@ q.text::tsquery AND ${scopeFilter(scope)}
    ORDER BY score DESC, c.id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

/** The usual constant of reciprocal rank fusion: damps the weight of the very first ranks. */
export const RRF_K = 60;

/** Fuses ranked lists: each item scores Σ 1 / (RRF_K + rank) over the lists it is in; ties go to the earlier list. */
export function reciprocalRankFusion(lists: RankedChunk[][], k = RRF_K): RankedChunk[] {
  // a Map keeps first-seen order, and the sort is stable
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((item, rank) => {
      scores.set(item.id, (scores.get(item.id) ?? 0) + 1 / (k + rank + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

export interface SearchInput {
  libraryId: string;
  query: string;
  /** the collections to search; undefined: every collection of the library */
  collectionIds?: string[];
  fileIds?: string[];
  limit: number;
  /**
   * An agent run's reads: which collections it may search and the passages it gets are read under
   * row-level security as the run may read them. Absent: the server's connection (a route that
   * checked its caller's library).
   */
  reads?: LibraryReads;
}

export interface SearchResult {
  hits: KnowledgeHit[];
  /** e.g. a collection whose embeddings could not be made now (its text matches still count) */
  warnings: string[];
}

export interface SearchDeps {
  db: Kysely<DB>;
  index: VectorIndex;
  embedderFor(libraryId: string, provider: EmbeddingProvider, model: string): Promise<Embedder>;
}

const SNIPPET_CHARS = 700;

export async function searchKnowledge(deps: SearchDeps, input: SearchInput): Promise<SearchResult> {
  const read: LibraryReads = input.reads ?? ((work) => work(deps.db));
  if (input.collectionIds?.length === 0) return { hits: [], warnings: [] };
  const collections = await read((trx) => {
    let collectionsQuery = withKnowledge(trx)
      .selectFrom('knowledge_collections')
      .select(['id', 'name', 'embedding_provider', 'embedding_model'])
      .where('library_id', '=', input.libraryId);
    if (input.collectionIds) collectionsQuery = collectionsQuery.where('id', 'in', input.collectionIds);
    return collectionsQuery.execute();
  });
  if (collections.length === 0) return { hits: [], warnings: [] };

  const depth = Math.max(input.limit * 4, 20);
  const warnings: string[] = [];
  const lists: RankedChunk[][] = [await textMatches(deps.db, { libraryId: input.libraryId, collectionIds: collections.map((c) => c.id), fileIds: input.fileIds }, input.query, depth)];
  // one query embedding per embedding model in use
  const byModel = new Map<string, typeof collections>();
  for (const c of collections) byModel.set(`${c.embedding_provider}\u0000${c.embedding_model}`, [...(byModel.get(`${c.embedding_provider}\u0000${c.embedding_model}`) ?? []), c]);
  for (const group of byModel.values()) {
    try {
      const embed = await deps.embedderFor(input.libraryId, group[0].embedding_provider, group[0].embedding_model);
      const [vector] = await embed([input.query]);
      lists.push(await deps.index.nearest({ libraryId: input.libraryId, collectionIds: group.map((c) => c.id), fileIds: input.fileIds }, vector, depth));
    } catch (error) {
      warnings.push(`${group.map((c) => c.name).join(', ')}: searched by words only (${(error as Error).message})`);
    }
  }

  const fused = reciprocalRankFusion(lists).slice(0, input.limit);
  if (fused.length === 0) return { hits: [], warnings };
  // the passages themselves are read as the search's reader too
  const rows = await read((trx) =>
    withKnowledge(trx)
      .selectFrom('knowledge_chunks as c')
      .innerJoin('knowledge_files as f', 'f.id', 'c.file_id')
      .innerJoin('knowledge_collections as k', 'k.id', 'c.collection_id')
      .select([sql<string>`c.id::text`.as('id'), 'c.text', 'c.page', 'c.section', 'f.name as file', 'f.id as file_id', 'k.name as collection'])
      .where(sql<boolean>`c.id::text = ANY(${fused.map((f) => f.id)}::text[])`)
      .where('c.library_id', '=', input.libraryId)
      .execute(),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const hits = fused.flatMap((f) => {
    const row = byId.get(f.id);
    if (!row) return [];
    const snippet = row.text.length > SNIPPET_CHARS ? `${row.text.slice(0, SNIPPET_CHARS)}…` : row.text;
    return [{ file: row.file, file_id: row.file_id, collection: row.collection, page: row.page, section: row.section, snippet, score: Number(f.score.toFixed(5)) }];
  });
  return { hits, warnings };
}
