// Roles enforced on the server (DESIGN.md §4): a member sees agents but cannot create, edit or delete.
import { expect, test } from '@playwright/test';
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

  // The editor opens read-only: no Save button.
  await agentCard(page, 'Lead Qualifier').getByRole('heading', { name: 'Lead Qualifier', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Lead Qualifier', level: 1 })).toBeVisible();
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
