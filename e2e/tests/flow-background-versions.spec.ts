// Versions of flows and background agents end to end (the real server, PGlite, the data gateway):
// a flow gets a named version, a node changes, a second named version; the Versions panel's diff shows the
// node's changed field and Restore brings version 1 back as version 3. A background agent's prompt
// changes with Save Draft; its Versions section shows the changed line side by side and restores it.
import { expect, test, type Page } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authHeaders } from './support/runtime.js';

const canvas = (page: Page) => page.getByTestId('canvas');

async function saveVersion(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save version…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save version' });
  await dialog.getByLabel('Version name').fill(name);
  await dialog.getByRole('button', { name: 'Save version', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Version saved').filter({ hasText: `"${name}" was saved.` })).toBeVisible();
}

test('a flow: name a version, change a node, the diff shows the change, restore', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/flows');
  await page.getByRole('button', { name: 'Create New Flow', exact: true }).click();
  await expect(page).toHaveURL(/\/flows\/(?!new$)[^/]+$/);
  const trigger = canvas(page).locator('.react-flow__node-trigger');
  await expect(trigger).toContainText('Start Trigger');

  await saveVersion(page, 'First cut');

  // change the trigger's label in Node Properties; auto-save stores it
  await trigger.click();
  const properties = page.getByRole('complementary', { name: 'Node Properties' });
  await properties.getByLabel('Label', { exact: true }).fill('Inbound lead');
  await expect(trigger).toContainText('Inbound lead');
  await expect(page.getByText('All changes saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  await saveVersion(page, 'Renamed trigger');

  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Versions' });
  const items = panel.getByRole('list', { name: 'Flow versions' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Version 2: Renamed trigger (latest)');
  await expect(items.nth(0)).toContainText('admin@');
  await expect(items.nth(1)).toContainText('Version 1: First cut');

  const node = panel.getByRole('region', { name: 'Node Inbound lead' });
  await expect(node).toContainText('Inbound lead (trigger): changed');
  const label = node.getByRole('row', { name: /^Label/ });
  await expect(label.getByRole('cell').nth(0)).toHaveText('Start Trigger');
  await expect(label.getByRole('cell').nth(1)).toHaveText('Inbound lead');
  await expectNoAxeViolations(page, 'the flow Versions panel with a diff');

  await panel.getByRole('button', { name: 'Restore version 1', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(toast(page, 'Version restored')).toBeVisible();
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Version 3: Restored from version 1 (First cut) (latest)');
  await expect(trigger).toContainText('Start Trigger');

  // the restored flow is what is stored: a reload shows it
  await page.reload();
  await expect(canvas(page).locator('.react-flow__node-trigger')).toContainText('Start Trigger');
});

test('a background agent: change the prompt, the diff shows the changed line, restore', async ({ page, request }) => {
  const name = uniqueName('Versioned watcher');
  const headers = { ...(await authHeaders(request, 'admin')), Prefer: 'return=representation' };
  const created = await request.post('/rest/v1/background_agents', {
    headers,
    data: { name, category: 'CRM Monitoring', description: 'Watches deals', status: 'draft', config: { name, category: 'CRM Monitoring', description: 'Watches deals', systemPrompt: 'You watch deals.\nFlag the stalled ones.' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }[])[0]!.id;
  try {
    await login(page, 'admin');
    await page.goto(`/background/${encodeURIComponent(id)}`);
    const prompt = page.getByLabel(/System Prompt/);
    await expect(prompt).toHaveValue('You watch deals.\nFlag the stalled ones.');
    await prompt.fill('You watch deals.\nFlag deals idle for 30 days.');
    await page.getByRole('button', { name: 'Save Draft', exact: true }).click();
    await expect(page).toHaveURL(/\/background$/);

    await page.goto(`/background/${encodeURIComponent(id)}`);
    const section = page.getByRole('region', { name: 'Versions', exact: true });
    const rows = section.getByRole('table', { name: 'Saved versions' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Version 2 (current)');
    await expect(rows.nth(1)).toContainText('admin@');
    const diff = section.getByRole('table', { name: 'System prompt', exact: true });
    await expect(diff.getByRole('row').nth(1)).toContainText('You watch deals.');
    await expect(diff.getByRole('row').nth(2)).toContainText('Removed: Flag the stalled ones.');
    await expect(diff.getByRole('row').nth(2)).toContainText('Added: Flag deals idle for 30 days.');
    await expectNoAxeViolations(page, 'the background agent editor with its Versions section and a diff');

    await section.getByRole('button', { name: 'Restore version 1', exact: true }).click();
    await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(toast(page, 'Version restored')).toBeVisible();
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('Version 3 (current) · Restored from version 1');
    await expect(prompt).toHaveValue('You watch deals.\nFlag the stalled ones.');
  } finally {
    await request.delete(`/rest/v1/background_agents?id=eq.${encodeURIComponent(id)}`, { headers: await authHeaders(request, 'admin') });
  }
});
