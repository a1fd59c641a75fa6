// "internal knowledge base search": the knowledge base's hybrid search over the collections the agent may
// search, together with the library's own documents (full text), fused into one ranking. Each result
// carries its citation (file, page or section) so the model can name its sources and the chat can show them.
import { citationLabel } from '@accent/shell-common';
import { z } from 'zod';
import type { Knowledge } from '../../knowledge/index.js';
import { reciprocalRankFusion } from '../../knowledge/search.js';
import { searchKnowledgeBase } from '../../library/documents.js';
import type { LibraryReads } from '../../library/run-reads.js';
import { defineTool } from '../types.js';

export interface KnowledgeResult {
  /** how to cite it: "Report.pdf, page 3", "Guide.md, Installation" */
  source: string;
  document: string;
  page: number | null;
  section: string | null;
  /** the knowledge collection, or the document's folder */
  collection?: string;
  folder?: string;
  snippet: string;
  score: number;
}

export interface KnowledgeSearchScope {
  /** the run's reads: only what the person (or audience) the run acts for may read is found */
  reads: LibraryReads;
  libraryId: string;
  knowledge?: Pick<Knowledge, 'search'>;
  knowledgeCollections?: string[];
}

/** The one search behind the tool and the runtime's "search knowledge base" fallback. */
export async function searchKnowledgeAndDocuments(scope: KnowledgeSearchScope, query: string, limit: number): Promise<{ results: KnowledgeResult[]; warnings: string[] }> {
  const collectionIds = scope.knowledgeCollections?.length ? scope.knowledgeCollections : undefined;
  const [knowledge, documents] = await Promise.all([
    scope.knowledge ? scope.knowledge.search({ libraryId: scope.libraryId, query, collectionIds, limit, reads: scope.reads }) : Promise.resolve({ hits: [], warnings: [] }),
    scope.reads((trx) => searchKnowledgeBase(trx, scope.libraryId, query, limit)),
  ]);
  const byKey = new Map<string, KnowledgeResult>();
  const knowledgeList = knowledge.hits.map((h, i) => {
    const key = `k${i}`;
    byKey.set(key, { source: citationLabel(h), document: h.file, page: h.page, section: h.section, collection: h.collection, snippet: h.snippet, score: h.score });
    return { id: key, score: h.score };
  });
  const documentList = documents.map((d) => {
    const key = `d${d.id}`;
    byKey.set(key, { source: d.name, document: d.name, page: null, section: null, folder: d.folder, snippet: d.snippet, score: d.rank });
    return { id: key, score: d.rank };
  });
  // the knowledge base's hybrid ranking first: it wins ties with the documents' word matches
  const fused = reciprocalRankFusion([knowledgeList, documentList]).slice(0, limit);
  return { results: fused.map((f) => ({ ...byKey.get(f.id)!, score: Number(f.score.toFixed(4)) })), warnings: knowledge.warnings };
}

export const knowledgeBaseSearch = defineTool({
  name: 'internal knowledge base search',
  id: 'internal_knowledge_base_search',
  description:
    "Search the organisation's internal knowledge base (uploaded files and documents: product, pricing, policies, notes). Returns the best matching passages, each with its source (file, page or section). Use it before answering questions about the organisation, and name the sources you used.",
  inputSchema: z.object({
    query: z.string().min(1).max(500).describe('What to look for, in plain words or with "quoted phrases"'),
    limit: z.number().int().min(1).max(10).optional().describe('How many passages to return (default 5)'),
  }),
  async execute({ query, limit }, ctx) {
    const { results, warnings } = await searchKnowledgeAndDocuments(ctx, query, limit ?? 5);
    return warnings.length ? { results, warnings } : { results };
  },
});
