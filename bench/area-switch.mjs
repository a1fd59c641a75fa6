// How quick is the first visit of each area after sign-in? In Chromium against the built suite, each run in a
// fresh browser context (cold cache): sign in as the demo admin, open the page that leads to the area (/home
// for the sidebar's areas, /deploy for Background), wait until the network is quiet (the shell warms the
// areas when the browser is idle), then click the area's link and time, in the page, from the click to the
// area shown with its data (Agents: the first agent card painted; the others: their page heading with no
// loading indicator left in <main>), and the scripts the page asked for meanwhile (how many the HTTP cache
// served, and the bytes of the others on the wire).
// Two variants in one run, so they share the machine's load: as built, and with the browser's Data Saver on
// (the shell then warms nothing ahead of time: what a click costs on an area nobody prepared).
// Prints figures, asserts nothing.
// Usage: pnpm build && node bench/area-switch.mjs [runs] [area …]   (areas: agents missions flows pages background)
import { launchChromium, startServer } from './lib.mjs';

const RUNS = Number(process.argv[2] ?? 7);
const ADMIN = { email: 'admin@accent.local', password: 'accent-admin' };
const AREAS = {
  agents: { from: '/home', link: (page) => sidebarLink(page, 'Agents'), card: 'Lead Qualifier' }, // a seeded agent
  missions: { from: '/home', link: (page) => sidebarLink(page, 'Missions') },
  flows: { from: '/home', link: (page) => sidebarLink(page, 'Flows') },
  pages: { from: '/home', link: (page) => sidebarLink(page, 'Magic Pages') },
  background: { from: '/deploy', link: (page) => page.getByRole('button', { name: /^Background/ }) },
};
const chosen = process.argv.slice(3).length ? process.argv.slice(3) : Object.keys(AREAS);

const sidebarLink = (page, name) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name, exact: true });

// Data Saver as the page sees it: the "not warmed" variant.
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) });`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function oneRun(browser, baseURL, area, warm) {
  const context = await browser.newContext({ baseURL });
  if (!warm) await context.addInitScript(SAVE_DATA);
  const page = await context.newPage();
  try {
    // signed in through the API (the same answer and cookies the login page gets), then the page opened
    const res = await context.request.post('/api/auth/login', {
      data: { environment: 'lo-n02', library: 'sales2', email: ADMIN.email, password: ADMIN.password, domain: 'accent.ai', session_key: '', api_key: '' },
    });
    if (!res.ok()) throw new Error(`sign-in: ${res.status()} ${await res.text()}`);
    await page.goto(AREAS[area].from);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500); // idle time after sign-in, as a person reads the page
    await page.waitForLoadState('networkidle');
    const heading = await page.locator('main h1').first().textContent();

    // in the page: the click's time, then the first frame with the area in it
    await page.evaluate(
      ({ card, before }) => {
        window.__areaSwitch = new Promise((resolve) => {
          let clickedAt;
          document.addEventListener(
            'click',
            () => {
              clickedAt = performance.now();
            },
            { capture: true, once: true },
          );
          const shown = () => {
            if (card) return [...document.querySelectorAll('article, [role="article"]')].some((a) => a.textContent?.includes(card));
            const main = document.querySelector('main');
            const h1 = main?.querySelector('h1')?.textContent;
            return Boolean(h1 && h1 !== before && !main.querySelector('[role="status"]') && !/Loading/.test(main.textContent ?? ''));
          };
          const check = () => {
            if (clickedAt !== undefined && shown()) {
              const ms = performance.now() - clickedAt;
              // scripts requested after the click; transferSize is 0 for what the HTTP cache served
              const scripts = performance.getEntriesByType('resource').filter((e) => e.startTime >= clickedAt && /\.js(\?|$)/.test(e.name));
              const fetched = scripts.filter((e) => e.transferSize > 0);
              resolve({ ms, files: scripts.length, fetchedFiles: fetched.length, kib: fetched.reduce((t, e) => t + e.transferSize, 0) / 1024 });
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
      },
      { card: AREAS[area].card, before: heading },
    );
    await AREAS[area].link(page).click();
    return await page.evaluate(() => window.__areaSwitch);
  } finally {
    await context.close();
  }
}

// many sign-ins: past the default limit of 10 a minute for one email and address
process.env.LOGIN_RATE_LIMIT ??= '1000';
process.env.LOGIN_ADDRESS_RATE_LIMIT ??= '1000';
const server = await startServer(3297);
const browser = await launchChromium();
try {
  const summary = {};
  for (const area of chosen) {
    const results = { warm: [], cold: [] };
    for (let i = 0; i < RUNS; i++) {
      // alternate, so a slow moment of the machine falls on both variants
      results.warm.push(await oneRun(browser, server.url, area, true));
      results.cold.push(await oneRun(browser, server.url, area, false));
    }
    const line = (label, runs) => {
      const ms = runs.map((r) => r.ms);
      const kib = median(runs.map((r) => r.kib));
      console.log(
        `${label.padEnd(40)} click → shown: median ${median(ms).toFixed(0)} ms, range ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} ms over ${runs.length} runs; ` +
          `scripts until shown: ${median(runs.map((r) => r.files))}, of which ${median(runs.map((r) => r.fetchedFiles))} over the network, ${kib.toFixed(1)} KiB on the wire (medians)`,
      );
      return { median: median(ms), min: Math.min(...ms), max: Math.max(...ms), kib };
    };
    summary[area] = { warm: line(`first visit of ${area} (as built)`, results.warm), cold: line(`… not warmed (Data Saver)`, results.cold) };
  }
  const agents = summary.agents;
  if (agents) {
    console.log(
      `RESULT area-switch median_ms=${agents.warm.median.toFixed(0)} min_ms=${agents.warm.min.toFixed(0)} max_ms=${agents.warm.max.toFixed(0)} kib=${agents.warm.kib.toFixed(1)} ` +
        `unwarmed_median_ms=${agents.cold.median.toFixed(0)} unwarmed_min_ms=${agents.cold.min.toFixed(0)} unwarmed_max_ms=${agents.cold.max.toFixed(0)} unwarmed_kib=${agents.cold.kib.toFixed(1)} runs=${RUNS}`,
    );
  }
  console.log(`RESULT area-switch-all ${Object.entries(summary).map(([a, s]) => `${a}_ms=${s.warm.median.toFixed(0)} ${a}_unwarmed_ms=${s.cold.median.toFixed(0)}`).join(' ')} runs=${RUNS}`);
} finally {
  await browser.close();
  server.stop();
}
