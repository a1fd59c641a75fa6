// "internal knowledge base search": full-text search over the library's own documents.
import { z } from 'zod';
import { searchKnowledgeBase } from '../../library/documents.js';
import { defineTool } from '../types.js';

export const knowledgeBaseSearch = defineTool({
  name: 'internal knowledge base search',
  id: 'internal_knowledge_base_search',
  description:
    "Search the organisation's internal knowledge base (its documents: product, pricing, policies, notes). Returns the best matching documents with snippets. Use it before answering questions about the organisation.",
  inputSchema: z.object({
    query: z.string().min(1).max(500).describe('What to look for, in plain words or with "quoted phrases"'),
    limit: z.number().int().min(1).max(10).optional().describe('How many documents to return (default 5)'),
  }),
  async execute({ query, limit }, ctx) {
    const hits = await searchKnowledgeBase(ctx.db, ctx.libraryId, query, limit ?? 5);
    return { results: hits.map((h) => ({ id: h.id, document: h.name, folder: h.folder, snippet: h.snippet, score: Number(h.rank.toFixed(4)) })) };
  },
});
