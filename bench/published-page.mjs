// How heavy and how quick is a published page (/p/{slug}) for a visitor? Publishes a page built from the
// logistics template (through the gateway and POST /api/v1/pages/:id/publish, as the builder does), then
// in Chromium, each run in a fresh browser context (cold cache, no cookies):
//   1. JS weight: every JavaScript response of the page, raw and gzip (level 9, as a static server would);
//   2. answer-ready: navigation start → the chat input is enabled (the page can be asked), median of runs.
// Prints figures, asserts nothing.
// Usage: pnpm build && node bench/published-page.mjs
import { gzipSync } from 'node:zlib';
import { importSource, launchChromium, startServer } from './lib.mjs';

// the builder's own templates (mfe-pages/src/builder), on the built @accent/pages-common
const { PAGE_TEMPLATES, loadTemplate } = await importSource('mfe-pages/src/builder/pages-canvas.ts', { '@accent/pages-common': 'mfe-pages/common/dist/index.js' });

const PORT = 3296;
const RUNS = 9;
const CREDENTIALS = { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin', domain: 'accent.ai', session_key: '', api_key: '' };

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Signs in as the demo admin, stores a page bound to a seeded agent and publishes it; resolves with its URL. */
async function publishPage(base) {
  const { token } = await json(await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CREDENTIALS) }));
  const { supabaseAnonKey } = await json(await fetch(`${base}/api/v1/config`));
  const auth = { authorization: `Bearer ${token}` };
  const [row] = await json(
    await fetch(`${base}/rest/v1/pages`, {
      method: 'POST',
      headers: { ...auth, apikey: supabaseAnonKey, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name: 'Benchmark page', agent_name: 'Lead Qualifier', template_id: PAGE_TEMPLATES[0].id, components: loadTemplate(PAGE_TEMPLATES[0]) }),
    }),
  );
  const published = await json(await fetch(`${base}/api/v1/pages/${encodeURIComponent(row.id)}/publish`, { method: 'POST', headers: auth }));
  return published.url;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const server = await startServer(PORT);
const browser = await launchChromium();
try {
  const url = new URL(await publishPage(server.url));
  url.host = new URL(server.url).host;
  const times = [];
  let scripts = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = [];
    page.on('response', async (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      const body = await res.body().catch(() => null);
      if (body) seen.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(url.href, { waitUntil: 'commit' });
    // polled every frame inside the page: the time since navigation start when the chat input is enabled
    const ready = await page.waitForFunction(
      () => {
        const input = document.querySelector('input[placeholder]');
        return input && !input.disabled ? performance.now() : false;
      },
      null,
      { polling: 'raf', timeout: 30_000 },
    );
    times.push(await ready.jsonValue());
    await page.waitForLoadState('networkidle');
    if (run === 0) scripts = seen;
    await context.close();
  }
  const total = scripts.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { raw: 0, gzip: 0 });
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KiB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KiB  ${s.url}`);
  console.log(`published page JS: ${scripts.length} files, ${(total.raw / 1024).toFixed(1)} KiB raw, ${(total.gzip / 1024).toFixed(1)} KiB gzip`);
  console.log(
    `answer-ready (navigation start → chat input enabled), ${RUNS} cold runs: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  server.stop();
}
