// The knowledge base (Admin → Knowledge): a library's collections of files that agents search, used by
// the server's /api/v1/knowledge routes and the shell's Knowledge screen.
import { z } from 'zod';
import { withoutDirectionControls } from './names.js';

/** Providers that embed a collection's chunks (Anthropic has no embedding models). */
export const EMBEDDING_PROVIDERS = ['openai', 'google', 'microsoft', 'local'] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

/** A sensible model per provider, offered when a collection is created. */
export const DEFAULT_EMBEDDING_MODELS: Record<EmbeddingProvider, string> = {
  openai: 'text-embedding-3-small',
  google: 'gemini-embedding-001',
  microsoft: 'text-embedding-3-small',
  local: 'text-embedding-3-small',
};

/** File types a collection takes, by extension: what the parser reads them as. */
export const KNOWLEDGE_FILE_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  csv: 'text/csv',
} as const;
export const KNOWLEDGE_ACCEPT = Object.keys(KNOWLEDGE_FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');
export const KNOWLEDGE_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const KNOWLEDGE_MAX_FILES_PER_COLLECTION = 1000;

export const KNOWLEDGE_MESSAGES = {
  collectionNotFound: 'That knowledge collection does not exist in this library.',
  fileNotFound: 'That file is not in this knowledge collection.',
  duplicateName: (name: string) => `A knowledge collection named "${name}" already exists.`,
  unsupportedType: (name: string) => `"${name}" is not a file type the knowledge base reads. Upload PDF, DOCX, TXT, MD, HTML or CSV.`,
  tooLarge: (name: string) => `"${name}" is larger than ${KNOWLEDGE_MAX_FILE_BYTES / (1024 * 1024)} MB.`,
  noFile: 'Choose a file to upload.',
  tooManyFiles: `A collection holds at most ${KNOWLEDGE_MAX_FILES_PER_COLLECTION} files.`,
  onlyAdmins: 'Only administrators can change the knowledge base.',
  emptyText: 'No text could be read from this file (a scanned PDF needs text recognition first).',
  queryRequired: 'Type what to search for.',
  tooManySearches: (seconds: number) => `Too many searches: try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

const collectionFields = {
  name: withoutDirectionControls(z.string().trim().min(1, 'Name is required').max(120, 'Name is longer than 120 characters')),
  description: z.string().trim().max(2000, 'Description is longer than 2000 characters').default(''),
};

/** POST /api/v1/knowledge/collections */
export const knowledgeCollectionCreateSchema = z.object({
  ...collectionFields,
  embedding_provider: z.enum(EMBEDDING_PROVIDERS, { message: `Embedding provider must be one of ${EMBEDDING_PROVIDERS.join(', ')}` }),
  embedding_model: z.string().trim().min(1, 'Embedding model is required').max(200),
});
export type KnowledgeCollectionCreate = z.input<typeof knowledgeCollectionCreateSchema>;

/** PATCH /api/v1/knowledge/collections/:id (the embedding model stays: the stored vectors depend on it) */
export const knowledgeCollectionUpdateSchema = z.object({ name: collectionFields.name.optional(), description: collectionFields.description.optional() });

export const KNOWLEDGE_FILE_STATUSES = ['queued', 'parsing', 'embedding', 'ready', 'failed'] as const;
export type KnowledgeFileStatus = (typeof KNOWLEDGE_FILE_STATUSES)[number];

export const knowledgeFileSchema = z.object({
  id: z.string(),
  collection_id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  status: z.enum(KNOWLEDGE_FILE_STATUSES),
  error: z.string().nullable(),
  parsed_chars: z.number(),
  pages: z.number().nullable(),
  chunk_count: z.number(),
  embedded_count: z.number(),
  updated_at: z.string(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;

export const knowledgeCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  embedding_provider: z.enum(EMBEDDING_PROVIDERS),
  embedding_model: z.string(),
  file_count: z.number(),
  chunk_count: z.number(),
  updated_at: z.string(),
});
export type KnowledgeCollection = z.infer<typeof knowledgeCollectionSchema>;

/** One search result: the chunk's text and where it comes from. */
export const knowledgeHitSchema = z.object({
  file: z.string(),
  file_id: z.string(),
  collection: z.string(),
  page: z.number().nullable(),
  section: z.string().nullable(),
  snippet: z.string(),
  score: z.number(),
});
export type KnowledgeHit = z.infer<typeof knowledgeHitSchema>;

/** POST /api/v1/knowledge/search */
export const knowledgeSearchSchema = z.object({
  query: z.string().trim().min(1, KNOWLEDGE_MESSAGES.queryRequired).max(500),
  collection_ids: z.array(z.uuid('Not a collection id')).max(50).optional(),
  file_ids: z.array(z.uuid('Not a file id')).max(200).optional(),
  limit: z.number().int().min(1).max(20).default(5),
});
export type KnowledgeSearch = z.input<typeof knowledgeSearchSchema>;

/** "Report.pdf, page 3" / "Guide.md, Installation" / "notes.txt": how a citation reads. */
export function citationLabel(hit: Pick<KnowledgeHit, 'file' | 'page' | 'section'>): string {
  if (hit.page != null) return `${hit.file}, page ${hit.page}`;
  if (hit.section) return `${hit.file}, ${hit.section}`;
  return hit.file;
}
