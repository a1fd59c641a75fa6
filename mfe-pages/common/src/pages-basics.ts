// The plain part of the pages domain (spec 02 §2.6, §3.7, §4.5, §9; see pages.ts): block types, zones,
// texts, constants and small helpers, without zod, so that the published page bundle (a visitor's
// download) can use them without carrying the schemas. pages.ts re-exports all of it.
import type { BlockProps, CanvasComponent } from './pages.js';

export const BLOCK_TYPES = ['header', 'crmData', 'actionButtons', 'responseArea', 'freeformChat'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const CANVAS_ZONES = ['full-width', 'left-column', 'right-column'] as const;
export type CanvasZone = (typeof CANVAS_ZONES)[number];
export const DEFAULT_ZONE: CanvasZone = 'full-width';

export const PAGE_LANGUAGES = ['English', 'Spanish', 'French', 'German'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** "This is AI generated. Always verify the content." under the chat (§2.6). */
export const AI_NOTICE = 'This is AI generated. Always verify the content.';
export const UNKNOWN_BLOCK_TYPE = 'Unknown block type';
export const NEW_ACTION_BUTTON = 'New Action Button';

/** Deployment animation (§4.5, §9). */
export const DEPLOY_MESSAGE_ROTATION_MS = 2000;
export const DEPLOY_SUCCESS_AFTER_MS = 8000;
export const CONFETTI_MS = 3000;

/** Random 9-character component id (§3.7). */
export function newComponentId(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 9; i += 1) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

/** Default width of a new component (§3.7): 50% in side columns, actionButtons 40%, responseArea 60%, else 100%. */
export function defaultWidth(type: BlockType, zone: CanvasZone): string {
  if (zone !== 'full-width') return '50%';
  if (type === 'actionButtons') return '40%';
  if (type === 'responseArea') return '60%';
  return '100%';
}

// ---- Published pages ----------------------------------------------------------------------------

export const PUBLISHED_PAGE_PATH = '/p';
export const publishedPageUrl = (origin: string, slug: string, token?: string) =>
  `${origin}${PUBLISHED_PAGE_PATH}/${encodeURIComponent(slug)}${token ? `?p=${encodeURIComponent(token)}` : ''}`;

export const PUBLIC_PAGES_API = '/api/public/pages';
/**
 * GET /p/{slug} embeds the page's PublicPage (personalisation merged) as JSON in
 * `<script type="application/json" id="accent-public-page">`, so the published bundle can render without
 * waiting for GET /api/public/pages/:slug (which answers the same).
 */
export const PUBLIC_PAGE_DATA_ELEMENT_ID = 'accent-public-page';

export const PUBLIC_CHAT_MAX_MESSAGE = 4000;
/** A visitor's conversation id (a new one after CLEAR HISTORY). */
export const PUBLIC_THREAD_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const PUBLIC_CHAT_TEXTS = {
  emptyMessage: 'Type a message first',
  tooLong: `Keep the message under ${PUBLIC_CHAT_MAX_MESSAGE} characters`,
  invalidThread: 'Invalid thread id',
} as const;

/** A new conversation id matching PUBLIC_THREAD_ID_PATTERN. CLEAR HISTORY takes a new one. */
export function newPageThreadId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `page-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The page a prospect's personalised link shows: the prospect's values fill its crmData blocks, and
 * wherever the header, the preset questions, the chat's placeholder or a response title name the page's
 * own customer or domain (the first crmData block's, e.g. a template's company), the prospect's are
 * named instead, so the template's company never shows on a personalised page.
 */
export function personalizeComponents(components: readonly CanvasComponent[], crmData: Partial<BlockProps['crmData']>): CanvasComponent[] {
  if (Object.keys(crmData).length === 0) return [...components];
  const own = components.find((c) => c.type === 'crmData')?.props ?? {};
  const swaps = (['customerName', 'domain'] as const)
    .map((key) => [own[key], crmData[key]] as const)
    .filter((pair): pair is readonly [string, string] => typeof pair[0] === 'string' && pair[0].trim() !== '' && typeof pair[1] === 'string' && pair[1].trim() !== '' && pair[0] !== pair[1])
    // the longer name first, so "Acme Corp" is swapped before a shorter "Acme" could cut it
    .sort((a, b) => b[0].length - a[0].length);
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return swaps.reduce((text, [from, to]) => text.split(from).join(to), value);
    if (Array.isArray(value)) return value.map(fill);
    return value;
  };
  const TEXT_PROPS: Record<string, readonly string[]> = { header: ['title', 'persona'], actionButtons: ['buttons'], freeformChat: ['placeholder'], responseArea: ['title'] };
  return components.map((c) => {
    if (c.type === 'crmData') return { ...c, props: { ...c.props, ...crmData } };
    const keys = TEXT_PROPS[c.type];
    if (!keys || swaps.length === 0) return c;
    return { ...c, props: { ...c.props, ...Object.fromEntries(keys.filter((k) => k in c.props).map((k) => [k, fill(c.props[k])])) } };
  });
}

/** The params a page passes to its agent: the crmData fields and language of its first crmData block. */
export function pageAgentParams(components: readonly CanvasComponent[], override: Partial<BlockProps['crmData']> = {}): Record<string, string> {
  const crm = components.find((c) => c.type === 'crmData');
  const props = { ...(crm?.props ?? {}), ...override } as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const key of ['domain', 'customerName', 'opportunityName', 'language'] as const) {
    const value = props[key];
    if (typeof value === 'string' && value !== '') params[key] = value;
  }
  return params;
}
