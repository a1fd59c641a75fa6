// Sessions: one user signed in in two browsers; Profile → Sessions in the first lists both, and "Sign out
// other sessions" signs the second out at once (its access token too, not only its refresh cookie).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { menuItem, openProfileMenu, submitLogin, uniqueName } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authHeaders } from './support/runtime.js';

async function newUser(request: APIRequestContext) {
  const name = uniqueName('Sessions');
  const email = `sessions-${name.split(' ').at(-1)}@accent.local`;
  const password = 'sessions-password-42';
  const created = await request.post('/api/v1/admin/users', { headers: await authHeaders(request), data: { email, name, role: 'member', password } });
  expect(created.status(), await created.text()).toBe(201);
  return { name, email, password };
}

test('sign out other sessions: the other browser is signed out at once', async ({ browser, request }) => {
  const user = await newUser(request);
  const here = await browser.newContext();
  const there = await browser.newContext();
  try {
    const a = await here.newPage();
    const b = await there.newPage();
    for (const page of [a, b]) {
      await page.goto('/login');
      await submitLogin(page, user);
      await expect(page).toHaveURL(/\/home$/);
    }

    await openProfileMenu(a);
    await menuItem(a, 'Profile').click();
    const section = a.getByRole('region', { name: 'Sessions' });
    const rows = section.getByRole('table', { name: 'Sessions' }).getByRole('row');
    await expect(rows).toHaveCount(3); // the header and two sessions
    await expect(section.getByText('This session')).toHaveCount(1);
    await expectNoAxeViolations(a, 'Profile → Sessions');
    await expect(rows.nth(1)).toContainText(/Chrome on Linux|Chrome|Unknown device/);

    // the other browser's access token, as its page holds it
    const tokenThere = await b.evaluate(() => (globalThis as unknown as { __ACCENT_SESSION__: { getToken(): string | null } }).__ACCENT_SESSION__.getToken());
    expect(tokenThere).toBeTruthy();
    expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${tokenThere}` } })).status()).toBe(200);

    await section.getByRole('button', { name: 'Sign out other sessions' }).click();
    await a.getByRole('dialog', { name: 'Sign out your other sessions?' }).getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(section.getByText('You are signed in only here.')).toBeVisible();
    await expect(rows).toHaveCount(2);

    // at once: the other browser's token is refused, and its next page load finds no session
    expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${tokenThere}` } })).status()).toBe(401);
    await b.reload();
    await expect(b).toHaveURL(/\/(login|landing)$/);

    // this browser is still signed in
    await a.reload();
    await expect(a).toHaveURL(/\/profile$/);
    await expect(a.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  } finally {
    await here.close();
    await there.close();
  }
});
