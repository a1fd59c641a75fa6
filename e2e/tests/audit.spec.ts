// Removing rights takes effect at once, and the audit log says who did it: an admin demotes a signed-in
// builder in Admin → Users, the builder's very next save is refused with the token they already hold,
// and Admin → Audit log shows the change (filtered by action), newest first.
import { expect, test } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { authHeaders } from './support/runtime.js';

test('an admin demotes a signed-in builder: refused at once, and the change is in the audit log', async ({ page, playwright, baseURL }) => {
  const name = uniqueName('Audit Builder');
  const email = `audit-${name.split(' ').at(-1)}@accent.local`;
  const password = 'audit-builder-password';

  // the builder exists and is signed in elsewhere (their own API client, their own cookies)
  const adminApi = await playwright.request.newContext({ baseURL });
  const created = await adminApi.post('/api/v1/admin/users', { headers: await authHeaders(adminApi), data: { email, name, role: 'builder', password } });
  expect(created.status(), await created.text()).toBe(201);
  const builderApi = await playwright.request.newContext({ baseURL });
  const signIn = await builderApi.post('/api/auth/login', { data: { environment: 'lo-n02', library: 'sales2', email, password } });
  expect(signIn.status()).toBe(200);
  const builder = { Authorization: `Bearer ${(await signIn.json()).token as string}` };
  const save = () => builderApi.post('/api/v1/agent/save', { headers: builder, data: { name: uniqueName('Audit Agent'), description: 'Saved by the builder' } });
  expect((await save()).status()).toBe(200);

  // the admin demotes them in Admin → Users
  await login(page, 'admin');
  await page.goto('/admin?tab=users');
  const row = page.getByRole('table', { name: 'Users', exact: true }).getByRole('row').filter({ hasText: email });
  await row.getByRole('combobox', { name: `Role of ${name}`, exact: true }).selectOption({ label: 'End User' });
  await expect(toast(page, 'Role updated').first()).toContainText(`${name} is now End User.`);

  // the token they already hold no longer lets them change agents
  const refused = await save();
  expect(refused.status()).toBe(403);

  // Admin → Audit log, filtered to user changes
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
  await expect(page).toHaveURL(/tab=audit/);
  await page.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Changed a user' });
  await page.getByRole('button', { name: 'Apply filters', exact: true }).click();
  const table = page.getByRole('table', { name: /^Audit log, newest first/ });
  const entry = table.getByRole('row').filter({ hasText: email }).first();
  await expect(entry).toContainText('admin@accent.local');
  await expect(entry).toContainText('Changed a user');
  await expect(entry).toContainText('role: member');
  // every row of the filtered table is a user change
  for (const text of await table.locator('tbody tr td:nth-child(3)').allTextContents()) expect(text).toBe('Changed a user');

  await adminApi.dispose();
  await builderApi.dispose();
});
