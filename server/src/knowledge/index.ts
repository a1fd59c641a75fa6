// The knowledge base on the server: collections and files (migration 023), ingestion as `knowledge-ingest`
// pg-boss jobs (one per file), and hybrid search used by the routes, the knowledge base tool and the
// agents' "search knowledge base" fallback.
import type { EmbeddingProvider } from '@accent/shell-common';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import { ensureQueue, type JobWithMetadata, type PgBoss, type Scheduler, type SchedulerLog } from '../scheduler/index.js';
import type { ChunkOptions } from './chunk.js';
import { embedderFor, type Embedder } from './embed.js';
import { ingestFile, KNOWLEDGE_QUEUE, type IngestJob } from './ingest.js';
import type { OriginalsStorage } from './originals.js';
import { createVectorIndex, searchKnowledge, type SearchInput, type SearchResult, type VectorIndex } from './search.js';

export { knowledgeRoutes } from './routes.js';

export interface KnowledgeOptions {
  chunking?: ChunkOptions;
  /** parallel ingestion jobs per process (default 2) */
  concurrency?: number;
}

export interface KnowledgeDeps {
  db: Kysely<DB>;
  scheduler: Scheduler;
  credentials: CredentialStore;
  config: Pick<Config, 'providerEnv'>;
  log: SchedulerLog;
  /** library storage, where the originals are kept */
  storage?: OriginalsStorage;
  options?: KnowledgeOptions;
}

export interface Knowledge {
  /** library storage for the originals, when the server has it */
  readonly storage?: OriginalsStorage;
  /** queues a file's ingestion (in this process when the job scheduler is not running) */
  enqueue(job: IngestJob): Promise<void>;
  search(input: SearchInput): Promise<SearchResult>;
  /** which vector search this database uses */
  vectorIndex(): Promise<VectorIndex>;
  /** waits for ingestions running in this process (app close, tests) */
  drain(): Promise<void>;
}

export function createKnowledge(deps: KnowledgeDeps): Knowledge {
  const { db, scheduler, log, options = {} } = deps;
  const embedders = (libraryId: string, provider: EmbeddingProvider, model: string): Promise<Embedder> => embedderFor(deps, libraryId, provider, model);
  const ingestDeps = { db, storage: deps.storage, embedderFor: embedders, chunking: options.chunking };
  const inline = new Set<Promise<unknown>>();
  // detected on first use (pgvector or not), not per query
  let index: Promise<VectorIndex> | null = null;
  const vectorIndex = () => {
    index ??= createVectorIndex(db);
    return index;
  };

  scheduler.onStart(async (boss: PgBoss) => {
    // a failed ingestion is recorded on the file, so the job itself is not retried; a crashed worker's job is
    await ensureQueue(boss, KNOWLEDGE_QUEUE, { retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
    if (!scheduler.runsJobs) return; // a web-only server sends ingestions, the workers run them
    await boss.work(
      KNOWLEDGE_QUEUE,
      { includeMetadata: true, pollingIntervalSeconds: scheduler.pollingIntervalSeconds, localConcurrency: options.concurrency ?? 2 },
      async (jobs: JobWithMetadata<IngestJob>[]) => {
        for (const job of jobs) await ingestFile(ingestDeps, job.data, job.signal);
      },
    );
  });

  function runHere(job: IngestJob) {
    const work = ingestFile(ingestDeps, job)
      .catch((error: unknown) => log.error(error, `Ingesting knowledge file ${job.fileId} failed`))
      .finally(() => inline.delete(work));
    inline.add(work);
  }

  return {
    storage: deps.storage,
    async enqueue(job) {
      if (scheduler.running) {
        try {
          await scheduler.boss().send(KNOWLEDGE_QUEUE, job);
          return;
        } catch (error) {
          log.error(error, `Queueing knowledge file ${job.fileId} failed: ingesting it in this process`);
        }
      }
      runHere(job);
    },
    async search(input) {
      return searchKnowledge({ db, index: await vectorIndex(), embedderFor: embedders }, input);
    },
    vectorIndex,
    async drain() {
      await Promise.allSettled([...inline]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    knowledge: Knowledge;
  }
}
