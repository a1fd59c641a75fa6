// The signed-out pages' lean first load: a visitor without a sign-in gets /login from the shell's plain
// build (shell/dist/public): no Module Federation runtime, no zod, no axios; moving between signed-out
// pages stays in that page; signing in loads the studio in full, whose first scripts were prefetched
// while the visitor typed. A signed-in user opening /login still gets the studio, which sends them on.
import { expect, test, type Page, type Response } from '@playwright/test';
import { field, login, submitLogin, USERS } from './support/app.js';

/** Every script the page loads to run, with its body (not the studio's scripts it only prefetches). */
function recordScripts(page: Page) {
  const scripts: { path: string; body: string }[] = [];
  const pending: Promise<unknown>[] = [];
  page.on('response', (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(res.body().then((body) => scripts.push({ path: new URL(res.url()).pathname, body: body.toString('utf8') }), () => undefined));
  });
  return { scripts, settled: () => Promise.all(pending) };
}

test('a signed-out visitor gets the lean /login: no federation runtime, no zod, no axios', async ({ page }) => {
  const { scripts, settled } = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  await settled();

  expect(scripts.length).toBeGreaterThan(0);
  // the lean build's files only (the shell's are at the root: /main.….js, /1167.….js)
  expect(scripts.map((s) => s.path).filter((p) => !p.startsWith('/public/'))).toEqual([]);
  for (const { path, body } of scripts) {
    expect(body, `${path} has the federation runtime`).not.toContain('__FEDERATION__');
    expect(body, `${path} has zod`).not.toContain('ZodError');
    expect(body, `${path} has axios`).not.toContain('AxiosHeaders');
  }
  const totalBytes = scripts.reduce((sum, s) => sum + s.body.length, 0);
  expect(totalBytes, 'raw JS of the lean /login').toBeLessThan(400 * 1024);
});

test('signed-out pages move client-side; signing in loads the studio in full, its scripts prefetched first', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await page.evaluate(() => {
    (window as unknown as { leanMarker: boolean }).leanMarker = true;
  });

  // to the landing page and back to /login without a new document
  await page.getByRole('link', { name: '← Back to the product overview' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await page.getByRole('link', { name: 'Login', exact: true }).or(page.getByRole('button', { name: 'Login', exact: true })).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => (window as unknown as { leanMarker?: boolean }).leanMarker)).toBe(true);

  // typing starts the prefetch of the studio's first scripts (listed by its build)
  await field(page, 'Email').focus();
  const list = (await (await page.request.get('/first-load-scripts.json')).json()) as string[];
  expect(list.length).toBeGreaterThan(1);
  await expect.poll(() => list.filter((url) => requested.includes(url)).length, { message: 'prefetched first scripts' }).toBe(list.length);

  await submitLogin(page, USERS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  // a new document: the studio (the shell) restored the session from the refresh cookie
  expect(await page.evaluate(() => (window as unknown as { leanMarker?: boolean }).leanMarker)).toBeUndefined();
  const studioScripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  expect(studioScripts).toContain(list[0]);
});

test('a signed-in user opening /login gets the studio, which sends them home', async ({ page }) => {
  await login(page, 'admin');
  const { scripts, settled } = recordScripts(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await settled();
  expect(scripts.some((s) => !s.path.startsWith('/public/'))).toBe(true);
});

// the form's success and the signed-in redirect both navigate: a second load would abort the first
test('signing in at once after the page opens loads the studio once', async ({ page }) => {
  const homeLoads: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document' && new URL(req.url()).pathname === '/home') homeLoads.push('requested');
  });
  page.on('requestfailed', (req) => {
    if (req.resourceType() === 'document') homeLoads.push(`failed: ${req.failure()?.errorText}`);
  });
  await page.goto('/login');
  await submitLogin(page, USERS.member);
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForLoadState('networkidle');
  expect(homeLoads).toEqual(['requested']);
});
