// Signing in by email, through the real mailbox (e2e/support/smtp-sink.mjs): a forgotten password reset
// with the emailed link (every session ends; the old password is refused, the new one works), and a
// sign-in with an emailed one-time code. Each test makes its own user through the Admin API, so the
// demo users keep their passwords for the other tests.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { field, login, submitLogin, toast, uniqueName } from './support/app.js';
import { text, waitForMail } from './support/mailbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authHeaders } from './support/runtime.js';

async function newUser(request: APIRequestContext, prefix: string) {
  const name = uniqueName(prefix);
  const email = `${prefix.toLowerCase()}-${name.split(' ').at(-1)}@accent.local`;
  const password = 'first-password-42';
  const created = await request.post('/api/v1/admin/users', { headers: await authHeaders(request), data: { email, name, role: 'member', password } });
  expect(created.status(), await created.text()).toBe(201);
  return { name, email, password };
}

test('a forgotten password is reset through the emailed link: sessions end, the old password is refused, the new one works', async ({ page, request }) => {
  const user = await newUser(request, 'reset');
  // signed in elsewhere (an API client of their own) before the reset
  const elsewhere = await request.post('/api/auth/login', { data: { environment: 'lo-n02', library: 'sales2', email: user.email, password: user.password } });
  expect(elsewhere.status()).toBe(200);
  const oldToken = { Authorization: `Bearer ${(await elsewhere.json()).token as string}` };

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoAxeViolations(page, 'forgot password');
  await field(page, 'Email').fill(user.email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText('If an account uses this email, we sent it a link to reset the password.', { exact: false })).toBeVisible();

  const mail = await waitForMail(request, user.email);
  expect(mail.subject).toBe('Reset your Accent Studio password');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text(mail))?.[0];
  expect(link, text(mail)).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For ${user.email}.`)).toBeVisible();

  const newPassword = 'second-password-77';
  await field(page, 'New password').fill(newPassword);
  await expectNoAxeViolations(page, 'reset password');
  await expect(page.getByRole('list', { name: 'Password rules' }).getByRole('listitem')).toHaveText([/At least 8 characters.*\(met\)/, /Not your email.*\(met\)/, /Not a commonly used password.*\(met\)/]);
  await field(page, 'Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password is changed and every session of your account was signed out.', { exact: false })).toBeVisible();

  // the session signed in before the reset ended at once
  expect((await request.get('/api/auth/me', { headers: oldToken })).status()).toBe(401);

  // the link works once: opened again it says so, with a way to ask for a new one
  await page.goto(link!);
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used. Ask for a new one.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  const again = await request.post('/api/auth/password/reset', { data: { token: new URL(link!).searchParams.get('token'), password: 'third-password-99' } });
  expect(again.status()).toBe(400);

  await page.goto('/login');
  await submitLogin(page, { email: user.email, password: user.password });
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await field(page, 'Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('signing in with an emailed one-time code', async ({ page, request }) => {
  const user = await newUser(request, 'code');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Email me a sign-in code' }).click();
  await expect(page).toHaveURL(/\/login\/code$/);
  await expectNoAxeViolations(page, 'sign-in code: email');
  await field(page, 'Email').fill(user.email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText('we sent it a 6-digit sign-in code', { exact: false })).toBeVisible();
  // Resend waits for the cool-down, counting down
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  await expectNoAxeViolations(page, 'sign-in code: code');

  const mail = await waitForMail(request, user.email);
  const code = /sign-in code for Accent Studio is (\d{6})/.exec(text(mail))?.[1];
  expect(code, text(mail)).toBeTruthy();
  await page.getByRole('textbox', { name: /^Sign-in code/ }).fill(code!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: new RegExp(`^Account menu: ${user.name}`) })).toBeVisible();

  // the code worked once
  const replay = await request.post('/api/auth/code/verify', { data: { environment: 'lo-n02', library: 'sales2', email: user.email, code } });
  expect(replay.status()).toBe(400);
});

test('changing the password in Profile keeps this session and ends the others', async ({ page, request, playwright, baseURL }) => {
  const user = await newUser(request, 'change');
  const elsewhere = await playwright.request.newContext({ baseURL });
  const other = await elsewhere.post('/api/auth/login', { data: { environment: 'lo-n02', library: 'sales2', email: user.email, password: user.password } });
  const otherToken = { Authorization: `Bearer ${(await other.json()).token as string}` };

  await page.goto('/login');
  await submitLogin(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByRole('textbox', { name: 'Current password', exact: true }).fill('not-the-password');
  await section.getByRole('textbox', { name: 'New password', exact: true }).fill('changed-password-55');
  await section.getByRole('textbox', { name: 'Repeat the new password', exact: true }).fill('changed-password-55');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Your current password is not right.')).toBeVisible();
  await expectNoAxeViolations(page, 'profile password with an error');

  await section.getByRole('textbox', { name: 'Current password', exact: true }).fill(user.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.').first()).toBeVisible();
  expect((await elsewhere.get('/api/auth/me', { headers: otherToken })).status()).toBe(401);
  // this session goes on, also after a reload (its refresh cookie still works)
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await elsewhere.dispose();
});

test('an administrator sets a password in Admin → Users for a user who cannot get email', async ({ page, request, browser, baseURL }) => {
  const user = await newUser(request, 'adminset');
  await login(page, 'admin');
  await page.goto('/admin?tab=users');
  const row = page.getByRole('table', { name: 'Users', exact: true }).getByRole('row').filter({ hasText: user.email });
  await row.getByRole('button', { name: `Set password of ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Set a password for ${user.name}` });
  await dialog.getByLabel('New password').fill('given-by-the-admin-8');
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(toast(page, 'Password set')).toContainText(`New password set for ${user.email}.`);

  const theirs = await browser.newContext({ baseURL });
  const theirPage = await theirs.newPage();
  await theirPage.goto('/login');
  await submitLogin(theirPage, { email: user.email, password: 'given-by-the-admin-8' });
  await expect(theirPage).toHaveURL(/\/home$/);
  await theirs.close();
});
