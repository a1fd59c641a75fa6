// What a published page at /p/{slug} calls (spec of the public API in domain/pages.ts): the page itself
// and its chat, without a session. Plain fetch and no axios, jotai or supabase, so that the published
// bundle stays small.
import { publicChatRequestSchema, publicPageSchema, type PublicChatRequest, type PublicPage } from '../domain/pages.js';
import type { RunEvent } from '../domain/runtime.js';
import { readRunEvents } from '../client/run-events.js';

/** A failed public call: `status` 0 when no answer arrived; the message is what a visitor can be shown. */
export class PublicPageError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PublicPageError';
    this.status = status;
  }
}

export interface PublicChatOptions {
  signal?: AbortSignal;
  /** every streamed event, in order (delta events carry the answer as it is written) */
  onEvent?: (event: RunEvent) => void;
}

export interface PublicPagesClient {
  /** GET /api/public/pages/:slug?p=token; 404 for an unknown or unpublished page */
  getPage(slug: string, token?: string | null): Promise<PublicPage>;
  /** POST /api/public/pages/:slug/chat; resolves with the whole answer */
  chat(slug: string, body: PublicChatRequest, options?: PublicChatOptions): Promise<string>;
}

async function failure(response: Response): Promise<PublicPageError> {
  let detail = '';
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string') detail = body.detail.trim();
  } catch {
    // not JSON: the status says enough
  }
  if (response.status === 404) return new PublicPageError(404, detail || 'This page is not available.');
  if (response.status === 429) return new PublicPageError(429, detail || 'Too many questions at once. Please wait a moment and try again.');
  return new PublicPageError(response.status, `HTTP ${response.status}: ${detail || response.statusText || 'Error'}`);
}

const networkFailure = (error: unknown) => (error instanceof Error && error.name === 'AbortError' ? error : new PublicPageError(0, error instanceof Error && error.message ? error.message : 'Network Error'));

export function createPublicPagesClient({ baseURL = '', fetch: fetchImpl }: { baseURL?: string; fetch?: typeof fetch } = {}): PublicPagesClient {
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const pageUrl = (slug: string) => `${baseURL}/api/public/pages/${encodeURIComponent(slug)}`;

  return {
    async getPage(slug, token) {
      let response: Response;
      try {
        response = await doFetch(`${pageUrl(slug)}${token ? `?p=${encodeURIComponent(token)}` : ''}`, { headers: { Accept: 'application/json' } });
      } catch (error) {
        throw networkFailure(error);
      }
      if (!response.ok) throw await failure(response);
      const parsed = publicPageSchema.safeParse(await response.json());
      if (!parsed.success) throw new PublicPageError(response.status, 'This page could not be read.');
      return parsed.data;
    },

    async chat(slug, body, { signal, onEvent } = {}) {
      const checked = publicChatRequestSchema.safeParse(body);
      if (!checked.success) throw new PublicPageError(400, checked.error.issues[0]?.message ?? 'Invalid message');
      let end;
      try {
        const response = await doFetch(`${pageUrl(slug)}/chat`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
          body: JSON.stringify(checked.data),
          signal,
        });
        if (!response.ok) throw await failure(response);
        end = await readRunEvents(response.body, onEvent);
      } catch (error) {
        if (error instanceof PublicPageError) throw error;
        throw networkFailure(error);
      }
      if (!end.final) throw new PublicPageError(0, 'The connection closed before the answer was complete.');
      if (end.final.type === 'error') throw new PublicPageError(end.final.status ?? 0, end.final.message || 'The assistant could not answer.');
      return end.final.output;
    },
  };
}

export const publicPagesClient: PublicPagesClient = createPublicPagesClient();
