// What JavaScript does the login page make a visitor download? Loads /login in Chromium against the
// built suite and sums every JS response, raw and gzip-compressed (level 9, as a static server would),
// and the bytes that really crossed the wire (the browser asks for br/gzip; the server's encoding).
// Only the scripts the page runs: what it prefetches at idle for after sign-in is counted apart.
// Usage: pnpm build && node bench/login-bundle.mjs
import { gzipSync } from 'node:zlib';
import { launchChromium, startServer } from './lib.mjs';

const server = await startServer(3291);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const scripts = [];
  let prefetched = 0;
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    // the studio's first scripts, prefetched at idle for after sign-in: not the login page's own JS
    if (res.request().resourceType() !== 'script') return void prefetched++;
    const body = await res.body().catch(() => null);
    const sizes = await res.request().sizes().catch(() => null);
    const encoding = res.headers()['content-encoding'] ?? 'identity';
    if (body) scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes?.responseBodySize ?? body.length, encoding });
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const total = scripts.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, wire: t.wire + s.wire }), { raw: 0, gzip: 0, wire: 0 });
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KiB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KiB  ${s.url}`);
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  if (prefetched) console.log(`  (and ${prefetched} of the studio's scripts prefetched for after sign-in, not counted)`);
  console.log(`login page JS: ${scripts.length} files, ${(total.raw / 1024).toFixed(1)} KiB raw, ${(total.gzip / 1024).toFixed(1)} KiB gzip, ${(total.wire / 1024).toFixed(1)} KiB on the wire (${encodings})`);
  console.log(`RESULT login-bundle files=${scripts.length} gzip_kib=${(total.gzip / 1024).toFixed(1)} wire_kib=${(total.wire / 1024).toFixed(1)}`);
} finally {
  await browser.close();
  server.stop();
}
