// How soon does a signed-out visitor see /login, and how soon can they use it? Loads /login N times in
// Chromium against the built suite (loopback, a fresh browser context each time: an empty cache, no
// cookies) and prints the medians of the first contentful paint and of the moment the Sign In button is
// there and enabled (ms since navigation start, the page's own clock).
// Usage: pnpm build && node bench/login-paint.mjs [N=15]
import { launchChromium, p50p90, startServer } from './lib.mjs';

const runs = Number(process.argv[2] ?? 15);
const server = await startServer(3296);
const browser = await launchChromium();
const paints = [];
const usable = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/login', { waitUntil: 'commit' });
    // polled inside the page every animation frame: the time is when the button first was usable
    const ready = await page.waitForFunction(
      () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Sign In' && !b.disabled) && performance.now(),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    usable.push(await ready.jsonValue());
    // the paint entry can be reported a frame after the button is usable
    const paint = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 30_000 });
    paints.push(await paint.jsonValue());
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
const paint = p50p90(paints);
const use = p50p90(usable);
console.log(`/login, ${runs} cold loads (fresh context each, loopback):`);
console.log(`  first contentful paint  p50 ${paint.p50.toFixed(0)} ms  p90 ${paint.p90.toFixed(0)} ms`);
console.log(`  Sign In usable          p50 ${use.p50.toFixed(0)} ms  p90 ${use.p90.toFixed(0)} ms`);
console.log(`RESULT login-paint fcp_p50_ms=${paint.p50.toFixed(0)} usable_p50_ms=${use.p50.toFixed(0)} fcp_p90_ms=${paint.p90.toFixed(0)} usable_p90_ms=${use.p90.toFixed(0)}`);
