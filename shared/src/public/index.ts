// @accent/shared/public: what a page without a session uses (a published page at /p/{slug}): the plain
// pages constants and helpers, the public page client and the run-event stream reader. Nothing here
// imports zod, axios, jotai or supabase (a visitor downloads it), so the schemas' types are types only.
export * from '../domain/pages-basics.js';
export type { BlockProps, CanvasComponent, CanvasLayout, PublicChatRequest, PublicPage } from '../domain/pages.js';
export type { RunEvent } from '../domain/runtime.js';
export { createSseParser, readRunEventStream, type SseParser, type RunStreamEnd } from '../client/sse.js';
export { createPublicPagesClient, publicPagesClient, readPublicPage, PublicPageError, type PublicPagesClient, type PublicChatOptions } from './public-pages.js';
