// Ingestion of one knowledge file: parse → chunk → embed in batches → store, with the file's row
// carrying the progress (parsed characters, chunks, embedded chunks) the Knowledge screen polls. A file
// replaced meanwhile has a new revision: the job for the old one stops without writing.
import { KNOWLEDGE_MESSAGES } from '@accent/shell-common';
import type { Kysely, Updateable } from 'kysely';
import type { DB } from '../db/schema.js';
import { chunkBlocks, type ChunkOptions } from './chunk.js';
import type { Embedder } from './embed.js';
import { readOriginal, type OriginalsStorage } from './originals.js';
import { parseDocument, type KnowledgeMime } from './parse.js';
import { withKnowledge, type KnowledgeTables } from './tables.js';

export const KNOWLEDGE_QUEUE = 'knowledge-ingest';
const ORIGINAL_MISSING = 'The original file is missing from library storage: upload it again.';

export interface IngestJob {
  fileId: string;
  revision: number;
}

export interface IngestDeps {
  db: Kysely<DB>;
  /** where originals are (absent: only in knowledge_files.data) */
  storage?: OriginalsStorage;
  embedderFor(libraryId: string, provider: 'openai' | 'google' | 'microsoft' | 'local', model: string): Promise<Embedder>;
  chunking?: ChunkOptions;
  /** chunks per embedding request (default 64) */
  batchSize?: number;
}

class Superseded extends Error {}

/** Runs the job; never throws for a file that cannot be ingested (the file row says why). */
export async function ingestFile(deps: IngestDeps, job: IngestJob, signal?: AbortSignal): Promise<'ready' | 'failed' | 'skipped'> {
  const kdb = withKnowledge(deps.db);
  const file = await kdb
    .selectFrom('knowledge_files as f')
    .innerJoin('knowledge_collections as k', 'k.id', 'f.collection_id')
    .select(['f.id', 'f.library_id', 'f.collection_id', 'f.name', 'f.mime', 'f.data', 'f.revision', 'k.embedding_provider', 'k.embedding_model'])
    .where('f.id', '=', job.fileId)
    .executeTakeFirst();
  if (!file || file.revision !== job.revision) return 'skipped';

  /** updates the file's row only while it is still this revision */
  const progress = async (values: Updateable<KnowledgeTables['knowledge_files']>) => {
    const result = await kdb.updateTable('knowledge_files').set(values).where('id', '=', file.id).where('revision', '=', job.revision).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new Superseded();
  };

  try {
    await progress({ status: 'parsing', error: null, parsed_chars: 0, chunk_count: 0, embedded_count: 0 });
    await kdb.deleteFrom('knowledge_chunks').where('file_id', '=', file.id).execute();
    const original = file.data ?? (deps.storage ? await readOriginal(deps.storage, file.library_id, file.collection_id, file.name) : null);
    if (!original) throw new Error(ORIGINAL_MISSING);
    const parsed = await parseDocument(file.mime as KnowledgeMime, original);
    if (parsed.chars === 0) throw new Error(KNOWLEDGE_MESSAGES.emptyText);
    const chunks = chunkBlocks(parsed.blocks, deps.chunking);
    await progress({ status: 'embedding', parsed_chars: parsed.chars, pages: parsed.pages, chunk_count: chunks.length });

    const embed = await deps.embedderFor(file.library_id, file.embedding_provider, file.embedding_model);
    const batchSize = deps.batchSize ?? 64;
    for (let start = 0; start < chunks.length; start += batchSize) {
      signal?.throwIfAborted();
      const batch = chunks.slice(start, start + batchSize);
      const vectors = await embed(
        batch.map((c) => (c.section ? `${c.section}\n${c.text}` : c.text)),
        signal,
      );
      await deps.db.transaction().execute(async (trx) => {
        const current = await withKnowledge(trx).selectFrom('knowledge_files').select('revision').where('id', '=', file.id).forUpdate().executeTakeFirst();
        if (current?.revision !== job.revision) throw new Superseded();
        await withKnowledge(trx)
          .insertInto('knowledge_chunks')
          .values(
            batch.map((c, i) => ({
              file_id: file.id,
              collection_id: file.collection_id,
              library_id: file.library_id,
              position: c.position,
              text: c.text,
              page: c.page,
              section: c.section,
              embedding: vectors[i],
            })),
          )
          .execute();
        await withKnowledge(trx).updateTable('knowledge_files').set({ embedded_count: start + batch.length }).where('id', '=', file.id).execute();
      });
    }
    await progress({ status: 'ready' });
    return 'ready';
  } catch (error) {
    if (error instanceof Superseded) return 'skipped';
    // nothing half-indexed stays searchable
    await kdb.deleteFrom('knowledge_chunks').where('file_id', '=', file.id).execute();
    const reason = error instanceof Error ? error.message : String(error);
    await kdb
      .updateTable('knowledge_files')
      .set({ status: 'failed', error: reason.slice(0, 1000), embedded_count: 0 })
      .where('id', '=', file.id)
      .where('revision', '=', job.revision)
      .execute();
    return 'failed';
  }
}
