// How quick is the first visit of Agents after sign-in? In Chromium against the built suite, each run in a
// fresh browser context (cold cache): sign in as the demo admin, wait on /home until the network is quiet
// (the shell warms the areas when the browser is idle), then click Agents in the sidebar and time, in the
// page, from the click to the first agent card painted, and the scripts the page asked for meanwhile (how
// many the HTTP cache served, and the bytes of the others on the wire).
// Two variants in one run, so they share the machine's load: as built, and with the shell's prefetch hints
// dropped (what the same build does without warming the areas). Prints figures, asserts nothing.
// Usage: pnpm build && node bench/area-switch.mjs [runs]
import { launchChromium, startServer } from './lib.mjs';

const RUNS = Number(process.argv[2] ?? 7);
const ADMIN = { email: 'admin@accent.local', password: 'accent-admin' };
const CARD = 'Lead Qualifier'; // a seeded agent

// Drops <link rel=prefetch> before it reaches the document: the "without warming" variant.
const NO_PREFETCH = `(() => {
  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function (child) {
    if (child instanceof HTMLLinkElement && child.rel === 'prefetch') return child;
    return append.call(this, child);
  };
})();`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function oneRun(browser, baseURL, warm) {
  const context = await browser.newContext({ baseURL });
  if (!warm) await context.addInitScript(NO_PREFETCH);
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/home$/);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500); // idle time after sign-in, as a person reads the home page
    await page.waitForLoadState('networkidle');

    // in the page: the click's time, then the first frame with the card in it
    await page.evaluate((card) => {
      window.__areaSwitch = new Promise((resolve) => {
        let clickedAt;
        document.addEventListener(
          'click',
          () => {
            clickedAt = performance.now();
          },
          { capture: true, once: true },
        );
        const check = () => {
          if (clickedAt !== undefined && [...document.querySelectorAll('article, [role="article"]')].some((a) => a.textContent?.includes(card))) {
            const ms = performance.now() - clickedAt;
            // scripts requested after the click; transferSize is 0 for what the HTTP cache served
            const scripts = performance.getEntriesByType('resource').filter((e) => e.startTime >= clickedAt && /\.js(\?|$)/.test(e.name));
            const fetched = scripts.filter((e) => e.transferSize > 0);
            resolve({ ms, files: scripts.length, fetchedFiles: fetched.length, kib: fetched.reduce((t, e) => t + e.transferSize, 0) / 1024 });
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    }, CARD);
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Agents', exact: true }).click();
    return await page.evaluate(() => window.__areaSwitch);
  } finally {
    await context.close();
  }
}

// two sign-ins per run: past the default limit of 10 a minute for one email and address
process.env.LOGIN_RATE_LIMIT ??= '1000';
process.env.LOGIN_ADDRESS_RATE_LIMIT ??= '1000';
const server = await startServer(3297);
const browser = await launchChromium();
try {
  const results = { warm: [], cold: [] };
  for (let i = 0; i < RUNS; i++) {
    // alternate, so a slow moment of the machine falls on both variants
    results.warm.push(await oneRun(browser, server.url, true));
    results.cold.push(await oneRun(browser, server.url, false));
  }
  const line = (label, runs) => {
    const ms = runs.map((r) => r.ms);
    const kib = median(runs.map((r) => r.kib));
    console.log(
      `${label.padEnd(34)} click → cards: median ${median(ms).toFixed(0)} ms, range ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} ms over ${runs.length} runs; ` +
        `scripts until the cards: ${median(runs.map((r) => r.files))}, of which ${median(runs.map((r) => r.fetchedFiles))} over the network, ${kib.toFixed(1)} KiB on the wire (medians)`,
    );
    return { median: median(ms), min: Math.min(...ms), max: Math.max(...ms), kib };
  };
  const warm = line('first visit of Agents (as built)', results.warm);
  const cold = line('… without prefetch hints', results.cold);
  console.log(
    `RESULT area-switch median_ms=${warm.median.toFixed(0)} min_ms=${warm.min.toFixed(0)} max_ms=${warm.max.toFixed(0)} kib=${warm.kib.toFixed(1)} ` +
      `unwarmed_median_ms=${cold.median.toFixed(0)} unwarmed_min_ms=${cold.min.toFixed(0)} unwarmed_max_ms=${cold.max.toFixed(0)} unwarmed_kib=${cold.kib.toFixed(1)} runs=${RUNS}`,
  );
} finally {
  await browser.close();
  server.stop();
}
