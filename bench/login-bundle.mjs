// What JavaScript does the login page make a visitor download? Loads /login in Chromium against the
// built suite and sums every JS response, raw and gzip-compressed (level 9, as a static server would).
// Usage: pnpm build && node bench/login-bundle.mjs
import { gzipSync } from 'node:zlib';
import { launchChromium, startServer } from './lib.mjs';

const server = await startServer(3291);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const body = await res.body().catch(() => null);
    if (body) scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const total = scripts.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { raw: 0, gzip: 0 });
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KiB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KiB  ${s.url}`);
  console.log(`login page JS: ${scripts.length} files, ${(total.raw / 1024).toFixed(1)} KiB raw, ${(total.gzip / 1024).toFixed(1)} KiB gzip`);
} finally {
  await browser.close();
  server.stop();
}
