// The Knowledge screen's words, in one place (the screen and its tests use them).
import { ApiError } from '@accent/shared/client';
import type { KnowledgeFile } from '@accent/shell-common';
import { errorMessage } from '../admin/format.js';

export const KNOWLEDGE_TEXTS = {
  title: 'Knowledge',
  lead: 'Collections of documents your agents can search. Each file is read, split into passages and indexed by meaning and by words.',
  newCollection: 'New collection',
  collections: 'Collections',
  noCollections: 'No knowledge collections yet',
  noCollectionsText: 'Create a collection, then add PDF, Word, Markdown, HTML, CSV or text files to it.',
  loading: 'Loading knowledge collections...',
  name: 'Name',
  description: 'Description',
  provider: 'Embedding provider',
  model: 'Embedding model',
  create: 'Create collection',
  cancel: 'Cancel',
  created: (name: string) => `Collection "${name}" created`,
  files: 'Files',
  noFiles: 'No files in this collection yet',
  addFiles: 'Add files',
  dropHint: 'Drop files here or choose them. PDF, DOCX, TXT, MD, HTML or CSV, up to 20 MB each.',
  uploading: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
  uploadFailed: (name: string) => `Could not upload ${name}`,
  deleteFile: (name: string) => `Delete ${name}`,
  deleteFileTitle: 'Delete file?',
  deleteFileText: (name: string) => `"${name}" and its indexed passages will be removed. Agents will no longer find it.`,
  deleteCollection: 'Delete collection',
  deleteCollectionTitle: 'Delete collection?',
  deleteCollectionText: (name: string) => `"${name}", its files and all their indexed passages will be removed.`,
  delete: 'Delete',
  searchLabel: 'Try a search',
  searchPlaceholder: 'Ask what an agent would look for',
  search: 'Search',
  noHits: 'Nothing found in this collection.',
  readOnly: 'Only administrators can add or delete files.',
} as const;

export const PROVIDER_OPTIONS = [
  { value: 'openai', label: 'OpenAI' },
  { value: 'google', label: 'Google' },
  { value: 'microsoft', label: 'Azure OpenAI' },
  { value: 'local', label: 'Local model server' },
] as const;

/** "Ready · 12 passages", "Embedding 4 of 12", "Failed: reason". */
export function fileProgress(file: KnowledgeFile): string {
  switch (file.status) {
    case 'queued':
      return 'Queued';
    case 'parsing':
      return 'Reading the file';
    case 'embedding':
      return `Indexing ${file.embedded_count} of ${file.chunk_count} passages`;
    case 'ready':
      return `Ready · ${file.chunk_count} ${file.chunk_count === 1 ? 'passage' : 'passages'}${file.pages ? ` · ${file.pages} ${file.pages === 1 ? 'page' : 'pages'}` : ''}`;
    case 'failed':
      return `Failed: ${file.error ?? 'unknown reason'}`;
  }
}

export const isWorking = (file: KnowledgeFile) => file.status === 'queued' || file.status === 'parsing' || file.status === 'embedding';

/** The server's own words for a refusal (its `detail`), else the error's message. */
export const reasonOf = (error: unknown): string => (error instanceof ApiError && error.detail ? error.detail : errorMessage(error));
