// Pages (spec 02 §2.5–2.6, §3.7–3.9, §4.5–4.6, §9): the page builder's blocks and canvas components,
// the stored page (table `pages`, migration 010, through the data gateway with RLS), its immutable
// published versions (`page_versions`), prospect personalisations (`page_personalizations`), and the
// public API a published page at /p/{slug} uses (no session: anonymous visitors).
import { z } from 'zod';
import {
  CANVAS_ZONES,
  PAGE_LANGUAGES,
  PUBLIC_CHAT_MAX_MESSAGE,
  PUBLIC_CHAT_TEXTS,
  PUBLIC_THREAD_ID_PATTERN,
  type BlockType,
} from './pages-basics.js';
// the plain constants and helpers (no zod: the published page bundles them)
export * from './pages-basics.js';

// ---- Blocks and canvas components (§2.6, §3.7) ---------------------------------------------------

const text = z.string().max(2000, 'Keep it under 2000 characters');
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Pick a colour like #1a2b3c');

export const headerPropsSchema = z.object({ title: text, persona: text, backgroundColor: colour });
export const crmDataPropsSchema = z.object({
  domain: text,
  customerName: text,
  opportunityName: text,
  language: z.enum(PAGE_LANGUAGES, { error: 'Language must be English, Spanish, French or German' }),
});
// an empty button would show as an empty pill that asks nothing
const buttonText = text.refine((s) => s.trim() !== '', 'Write the question this button asks, or remove the button');
export const actionButtonsPropsSchema = z.object({ buttons: z.array(buttonText).max(50, 'At most 50 action buttons') });
export const responseAreaPropsSchema = z.object({ title: text, backgroundColor: colour });
export const freeformChatPropsSchema = z.object({ placeholder: text, backgroundColor: colour });

export const BLOCK_PROPS_SCHEMAS = {
  header: headerPropsSchema,
  crmData: crmDataPropsSchema,
  actionButtons: actionButtonsPropsSchema,
  responseArea: responseAreaPropsSchema,
  freeformChat: freeformChatPropsSchema,
} as const;
export type BlockProps = { [K in BlockType]: z.infer<(typeof BLOCK_PROPS_SCHEMAS)[K]> };

export const canvasLayoutSchema = z.object({
  zone: z.enum(CANVAS_ZONES),
  width: z.string().regex(/^\d{1,3}%$/, 'Width must be a percentage'),
  position: z.number().int().min(0),
});
export type CanvasLayout = z.infer<typeof canvasLayoutSchema>;

/**
 * A component on the canvas. `type` is a plain string so that a component of an unrecognised type
 * still loads (the canvas shows "Unknown block type" for it); props are checked per known type.
 */
export const canvasComponentSchema = z
  .object({
    id: z.string().min(1).max(64),
    type: z.string().min(1).max(64),
    props: z.record(z.string(), z.unknown()),
    layout: canvasLayoutSchema,
  })
  .superRefine((component, ctx) => {
    const schema = (BLOCK_PROPS_SCHEMAS as Record<string, z.ZodType>)[component.type];
    if (!schema) return;
    const result = schema.safeParse(component.props);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['props', ...issue.path] });
    }
  });
export type CanvasComponent = z.infer<typeof canvasComponentSchema>;

export const MAX_PAGE_COMPONENTS = 100;
export const pageComponentsSchema = z.array(canvasComponentSchema).max(MAX_PAGE_COMPONENTS, `A page holds at most ${MAX_PAGE_COMPONENTS} components`);

// ---- Stored pages (migration 010) ----------------------------------------------------------------

export const PAGE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** A row of `pages` as the data gateway returns it (snake_case). */
export interface PageRow {
  id: string;
  library_id: string;
  user_id: string;
  name: string;
  description: string;
  /** the agent the page's assistant talks to (an agent of the library, by name) */
  agent_name: string;
  template_id: string | null;
  components: CanvasComponent[];
  status: PageStatus;
  /** stable public slug, set at first publish and never changed */
  slug: string | null;
  published_version: number | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export const pageNameSchema = z.string().trim().min(1, 'Page name is required').max(100, 'Page name must be at most 100 characters');
export const pageDraftSchema = z.object({
  name: pageNameSchema,
  description: z.string().max(500, 'Description must be at most 500 characters').default(''),
  agent_name: z.string().trim().max(200).default(''),
  template_id: z.string().max(64).nullable().default(null),
  components: pageComponentsSchema,
});
export type PageDraft = z.infer<typeof pageDraftSchema>;

/** A row of `page_versions`: what a publish froze (immutable). */
export interface PageVersionRow {
  id: string;
  page_id: string;
  library_id: string;
  version: number;
  name: string;
  agent_name: string;
  components: CanvasComponent[];
  published_by: string;
  published_at: string;
}

/** A row of `page_personalizations`: a prospect-specific link to a published page (/content). */
export interface PagePersonalizationRow {
  id: string;
  page_id: string;
  library_id: string;
  /** url-safe random token: /p/{slug}?p={token} */
  token: string;
  prospect_name: string;
  crm_data: Partial<BlockProps['crmData']>;
  created_by: string;
  created_at: string;
}
export const personalizationInputSchema = z.object({
  prospect_name: z.string().trim().min(1, 'Prospect name is required').max(200),
  crm_data: crmDataPropsSchema.partial(),
});

// ---- Server API (authenticated) ------------------------------------------------------------------
// POST /api/v1/pages/:id/publish          → PublishPageResponse (a new immutable version; slug kept)
// POST /api/v1/pages/:id/unpublish        → { status: 'unpublished' }
// POST /api/v1/pages/:id/personalizations → PagePersonalizationRow & { url }   body personalizationInputSchema

export const publishPageResponseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  version: z.number().int().min(1),
  published_at: z.string(),
  /** absolute URL of the published page */
  url: z.string(),
});
export type PublishPageResponse = z.infer<typeof publishPageResponseSchema>;

// ---- Public API (no session; the published page at /p/{slug}) -----------------------------------
// GET  /api/public/pages/:slug?p=token → PublicPage (personalisation merged into crmData)
// POST /api/public/pages/:slug/chat    → text/event-stream of RunEvent (like /agent/invoke), body publicChatRequestSchema
//      rate-limited per visitor; runs only the page's bound agent; 404 for unknown/unpublished slugs.

export const publicPageSchema = z.object({
  slug: z.string(),
  name: z.string(),
  version: z.number().int(),
  components: z.array(canvasComponentSchema),
});
export type PublicPage = z.infer<typeof publicPageSchema>;

export const publicChatRequestSchema = z.object({
  message: z.string().trim().min(1, PUBLIC_CHAT_TEXTS.emptyMessage).max(PUBLIC_CHAT_MAX_MESSAGE, PUBLIC_CHAT_TEXTS.tooLong),
  /** the visitor's conversation; a new one after CLEAR HISTORY */
  thread_id: z.string().regex(PUBLIC_THREAD_ID_PATTERN, PUBLIC_CHAT_TEXTS.invalidThread),
  /** personalisation token of the link the visitor opened, if any */
  p: z.string().max(64).optional(),
});
// The agent's params (crmData fields and language) come from the published version and the
// personalisation on the server, never from the visitor.

export type PublicChatRequest = z.infer<typeof publicChatRequestSchema>;
