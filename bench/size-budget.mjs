// Size budgets (bytes, not timing): the gzip JS the login page loads, each built remote entry, and the JS
// each area fetches on its first visit after sign-in. Budgets live in bench/budgets.json (KiB, gzip
// level 9, as the build precompresses). Loads pages in Chromium against the built suite.
// Usage: pnpm build && node bench/size-budget.mjs [--check]   (--check: exit 1 when a size is over budget)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, ROOT, startServer } from './lib.mjs';

const check = process.argv.includes('--check');
const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8'));
const AREAS = { agents: '/agents', missions: '/missions', flows: '/flows', background: '/background', pages: '/pages' };
const ADMIN = { email: 'admin@accent.local', password: 'accent-admin' };
const kib = (bytes) => bytes / 1024;
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) });`;
const gzipKiB = (buffer) => kib(gzipSync(buffer, { level: 9 }).length);

/** Sums the gzip size of every JS response the page receives while `collecting` says so. */
function collectScripts(page) {
  const scripts = { kib: 0, files: 0, collecting: true, pending: [] };
  page.on('response', (res) => {
    // scripts the page runs: not what it only prefetches for later (the lean /login prefetches the studio's)
    if (!scripts.collecting || res.request().resourceType() !== 'script') return;
    scripts.pending.push(
      res.body().then(
        (body) => {
          scripts.kib += gzipKiB(body);
          scripts.files++;
        },
        () => undefined,
      ),
    );
  });
  return scripts;
}

/** Network idle, and no new script for half a second (lazy routes start loading after a render). */
async function settle(page, scripts) {
  for (let seen = -1; seen !== scripts.pending.length; ) {
    seen = scripts.pending.length;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
  }
  await Promise.all(scripts.pending);
}

const rows = [];
const record = (what, sizeKiB, budgetKiB, detail = '') => rows.push({ what, sizeKiB, budgetKiB, detail, over: budgetKiB !== undefined && sizeKiB > budgetKiB });

for (const id of Object.keys(AREAS)) {
  const entry = path.join(ROOT, `mfe-${id}`, 'dist', 'remoteEntry.js');
  if (existsSync(entry)) record(`remote entry: ${id}`, gzipKiB(readFileSync(entry)), budgets.remoteEntryGzipKiB);
  else record(`remote entry: ${id}`, NaN, budgets.remoteEntryGzipKiB, 'not built');
}

const server = await startServer(3295);
const browser = await launchChromium();
try {
  {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const scripts = collectScripts(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await settle(page, scripts);
    record('login page JS', scripts.kib, budgets.loginJsGzipKiB, `${scripts.files} files`);
    await context.close();
  }
  for (const [id, route] of Object.entries(AREAS)) {
    const context = await browser.newContext({ baseURL: server.url });
    // Data Saver on: the shell then warms no area while idle, so what entering one costs is all fetched here
    await context.addInitScript(SAVE_DATA);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/home$/);
    await page.waitForLoadState('networkidle');
    // from here on: what entering the area costs, as a click in the sidebar (client-side navigation)
    const scripts = collectScripts(page);
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await page.waitForResponse((res) => res.url().includes(`/mfe/${id}/`));
    await settle(page, scripts);
    record(`first visit: ${id} (${route})`, scripts.kib, budgets.areaFirstVisitGzipKiB?.[id], `${scripts.files} files`);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}

console.log('JS size budgets (KiB gzip -9; budgets in bench/budgets.json):');
for (const r of rows) {
  const verdict = Number.isNaN(r.sizeKiB) ? 'not built' : r.budgetKiB === undefined ? 'no budget' : r.over ? 'OVER BUDGET' : 'ok';
  console.log(`  ${r.what.padEnd(38)} ${(Number.isNaN(r.sizeKiB) ? '—' : r.sizeKiB.toFixed(1)).padStart(7)} / ${String(r.budgetKiB ?? '—').padStart(5)}  ${verdict}${r.detail ? `  (${r.detail})` : ''}`);
}
const login = rows.find((r) => r.what === 'login page JS');
const entries = rows.filter((r) => r.what.startsWith('remote entry') && !Number.isNaN(r.sizeKiB));
const visits = rows.filter((r) => r.what.startsWith('first visit'));
console.log(
  `RESULT size-budget login_kib=${login.sizeKiB.toFixed(1)} max_remote_entry_kib=${Math.max(...entries.map((r) => r.sizeKiB)).toFixed(1)} ` +
    `max_first_visit_kib=${Math.max(...visits.map((r) => r.sizeKiB)).toFixed(1)} over=${rows.filter((r) => r.over).length}`,
);
const over = rows.filter((r) => r.over);
if (check && over.length) {
  console.error(`\n✗ ${over.length} size${over.length > 1 ? 's' : ''} over budget: ${over.map((r) => r.what).join(', ')}. Make it smaller, or raise its budget in bench/budgets.json with the reason in the commit.`);
  process.exit(1);
}
