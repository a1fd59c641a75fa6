// Web search connectors: Google Custom Search JSON API and SerpApi.
import { z } from 'zod';
import { defineTool } from '../types.js';
import { connectorFetch, trimSlash, withConnector } from './http.js';

const query = z.string().min(1).max(500).describe('The search query');
const num = z.number().int().min(1).max(10).optional().describe('How many results (default 5)');

export const googleSearch = defineTool({
  name: 'Google Search',
  id: 'google_search',
  description: 'Search the web with Google. Returns titles, links and snippets.',
  inputSchema: z.object({ query, num }),
  execute: ({ query: q, num: n }, ctx) =>
    withConnector(ctx, 'Google Search', 'google_search', async (credentials, baseUrl) => {
      const { body } = await connectorFetch({
        service: 'Google Search',
        url: `${trimSlash(baseUrl)}/customsearch/v1`,
        query: { key: credentials.apiKey, cx: credentials.cx, q, num: n ?? 5 },
        signal: ctx.signal,
      });
      return { results: (body?.items ?? []).map((i: any) => ({ title: i.title, link: i.link, snippet: i.snippet })) };
    }),
});

export const serpApi = defineTool({
  name: 'Serp API',
  id: 'serp_api',
  description: 'Search the web through SerpApi (Google results by default). Returns titles, links and snippets.',
  inputSchema: z.object({ query, num, engine: z.enum(['google', 'bing', 'duckduckgo']).optional().describe('Search engine (default google)') }),
  execute: ({ query: q, num: n, engine }, ctx) =>
    withConnector(ctx, 'Serp API', 'serp_api', async (credentials, baseUrl) => {
      const { body } = await connectorFetch({
        service: 'SerpApi',
        url: `${trimSlash(baseUrl)}/search.json`,
        query: { engine: engine ?? 'google', q, api_key: credentials.apiKey, num: n ?? 5 },
        signal: ctx.signal,
      });
      return { results: (body?.organic_results ?? []).slice(0, n ?? 5).map((r: any) => ({ title: r.title, link: r.link, snippet: r.snippet })) };
    }),
});
