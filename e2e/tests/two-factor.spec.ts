// Two-factor authentication end to end: a user (made through the Admin API, so the demo users stay
// without a factor) sets it up in Profile with the manual key, signs in again with a code from the app,
// then with a recovery code; the recovery code cannot be used twice.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { field, menuItem, openProfileMenu, submitLogin, uniqueName } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authHeaders } from './support/runtime.js';
import { totpCode } from './support/totp.js';

async function newUser(request: APIRequestContext) {
  const name = uniqueName('Twofa');
  const email = `twofa-${name.split(' ').at(-1)}@accent.local`;
  const password = 'two-factor-password-42';
  const created = await request.post('/api/v1/admin/users', { headers: await authHeaders(request), data: { email, name, role: 'member', password } });
  expect(created.status(), await created.text()).toBe(201);
  return { name, email, password };
}

async function signOut(page: Page) {
  await openProfileMenu(page);
  await menuItem(page, 'Logout').click();
  await expect(page).toHaveURL(/\/landing$/);
}

async function secondStep(page: Page, code: string) {
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step).toBeVisible();
  await field(page, 'Authentication code').fill(code);
  await step.getByRole('button', { name: 'Verify', exact: true }).click();
}

test('set up with the manual key, then sign in with a code from the app and with a recovery code', async ({ page, request }) => {
  const user = await newUser(request);
  await page.goto('/login');
  await submitLogin(page, user);
  await expect(page).not.toHaveURL(/\/login/);

  await openProfileMenu(page);
  await menuItem(page, 'Profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Two-factor authentication is off.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await expectNoAxeViolations(page, 'Profile while setting up two-factor authentication');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // a wrong code is said in words
  await field(page, 'Code from the app').fill(totpCode(secret, 10));
  await section.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(section.getByRole('alert')).toHaveText('That code is not right. Check your authenticator app and try again.');

  await field(page, 'Code from the app').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText(/Two-factor authentication is on since .*10 of 10 recovery codes left\./)).toBeVisible();

  // sign in again: the password alone is not enough
  await signOut(page);
  await page.goto('/login');
  await submitLogin(page, user);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in’s code step');
  await secondStep(page, '000000');
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check your authenticator app and try again.');
  // the code of the next time step: the one that confirmed the setup was used in its step
  await secondStep(page, totpCode(secret, 1));
  await expect(page).toHaveURL(/\/home$/);

  // and with a recovery code, once
  await signOut(page);
  await page.goto('/login');
  await submitLogin(page, user);
  await secondStep(page, recoveryCodes[0]);
  await expect(page).toHaveURL(/\/home$/);
  await signOut(page);
  await page.goto('/login');
  await submitLogin(page, user);
  await secondStep(page, recoveryCodes[0]);
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check your authenticator app and try again.');
  // Back to sign in leaves the step
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(field(page, 'Password')).toBeVisible();
});
