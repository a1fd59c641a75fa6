// Row types of migration 023's tables, added to the app's kysely schema where the knowledge code needs them.
import type { EmbeddingProvider, KnowledgeFileStatus } from '@accent/shell-common';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type KnowledgeTables = {
  knowledge_collections: {
    id: Generated<string>;
    library_id: string;
    name: string;
    description: Generated<string>;
    embedding_provider: EmbeddingProvider;
    embedding_model: string;
    created_by: Nullable<string>;
    created_at: Stamp;
    updated_at: Stamp;
  };
  knowledge_files: {
    id: Generated<string>;
    collection_id: string;
    library_id: string;
    name: string;
    mime: string;
    size: number;
    sha256: string;
    data: Nullable<Uint8Array>;
    status: ColumnType<KnowledgeFileStatus, KnowledgeFileStatus | undefined, KnowledgeFileStatus>;
    error: Nullable<string>;
    parsed_chars: Generated<number>;
    pages: Nullable<number>;
    chunk_count: Generated<number>;
    embedded_count: Generated<number>;
    revision: Generated<number>;
    uploaded_by: Nullable<string>;
    created_at: Stamp;
    updated_at: Stamp;
  };
  knowledge_chunks: {
    id: ColumnType<string, never, never>;
    file_id: string;
    collection_id: string;
    library_id: string;
    position: number;
    text: string;
    page: Nullable<number>;
    section: Nullable<string>;
    tsv: ColumnType<string, never, never>;
    embedding: Nullable<number[]>;
  };
};

export type KnowledgeDb = Kysely<DB & KnowledgeTables>;
export const withKnowledge = (db: Kysely<DB>): KnowledgeDb => db.withTables<KnowledgeTables>();
