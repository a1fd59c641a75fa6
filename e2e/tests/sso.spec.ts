// Single sign-on through a real OpenID Connect provider (e2e/support/oidc-provider.mjs, started by the
// config on ACCENT_E2E_PORT + 4): an administrator sets it up in Admin → Sign-in, a new person signs in
// through it and is created with the configured role, a second sign-in is the same user, an existing
// member is linked and sees it in the profile, and a refusal comes back to the login page in words.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { login, toast } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authHeaders } from './support/runtime.js';

test.describe.configure({ mode: 'serial' });

const APP_PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199);
const ISSUER = `http://127.0.0.1:${Number(process.env.ACCENT_E2E_OIDC_PORT ?? APP_PORT + 4)}`;
// the client e2e/support/oidc-provider.mjs registers
const CLIENT = { id: 'accent-studio-e2e', secret: 'accent-studio-e2e-secret-0123456789' };
const PROVIDER = 'Example ID';
const NEWCOMER = 'sam.newcomer@example.com';

/** A fresh browser (no session) at the login page, signing in through the provider as `email`. */
async function signInThroughProvider(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  const link = page.getByRole('link', { name: `Sign in with ${PROVIDER}`, exact: true });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'login page with single sign-on');
  await link.click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  expect(page.url().startsWith(ISSUER)).toBe(true);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return page;
}

test('an administrator sets up single sign-on in Admin → Sign-in', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/admin?tab=sign-in');
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 2 })).toBeVisible();
  await expect(page.getByText(`http://127.0.0.1:${APP_PORT}/api/auth/sso/callback`)).toBeVisible();

  const form = page.getByRole('form', { name: 'Single sign-on' });
  await form.getByRole('textbox', { name: 'Display name' }).fill(PROVIDER);
  // an issuer that is not an OpenID provider is refused in words and nothing is saved
  await form.getByRole('textbox', { name: 'Issuer URL' }).fill(`${ISSUER}/not-an-issuer`);
  await form.getByRole('textbox', { name: 'Client ID' }).fill(CLIENT.id);
  await form.getByLabel('Client secret').fill(CLIENT.secret);
  await form.getByRole('textbox', { name: 'Allowed email domains' }).fill('example.com\naccent.local');
  await form.getByRole('combobox', { name: 'Role for new users' }).selectOption({ label: 'Builder' });
  await form.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(form.getByRole('alert')).toHaveText(`${ISSUER}/not-an-issuer did not answer as an OpenID Connect provider (no valid /.well-known/openid-configuration). Check the issuer URL.`);
  await expectNoAxeViolations(page, 'Admin → Sign-in with a refusal');

  await form.getByRole('textbox', { name: 'Issuer URL' }).fill(ISSUER);
  await form.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(toast(page, 'Single sign-on saved').first()).toBeVisible();
  await expect(form.getByLabel('Client secret')).toHaveValue('');
  await expect(form.getByText('A secret is saved. Leave empty to keep it.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Issuer URL' })).toHaveValue(ISSUER);
});

test('a new person signs in through the provider, is created as a Builder, and signing in again is the same user', async ({ browser, request }) => {
  const first = await signInThroughProvider(browser, NEWCOMER);
  await expect(first).toHaveURL(/\/home$/);
  await expect(first.getByRole('button', { name: 'Account menu: Sam Newcomer, Builder' })).toBeVisible();
  await first.goto('/profile');
  const linked = first.getByRole('region', { name: 'Linked accounts' });
  await expect(linked.getByRole('list', { name: 'Linked accounts' })).toContainText(PROVIDER);
  await expect(linked).toContainText(NEWCOMER);
  // made by single sign-on, without a password: the provider is the only way in, so no Unlink
  await expect(linked.getByText('You sign in through your identity provider only, so its account cannot be unlinked.')).toBeVisible();
  await expect(linked.getByRole('button', { name: /Unlink/ })).toHaveCount(0);
  await first.context().close();

  const second = await signInThroughProvider(browser, NEWCOMER);
  await expect(second).toHaveURL(/\/home$/);
  await expect(second.getByRole('button', { name: 'Account menu: Sam Newcomer, Builder' })).toBeVisible();
  await second.context().close();

  const users = await request.get('/api/v1/admin/users', { headers: await authHeaders(request) });
  const matching = ((await users.json()) as { users: { email: string; role: string }[] }).users.filter((u) => u.email === NEWCOMER);
  expect(matching).toEqual([expect.objectContaining({ email: NEWCOMER, role: 'builder' })]);
});

test('an existing member is linked by verified email, keeps the role, and can unlink in the profile', async ({ browser }) => {
  const page = await signInThroughProvider(browser, 'member@accent.local');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Account menu: Morgan Member, End User' })).toBeVisible();
  await page.goto('/profile');
  const linked = page.getByRole('region', { name: 'Linked accounts' });
  await linked.getByRole('button', { name: `Unlink ${PROVIDER} (member@accent.local)` }).click();
  const dialog = page.getByRole('dialog', { name: `Unlink your ${PROVIDER} account?` });
  await dialog.getByRole('button', { name: 'Unlink', exact: true }).click();
  await expect(toast(page, 'Account unlinked').first()).toBeVisible();
  await expect(linked.getByText('No linked accounts. Signing in with your identity provider links one.')).toBeVisible();
  await page.context().close();
});

test('an email the provider has not verified is refused with a clear message on the login page', async ({ browser }) => {
  const page = await signInThroughProvider(browser, 'not.verified@example.com');
  await expect(page).toHaveURL(/\/login\?error=sso_unverified$/);
  await expect(page.getByRole('alert')).toHaveText('Your identity provider has not verified your email address, so it cannot be used to sign in.');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  await page.context().close();
});

test.afterAll(async ({ request }) => {
  // the library's login page goes back to password only for the rest of the suite
  await request.delete('/api/v1/admin/sso', { headers: await authHeaders(request) });
});
