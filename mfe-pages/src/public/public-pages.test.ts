import { describe, expect, it } from '@jest/globals';
import { createPublicPagesClient, PublicPageError } from './public-pages.js';

const page = { slug: 'acme', name: 'Acme', version: 2, components: [{ id: 'c1', type: 'header', props: { title: 'T', persona: 'P', backgroundColor: '#000000' }, layout: { zone: 'full-width', width: '100%', position: 0 } }] };

function sse(events: unknown[]): Response {
  const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  return new Response(new Blob([text]).stream(), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('public pages client', () => {
  it('reads a published page with its personalisation token', async () => {
    const urls: string[] = [];
    const client = createPublicPagesClient({ fetch: async (input) => (urls.push(String(input)), Response.json(page)) });
    expect(await client.getPage('acme', 'tok 1')).toEqual(page);
    expect(urls).toEqual(['/api/public/pages/acme?p=tok%201']);
  });

  it('says a missing page is not available', async () => {
    const client = createPublicPagesClient({ fetch: async () => Response.json({ detail: '' }, { status: 404 }) });
    await expect(client.getPage('nope')).rejects.toEqual(new PublicPageError(404, 'This page is not available.'));
  });

  it('streams the chat answer and resolves with it', async () => {
    const bodies: unknown[] = [];
    const client = createPublicPagesClient({
      fetch: async (_input, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return sse([{ type: 'run', run_id: 'r1' }, { type: 'delta', text: 'Hel' }, { type: 'delta', text: 'lo' }, { type: 'done', output: 'Hello', run_id: 'r1', elapsed_ms: 5 }]);
      },
    });
    const deltas: string[] = [];
    const answer = await client.chat('acme', { message: ' hi ', thread_id: 'page-12345678' }, { onEvent: (e) => e.type === 'delta' && deltas.push(e.text) });
    expect(answer).toBe('Hello');
    expect(deltas).toEqual(['Hel', 'lo']);
    expect(bodies).toEqual([{ message: 'hi', thread_id: 'page-12345678' }]);
  });

  it('rejects with the run error, a rate limit, or a bad message', async () => {
    const failing = createPublicPagesClient({ fetch: async () => sse([{ type: 'error', message: 'No key for openai', status: 424 }]) });
    await expect(failing.chat('acme', { message: 'hi', thread_id: 'page-12345678' })).rejects.toEqual(new PublicPageError(424, 'No key for openai'));
    const limited = createPublicPagesClient({ fetch: async () => Response.json({ detail: 'Slow down' }, { status: 429 }) });
    await expect(limited.chat('acme', { message: 'hi', thread_id: 'page-12345678' })).rejects.toEqual(new PublicPageError(429, 'Slow down'));
    await expect(limited.chat('acme', { message: '  ', thread_id: 'page-12345678' })).rejects.toThrow('Type a message first');
  });
});
