// While the page is being left (reload, tab closed, tab hidden), a save started by an editor must outlive
// the document: the browser cancels ordinary requests of an unloading page, but not `keepalive` ones.
// Keepalive bodies are capped (64 KiB in flight per page), so only requests that fit are sent that way.
import { globalSingleton } from './global-singleton.js';

const state = globalSingleton('__ACCENT_PAGE_LEAVING__', () => ({ leaving: false }));

/** Keepalive bodies above this are sent the ordinary way (the browser refuses them as keepalive). */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

export function setPageLeaving(leaving: boolean): void {
  state.leaving = leaving;
}

export function isPageLeaving(): boolean {
  return state.leaving;
}

function bodyBytes(body: RequestInit['body']): number | null {
  if (body === undefined || body === null) return 0;
  if (typeof body === 'string') return new TextEncoder().encode(body).length;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) return new TextEncoder().encode(body.toString()).length;
  return null; // a stream or form data: size unknown
}

/** The request options to use now: `keepalive` added while the page is being left and the body fits. */
export function leavingInit(init?: RequestInit): RequestInit | undefined {
  if (!state.leaving || init?.keepalive) return init;
  const size = bodyBytes(init?.body);
  if (size === null || size > KEEPALIVE_MAX_BYTES) return init;
  return { ...init, keepalive: true };
}

/** A fetch whose requests started while the page is being left survive the page. */
export function leavingFetch(base: typeof fetch): typeof fetch {
  return (input, init) => base(input, leavingInit(init));
}
