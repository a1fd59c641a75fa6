// @accent/shared/public: what a page without a session uses (a published page at /p/{slug}): the pages
// domain, the public page client and the run-event reader. Nothing here imports axios, jotai or supabase.
export * from '../domain/pages.js';
export * from '../domain/pages-canvas.js';
export type { RunEvent } from '../domain/runtime.js';
export { createSseParser, parseRunEvent, readRunEvents, type SseParser, type RunStreamEnd } from '../client/run-events.js';
export { createPublicPagesClient, publicPagesClient, PublicPageError, type PublicPagesClient, type PublicChatOptions } from './public-pages.js';
