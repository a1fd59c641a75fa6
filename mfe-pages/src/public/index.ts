// What a page without a session uses (a published page at /p/{slug}): the plain pages constants and
// helpers, the public page client and the run-event stream reader. Nothing here imports zod, axios, jotai
// or supabase (a visitor downloads it), so the schemas' types are types only.
export * from '@accent/pages-common/basics';
export type { BlockProps, CanvasComponent, CanvasLayout, PublicChatRequest, PublicPage } from '@accent/pages-common';
export type { RunEvent } from '@accent/agents-common';
export { createSseParser, readRunEventStream, type SseParser, type RunStreamEnd } from '@accent/agents-common/run-stream';
export { createPublicPagesClient, publicPagesClient, readPublicPage, PublicPageError, type PublicPagesClient, type PublicChatOptions } from './public-pages.js';
