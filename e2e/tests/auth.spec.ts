// Landing → login → home, logout, and the session shared across tabs (spec 01 §2 Landing, Login; §4; §8).
import { expect, test } from '@playwright/test';
import { agentCount, apiLogin, field, login, menuItem, navItem, openProfileMenu, submitLogin, USERS } from './support/app.js';

test('landing → login → home, with the login form, a failed login and no stored password', async ({ page, request }) => {
  await page.goto('/landing');

  // Header: anchor links and Login.
  const header = page.getByRole('banner');
  for (const anchor of ['Features', 'Pricing', 'Resources', 'Contact']) {
    const link = header.getByRole('link', { name: anchor, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `#${anchor.toLowerCase()}`);
  }
  const loginButton = header.getByRole('button', { name: 'Login', exact: true }).or(header.getByRole('link', { name: 'Login', exact: true }));
  await expect(loginButton).toBeVisible();

  // The hero's three stat cards, the marketing figures and the Quick Actions.
  await expect(page.getByRole('list', { name: 'Results our customers see' }).getByRole('listitem')).toHaveCount(3);
  for (const figure of ['3x', '85%', '99.9%']) {
    await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Deploy Page Agent/ }).or(page.getByRole('link', { name: /Deploy Page Agent/ }))).toBeVisible();
  await expect(page.getByRole('button', { name: /View Documentation/ }).or(page.getByRole('link', { name: /View Documentation/ }))).toBeVisible();

  await loginButton.click();
  await expect(page).toHaveURL(/\/login$/);

  // The form: Email, Password (both required), Remember me, collapsible Advanced Settings.
  const email = field(page, 'Email');
  const password = field(page, 'Password');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required', '');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('required', '');
  await expect(page.getByLabel('Remember me')).not.toBeChecked();
  await expect(field(page, 'Environment')).toBeHidden();
  await page.getByRole('button', { name: 'Advanced Settings' }).click();
  await expect(field(page, 'Environment')).toHaveValue('lo-n02');
  await expect(field(page, 'Library')).toHaveValue('sales2');

  // A wrong password: "Authentication failed: 401" with the server's reason above the Sign In button, still on /login.
  await submitLogin(page, { email: USERS.admin.email, password: 'not-the-password' });
  const error = page.getByText(/^Authentication failed: 401 – \S/);
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeEnabled();
  const [errorBox, buttonBox] = [await error.boundingBox(), await signIn.boundingBox()];
  expect(errorBox && buttonBox && errorBox.y + errorBox.height <= buttonBox.y + 1, 'error shows above the button').toBeTruthy();

  // Correct credentials (with Remember me) → /home with the user's name and the real agent count.
  await submitLogin(page, USERS.admin, { rememberMe: true });
  await expect(page).toHaveURL(/\/home$/);
  const me = await apiLogin(request, 'admin');
  await expect(page.getByRole('main').getByText(me.name).first()).toBeVisible();

  // The agent count shown on home matches the server's list (other tests may add agents meanwhile,
  // so compare one fresh reading of both sides until they agree).
  await expect(async () => {
    await page.reload();
    const res = await request.get('/api/v1/agent/list', { headers: { Authorization: `Bearer ${me.token}` } });
    const total = (await res.json()).agents.length as number;
    await expect(agentCount(page)).toHaveText(String(total), { timeout: 3000 });
  }).toPass({ timeout: 20_000 });

  // The password is never kept in the browser's storage.
  const stored = await page.evaluate(() => {
    const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join('\n');
    return { local: dump(localStorage), session: dump(sessionStorage) };
  });
  expect(stored.local).not.toContain(USERS.admin.password);
  expect(stored.session).not.toContain(USERS.admin.password);
  expect(stored.local + stored.session).not.toContain('not-the-password');
});

test('Deploy Page Agent on the landing page leads to login', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: /Deploy Page Agent/ }).or(page.getByRole('link', { name: /Deploy Page Agent/ })).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('logout from the profile menu returns to the landing page and /home then needs a login', async ({ page }) => {
  await login(page, 'admin');
  await openProfileMenu(page);
  // The server must have revoked the refresh cookie before /home is tried again.
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST');
  await menuItem(page, 'Logout').click();
  expect((await loggedOut).status(), 'POST /api/auth/logout must succeed (it revokes the refresh cookie)').toBeLessThan(300);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('the session is shared across tabs of the same browser', async ({ page, context }) => {
  await login(page, 'admin');
  const second = await context.newPage();
  await second.goto('/agents');
  await expect(second).toHaveURL(/\/agents$/);
  await expect(second.getByRole('heading', { name: 'Agents', exact: true })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  await expect(navItem(second, 'Home')).toBeVisible();
  // The first tab is still signed in too (the refresh in the second tab did not revoke it).
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
});

test('the Sign In button reads "Signing in..." and is disabled while the request is out', async ({ page }) => {
  await page.goto('/login');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await submitLogin(page, USERS.admin);
  const busy = page.getByRole('button', { name: 'Signing in...', exact: true });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/home$/);
});

test('Remember me keeps the email for the next sign-in, never the password', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, USERS.admin, { rememberMe: true });
  await expect(page).toHaveURL(/\/home$/);
  // A later visit without the session (no open tab to hand it over, no refresh cookie).
  await page.close();
  await context.clearCookies();
  const next = await context.newPage();
  await next.goto('/login');
  await expect(field(next, 'Email')).toHaveValue(USERS.admin.email);
  await expect(field(next, 'Password')).toHaveValue('');
  await expect(next.getByLabel('Remember me')).toBeChecked();
  await context.close();
});
