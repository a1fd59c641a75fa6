// The studio runs under its Content-Security-Policy: every area loads and works with nothing refused,
// and the studio cannot be framed. (Published pages under theirs: pages.spec.ts publishes one and chats.)
import { expect, test, type Page } from '@playwright/test';
import { login } from './support/app.js';

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
