// What a published page at /p/{slug} calls (the public API in @accent/pages-common): the page itself and its
// chat, without a session. Plain fetch and no zod, axios, jotai or supabase, so that the published bundle
// stays small; the server validates what it sends with the schemas of pages.ts.
import type { RunEvent } from '@accent/agents-common';
import { readRunEventStream } from '@accent/agents-common/run-stream';
import type { CanvasComponent, PublicChatRequest, PublicPage } from '@accent/pages-common';
import { PUBLIC_CHAT_MAX_MESSAGE, PUBLIC_CHAT_TEXTS, PUBLIC_PAGES_API, PUBLIC_THREAD_ID_PATTERN } from '@accent/pages-common/basics';

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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isComponent(v: unknown): v is CanvasComponent {
  if (!isObject(v) || typeof v.id !== 'string' || typeof v.type !== 'string' || !isObject(v.props) || !isObject(v.layout)) return false;
  const { zone, width, position } = v.layout;
  return typeof zone === 'string' && typeof width === 'string' && typeof position === 'number';
}

/** A page as the server sends it (checked for shape: a component that is not one is left out); null if it is not a page. */
export function readPublicPage(value: unknown): PublicPage | null {
  if (!isObject(value) || typeof value.slug !== 'string' || typeof value.name !== 'string' || typeof value.version !== 'number' || !Array.isArray(value.components)) return null;
  return { slug: value.slug, name: value.name, version: value.version, components: value.components.filter(isComponent) };
}

const RUN_EVENT_TYPES = new Set(['run', 'step', 'delta', 'tool', 'done', 'error']);
/** The server's run events, trusted for shape (the studio checks them with the runtime's schema). */
function runEvent(data: string): RunEvent | null {
  try {
    const event = JSON.parse(data) as unknown;
    return isObject(event) && RUN_EVENT_TYPES.has(event.type as string) ? (event as RunEvent) : null;
  } catch {
    return null;
  }
}

/** The checks of publicChatRequestSchema, before anything is sent. */
function chatBody({ message, thread_id, p }: PublicChatRequest): PublicChatRequest {
  const text = message.trim();
  if (!text) throw new PublicPageError(400, PUBLIC_CHAT_TEXTS.emptyMessage);
  if (text.length > PUBLIC_CHAT_MAX_MESSAGE) throw new PublicPageError(400, PUBLIC_CHAT_TEXTS.tooLong);
  if (!PUBLIC_THREAD_ID_PATTERN.test(thread_id)) throw new PublicPageError(400, PUBLIC_CHAT_TEXTS.invalidThread);
  return { message: text, thread_id, ...(p ? { p } : {}) };
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

const networkFailure = (error: unknown) =>
  error instanceof Error && error.name === 'AbortError' ? error : new PublicPageError(0, error instanceof Error && error.message ? error.message : 'Network Error');

export function createPublicPagesClient({ baseURL = '', fetch: fetchImpl }: { baseURL?: string; fetch?: typeof fetch } = {}): PublicPagesClient {
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const pageUrl = (slug: string) => `${baseURL}${PUBLIC_PAGES_API}/${encodeURIComponent(slug)}`;

  return {
    async getPage(slug, token) {
      let response: Response;
      try {
        response = await doFetch(`${pageUrl(slug)}${token ? `?p=${encodeURIComponent(token)}` : ''}`, { headers: { Accept: 'application/json' } });
      } catch (error) {
        throw networkFailure(error);
      }
      if (!response.ok) throw await failure(response);
      const page = readPublicPage(await response.json().catch(() => null));
      if (!page) throw new PublicPageError(response.status, 'This page could not be read.');
      return page;
    },

    async chat(slug, body, { signal, onEvent } = {}) {
      const payload = chatBody(body);
      let end;
      try {
        const response = await doFetch(`${pageUrl(slug)}/chat`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
          body: JSON.stringify(payload),
          signal,
        });
        if (!response.ok) throw await failure(response);
        end = await readRunEventStream(response.body, runEvent, onEvent);
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
