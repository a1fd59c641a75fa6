// The Admin area (/admin, shell/src/admin; server/README.md admin endpoints): users with roles and
// teams, the library's model provider keys (write-only: a masked hint, never the key), and the refusal
// for everyone but administrators.
import { expect, test, type Page } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { authHeaders } from './support/runtime.js';
import { expectNoAxeViolations } from './support/axe.js';

const NO_PERMISSION = 'You do not have permission to view this page.';

async function openAdmin(page: Page, tab?: string) {
  await page.goto(tab ? `/admin?tab=${tab}` : '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration', exact: true })).toBeVisible();
}

test('an admin adds a user with a role and a team, sees them listed and changes their role', async ({ page, request }) => {
  const name = uniqueName('E2E User');
  const email = `e2e-${name.split(' ').at(-1)}@accent.local`;

  await login(page, 'admin');
  await openAdmin(page);
  await expect(page.getByRole('tab', { name: 'Users', exact: true })).toHaveAttribute('aria-selected', 'true');
  for (const tab of ['Model providers', 'Connectors', 'Settings', 'Remotes']) await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  const users = page.getByRole('table', { name: 'Users', exact: true });
  await expect(users.getByRole('row').filter({ hasText: 'admin@accent.local' })).toBeVisible();

  // ---- Add user ----
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user', exact: true });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Account Executive');
  await dialog.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Builder' });
  await dialog.getByRole('combobox', { name: 'Team', exact: true }).selectOption({ label: 'Sales' });
  await dialog.getByLabel('Initial password').fill('e2e-password-1');
  await dialog.getByRole('button', { name: 'Add user', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'User added').first()).toContainText(email);

  const row = users.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(name);
  await expect(row).toContainText('Account Executive');
  await expect(row).toContainText('Active');
  const role = row.getByRole('combobox', { name: `Role of ${name}`, exact: true });
  const team = row.getByRole('combobox', { name: `Team of ${name}`, exact: true });
  await expect(role).toHaveValue('builder');
  await expect(team).toHaveValue('sales');

  // ---- Change the role ----
  await role.selectOption({ label: 'End User' });
  await expect(toast(page, 'Role updated').first()).toContainText(`${name} is now End User.`);
  await expect(role).toHaveValue('member');

  // It is stored: after a reload, and in the API's answer.
  await page.reload();
  await expect(role).toHaveValue('member');
  await expect(team).toHaveValue('sales');
  const res = await request.get('/api/v1/admin/users', { headers: await authHeaders(request) });
  expect(res.status()).toBe(200);
  const stored = (await res.json()).users.find((u: { email: string }) => u.email === email);
  expect(stored).toMatchObject({ name, email, title: 'Account Executive', role: 'member', team: 'sales', active: true });

  // The new user can sign in with the initial password.
  const signIn = await request.post('/api/auth/login', {
    data: { environment: 'lo-n02', library: 'sales2', email, password: 'e2e-password-1', domain: 'accent.ai', session_key: '', api_key: '' },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  expect(await signIn.json()).toMatchObject({ email, name, role: 'member' });
});

test('a member opening /admin is refused, and so are the admin API calls', async ({ page, request }) => {
  await login(page, 'member');
  await openAdmin(page);
  await expect(page.getByText(NO_PERMISSION, { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);

  // A deep link to a tab is refused the same way.
  await openAdmin(page, 'providers');
  await expect(page.getByText(NO_PERMISSION, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'OpenAI', exact: true })).toHaveCount(0);

  const headers = await authHeaders(request, 'member');
  for (const path of ['/api/v1/admin/users', '/api/v1/admin/credentials']) {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(403);
    expect(await res.json()).toMatchObject({ detail: 'Only administrators can do this.' });
  }
});

test('an admin sets the OpenAI key: the card shows it configured with a masked hint, never the key', async ({ page, request }) => {
  // 16 characters or more: shown as its first 3 and last 4 characters (server/src/credentials/crypto.ts)
  const suffix = Math.random().toString(36).slice(2, 6).padEnd(4, '0');
  const key = `sk-test-e2e-${suffix}`;
  const hint = `sk-…${suffix}`;

  await login(page, 'admin');
  await openAdmin(page, 'providers');
  await expect(page.getByRole('tab', { name: 'Model providers', exact: true })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article', { name: 'OpenAI', exact: true });
  await expect(card).toBeVisible();
  for (const provider of ['Anthropic', 'Google', 'Microsoft Azure', 'Local (OpenAI-compatible)']) await expect(page.getByRole('article', { name: provider, exact: true })).toBeVisible();

  // "Set key" the first time, "Replace" once a key is stored (the runtime tests store one too).
  await card.getByRole('button', { name: /^(Set key for OpenAI|Replace OpenAI key)$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^(Set|Replace) OpenAI key$/ });
  await expect(dialog).toBeVisible();
  const input = dialog.getByLabel('API key');
  await expect(input).toHaveAttribute('type', 'password');
  await expect(input).toHaveValue('');
  await input.fill(key);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'OpenAI key saved').first()).toContainText('Only a masked hint is shown from now on.');

  await expect(card).toContainText('Configured');
  await expect(card).not.toContainText('Not configured');
  await expect(card.locator('code')).toHaveText(hint);
  await expect(card.getByRole('button', { name: 'Replace OpenAI key', exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove OpenAI key', exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // After a reload too (another test may have stored its own key since: any masked hint, never ours).
  await page.reload();
  await expect(card).toContainText('Configured');
  await expect(card.locator('code')).toHaveText(/^sk-…\w{4}$/);
  await expect(page.locator('body')).not.toContainText(key);
  expect(await page.content()).not.toContain(key);

  // The API never answers the key either.
  const res = await request.get('/api/v1/admin/credentials', { headers: await authHeaders(request) });
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).not.toContain(key);
  expect(JSON.parse(text).credentials.find((c: { kind: string; key: string }) => c.kind === 'provider' && c.key === 'openai')).toMatchObject({
    configured: true,
    source: 'library',
  });
});

test('Admin → Settings lists the servers on the database: this one, its role, storage and last heartbeat', async ({ page }) => {
  await login(page, 'admin');
  await openAdmin(page, 'settings');
  const servers = page.getByRole('table', { name: 'Servers', exact: true });
  const row = servers.getByRole('row').filter({ hasText: '(this server)' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Web and worker');
  await expect(row).toContainText('Folder');
  await expect(row).toContainText('Running');
  await expectNoAxeViolations(page, '/admin settings');
});
