// The studio runs under its Content-Security-Policy: every area loads and works with nothing refused,
// and the studio cannot be framed. (Published pages under theirs: pages.spec.ts publishes one and chats.)
import { expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { login } from './support/app.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// the app server names this origin in DEV_REMOTE_ORIGINS (e2e/support/servers.mjs)
const DEV_PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199) + 7;
const DEV_ORIGIN = `http://localhost:${DEV_PORT}`;

/**
 * Collects the page's CSP violations (the browser reports each as a securitypolicyviolation event). Not
 * counted: zod 4's probe of whether `new Function` is allowed (one per bundle that carries zod), which it
 * makes in a try/catch to pick its faster parser and falls back from when refused.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => {
    if (text !== 'script-src eval') violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test('every area of the studio loads under the CSP with nothing refused', async ({ page }) => {
  const violations = await watchViolations(page);
  await login(page, 'admin');
  const headers = (await page.request.get('/home')).headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');

  // each area is a remote loaded at runtime: its page heading shows once its code ran
  for (const path of ['/agents', '/missions', '/flows', '/background', '/pages', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('This area is unavailable')).toHaveCount(0);
  }
  expect(violations).toEqual([]);
});

test('the studio refuses to be framed by another page', async ({ page, baseURL }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.setContent(`<iframe id="studio" src="${baseURL}/login"></iframe>`);
  // Chromium reports the refusal on the embedding page's console
  await expect.poll(() => messages.some((m) => /frame-ancestors/.test(m))).toBe(true);
  await expect(page.frameLocator('#studio').getByRole('heading')).toHaveCount(0);
});

test('a local remote inside the studio: only the origin DEV_REMOTE_ORIGINS names is trusted, and its dev build runs', async ({ page, baseURL }) => {
  test.setTimeout(420_000);
  const csp = String((await page.request.get('/home')).headers()['content-security-policy']);
  expect(csp).toMatch(new RegExp(`script-src 'self' [^;]*${DEV_ORIGIN}[ ;]`));
  expect(csp).not.toMatch(/localhost:\*|127\.0\.0\.1/);

  // mfe-agents' own dev server (`pnpm dev`), started for this studio's origin
  const webpack = path.join(ROOT, 'mfe-agents', 'node_modules', '.bin', 'webpack');
  const dev = spawn(webpack, ['serve', '--mode', 'development', '--port', String(DEV_PORT), '--host', 'localhost'], {
    cwd: path.join(ROOT, 'mfe-agents'),
    env: { ...process.env, STUDIO_ORIGINS: baseURL },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await expect
      .poll(async () => (await fetch(`${DEV_ORIGIN}/mf-manifest.json`).catch(() => null))?.status, { timeout: 360_000, intervals: [2_000] })
      .toBe(200);
    // another site is still refused by the dev server, with what to set
    const other = await fetch(`${DEV_ORIGIN}/remoteEntry.js`, {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', referer: 'https://elsewhere.example/' },
    });
    expect(other.status).toBe(403);
    expect(await other.text()).toContain('STUDIO_ORIGINS');

    const violations = await watchViolations(page);
    await login(page, 'admin');
    const entry = page.waitForResponse((response) => response.url().startsWith(`${DEV_ORIGIN}/remoteEntry.js`));
    await page.goto(`/agents?remote.agents=${DEV_ORIGIN}/mf-manifest.json`);
    expect((await entry).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('This area is unavailable')).toHaveCount(0);
    await expect(page.getByText('Build, manage and deploy AI agents for sales, marketing, research and support.')).toBeVisible();
    expect(violations).toEqual([]);
  } finally {
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
  }
});
