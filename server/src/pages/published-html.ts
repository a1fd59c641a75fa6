// The HTML of a published page at /p/{slug}: the standalone bundle the mfe-pages build writes to
// mfe-pages/dist/published/index.html (its assets under /mfe/pages/published/), given the page's name
// as its title, kept out of search engines, and carrying the page's data so the first render needs no
// further request.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PUBLIC_PAGE_DATA_ELEMENT_ID, type PublicPage } from '@accent/pages-common';
import { escapeHtml } from '../http/html.js';

export const publishedBundlePath = (staticRoot: string) => join(staticRoot, 'mfe-pages', 'dist', 'published', 'index.html');

/** The bundle's index.html; null when mfe-pages is not built. Read per request: a rebuild shows at once. */
export async function readPublishedBundle(staticRoot: string): Promise<string | null> {
  try {
    return await readFile(publishedBundlePath(staticRoot), 'utf8');
  } catch {
    return null;
  }
}

/** JSON inside a <script> element: `<` escaped so no text can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function publishedPageHtml(template: string, page: PublicPage): string {
  const title = `<title>${escapeHtml(page.name)}</title>`;
  const head = [
    '<meta name="robots" content="noindex">',
    `<script type="application/json" id="${PUBLIC_PAGE_DATA_ELEMENT_ID}">${scriptJson(page)}</script>`,
  ].join('');
  // replacer functions: a page name holding "$&" must not be read as a replacement pattern
  let html = /<title>[\s\S]*?<\/title>/i.test(template) ? template.replace(/<title>[\s\S]*?<\/title>/i, () => title) : insertIntoHead(template, title);
  html = insertIntoHead(html, head);
  return html;
}

function insertIntoHead(html: string, markup: string): string {
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, (end) => `${markup}${end}`);
  return `${markup}${html}`;
}

const NOT_PUBLISHED_STYLE = 'body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}main{text-align:center;padding:2rem}h1{font-size:1.5rem}';

/** A visitor's 404: no studio, no script. */
export function notPublishedHtml(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(message)}</title><style>${NOT_PUBLISHED_STYLE}</style></head><body><main><h1>${escapeHtml(message)}</h1></main></body></html>`;
}
