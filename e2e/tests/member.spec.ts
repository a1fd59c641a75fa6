// Roles enforced on the server (DESIGN.md §4): a member sees agents but cannot create, edit or delete.
import { expect, test, type Page, type Response } from '@playwright/test';
import { agentCard, apiLogin, login, SEEDED_AGENTS, uniqueName } from './support/app.js';
import { dashboard, openAgents } from './support/agents.js';

test('a member sees the agents but has no create or delete controls', async ({ page }) => {
  await login(page, 'member');
  await openAgents(page, { goto: true });
  for (const name of SEEDED_AGENTS) await expect(agentCard(page, name)).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Create New Agent', exact: true })).toHaveCount(0);

  // The card menu offers View Missions but no Delete.
  await dashboard(page).cardMenu('Lead Qualifier').click();
  await expect(page.getByRole('menuitem', { name: /^View Missions( \(\d+\))?$/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The editor opens as a read-only view: no Save button.
  await agentCard(page, 'Lead Qualifier').getByRole('heading', { name: 'Lead Qualifier', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'View Lead Qualifier', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Agent' })).toHaveCount(0);
});

test('the API refuses to save or delete an agent for a member', async ({ request }) => {
  const member = await apiLogin(request, 'member');
  expect(member.role).toBe('member');
  const headers = { Authorization: `Bearer ${member.token}` };

  // Reading is allowed.
  const list = await request.get('/api/v1/agent/list', { headers });
  expect(list.status()).toBe(200);
  expect((await list.json()).agents.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining([...SEEDED_AGENTS]));

  const name = uniqueName('Member Agent');
  const save = await request.post('/api/v1/agent/save', {
    headers,
    data: {
      name, description: 'not allowed', query: '', params: {}, flow_type: 'dynamic', steps: [], file_name: name,
      trace: false, thread_id: '', namespace: 'default', use_history: true, save_history: true, max_history_items: 10, inputs: [],
    },
  });
  expect(save.status()).toBe(403);
  expect(typeof (await save.json()).detail).toBe('string');

  const del = await request.delete(`/api/v1/agent?name=${encodeURIComponent('Lead Qualifier')}`, { headers });
  expect(del.status()).toBe(403);

  // Nothing changed.
  const after = await (await request.get('/api/v1/agent/list', { headers })).json();
  const names = after.agents.map((a: { name: string }) => a.name);
  expect(names).not.toContain(name);
  expect(names).toContain('Lead Qualifier');
});

test('the member save is refused from inside the signed-in page as well', async ({ page }) => {
  await login(page, 'member');
  const status = await page.evaluate(async (creds) => {
    const login = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ environment: 'lo-n02', library: 'sales2', domain: 'accent.ai', session_key: '', api_key: '', ...creds }),
    });
    const { token } = await login.json();
    const save = await fetch('/api/v1/agent/save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Member page agent ${Date.now()}`, description: '', steps: [], params: {} }),
    });
    return save.status;
  }, { email: 'member@accent.local', password: 'accent-member' });
  expect(status).toBe(403);
});

/** Every write the page sends, and every answer that refused something, while `walk` runs. */
async function watchWrites(page: Page, walk: () => Promise<void>): Promise<{ writes: string[]; refused: string[] }> {
  const writes: string[] = [];
  const refused: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method()) && !request.url().includes('/api/auth/')) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  };
  const onResponse = (response: Response) => {
    if ([401, 403].includes(response.status()) || (response.status() >= 400 && response.request().method() !== 'GET')) refused.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await walk();
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
  return { writes, refused };
}

test('a member walks every area: read-only views, no create buttons, and nothing the UI offers is refused by the server', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'member');
  const { writes, refused } = await watchWrites(page, async () => {
    // Flows: opening the list seeds nothing, there is nothing to create, and a flow opens read-only
    await page.goto('/flows');
    await expect(page.getByRole('heading', { name: 'AI Flows', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Flow', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
    const firstFlow = page.getByTestId('flow-card').first();
    if ((await page.getByTestId('flow-card').count()) > 0) {
      await firstFlow.getByRole('link').click();
      await expect(page.getByText('Read only', { exact: true })).toBeVisible();
      for (const name of ['Save Flow', 'Deploy', 'Undeploy', 'Test Flow']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Node palette' })).toHaveCount(0);
    }
    await page.goto('/flows/new');
    await expect(page.getByText('Your role does not allow creating flows.')).toBeVisible();

    // Background agents: no create, no card actions
    await page.goto('/background');
    await expect(page.getByRole('heading', { name: 'Background Agents', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Background Agent', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await page.goto('/background/new');
    await expect(page.getByText('Your role does not allow creating background agents.')).toBeVisible();

    // Pages: no create; the builder of a new page says why
    await page.goto('/pages');
    await expect(page.getByRole('heading', { name: 'Pages', exact: true, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create page', exact: true })).toHaveCount(0);
    await page.goto('/pages/builder');
    await expect(page.getByText('Your role does not allow creating pages.')).toBeVisible();

    // Agents: the editor is a view
    await page.goto('/agents');
    await expect(page.getByRole('button', { name: '+ Create New Agent', exact: true })).toHaveCount(0);
  });
  // opening /flows must not try to insert sample flows, and no save was offered that the server refused
  expect(writes.filter((w) => w.startsWith('POST /rest/v1/flows'))).toEqual([]);
  expect(refused).toEqual([]);
});

