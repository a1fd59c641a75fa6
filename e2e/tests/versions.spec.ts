// Agent versions, restore and Generate with AI end to end: the real server, PGlite, and the local
// model server (which drafts an agent when asked for the agent_draft structured answer).
import { expect, test, type Page } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { authHeaders, editorPath, saveAgent, useOpenAiKey } from './support/runtime.js';

useOpenAiKey();

async function openEditor(page: Page, name: string) {
  await page.goto(editorPath(name));
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}`, exact: true })).toBeVisible();
  await expect(page.getByText('Loading agent configuration...')).toHaveCount(0);
}

const savedVersions = (page: Page) => page.getByRole('table', { name: 'Saved versions' });

test('a version diff shows the changed prompt line, and restore saves a new version', async ({ page, request }) => {
  const name = uniqueName('E2E Versioned');
  const headers = await authHeaders(request);
  await saveAgent(request, headers, { name, steps: [{ name: 'Write', query: 'Write about the topic\nAnswer in English' }] });
  await saveAgent(request, headers, { name, steps: [{ name: 'Write', query: 'Write about the topic\nAnswer in Klingon' }] });

  await login(page, 'admin');
  await openEditor(page, name);
  await page.getByRole('tab', { name: 'Versions', exact: true }).click();
  const rows = savedVersions(page).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Version 2 (current)');
  await expect(rows.nth(1)).toContainText('admin@');

  const prompt = page.getByRole('table', { name: 'Prompt', exact: true });
  await expect(prompt.getByRole('row').nth(1)).toContainText('Write about the topic');
  await expect(prompt.getByRole('row').nth(2)).toContainText('Removed: Answer in English');
  await expect(prompt.getByRole('row').nth(2)).toContainText('Added: Answer in Klingon');

  await page.getByRole('button', { name: 'Restore version 1', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(dialog).toContainText('Version 1 will be saved as version 3, the newest version. Earlier versions are kept.');
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(toast(page, 'Version restored')).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Version 3 (current)');

  // the server agrees: three versions, the newest with version 1's prompt
  const versions = await request.get(`/api/v1/agent/versions?name=${encodeURIComponent(name)}`, { headers });
  expect((await versions.json()).versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
  const config = await request.get(`/api/v1/multi-agent/agent-config?name=${encodeURIComponent(name)}`, { headers });
  expect((await config.json()).steps[0].query).toBe('Write about the topic\nAnswer in English');
});

test('Generate with AI opens the editor filled with the drafted agent, saved only on Save', async ({ page, request }) => {
  const topic = uniqueName('Track rival launches');
  await login(page, 'admin');
  await page.goto('/agents');
  await page.getByRole('button', { name: '+ Create New Agent' }).click();
  const modal = page.getByRole('dialog', { name: 'Create New Agent' });
  await modal.getByRole('button', { name: /Generate with AI/ }).click();
  await modal.getByLabel(/Describe the agent/).fill(`${topic} and summarise them weekly`);
  await modal.getByRole('button', { name: 'Generate Agent' }).click();

  await expect(page).toHaveURL(/\/agents\/new\?template=generated$/);
  await expect(page.getByText('Drafted with AI: review every field, then save the agent.')).toBeVisible();
  const words = `${topic} and summarise them weekly`.split(/\s+/).slice(0, 4).join(' ');
  const name = `${words} Agent`;
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Category')).toHaveValue('Research');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  const headers = await authHeaders(request);
  const before = await request.get(`/api/v1/multi-agent/agent-config?name=${encodeURIComponent(name)}`, { headers });
  expect(before.status()).toBe(404);

  await page.getByRole('button', { name: 'Save Agent' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const saved = await request.get(`/api/v1/multi-agent/agent-config?name=${encodeURIComponent(name)}`, { headers });
  expect(saved.status()).toBe(200);
  expect((await saved.json()).steps.map((s: { name: string }) => s.name)).toEqual(['Research', 'Summarise']);
});

test('a test set catches a broken prompt, flags its version, and passes after restore', async ({ page, request }) => {
  const name = uniqueName('E2E Tested');
  const headers = await authHeaders(request);
  await saveAgent(request, headers, { name, params: { name: 'Ada' }, steps: [{ name: 'Greet', query: 'Say hello to {{name}}' }] });
  await saveAgent(request, headers, { name, params: { name: 'Ada' }, steps: [{ name: 'Greet', query: 'Say goodbye' }] });

  await login(page, 'admin');
  await openEditor(page, name);
  await page.getByRole('tab', { name: 'Test Sets', exact: true }).click();
  await page.getByRole('button', { name: 'New Test Set' }).click();
  await page.getByLabel(/Test set name/).fill('Greets by name');
  await page.getByLabel('Case 1 parameters').fill('name = Ada');
  await page.getByLabel('Case 1 expectation 1 text').fill('hello to ada');
  await page.getByRole('button', { name: 'Save Test Set' }).click();
  const set = page.getByRole('region', { name: 'Test set Greets by name' });
  await expect(set).toContainText('Not run yet.');

  // the broken prompt (version 2, the newest) fails the case
  await expect(set.getByLabel('Run against')).toHaveValue('2');
  await set.getByRole('button', { name: 'Run test set Greets by name' }).click();
  const results = set.getByRole('table', { name: 'Results of Greets by name' });
  await expect(results.getByRole('columnheader', { name: 'Latest run (Version 2)' })).toBeVisible();
  await expect(results.getByRole('row').nth(1)).toContainText('Does not contain "hello to ada"');
  await expect(set).toContainText('Version 2: 0 passed, 1 failed');

  // the Versions tab flags version 2; restore version 1 as version 3
  await page.getByRole('tab', { name: 'Versions', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Saved versions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Fails test set "Greets by name": case 1');
  await page.getByRole('button', { name: 'Restore version 1', exact: true }).click();
  await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(rows.nth(1)).toContainText('Version 3 (current)');

  // version 3 passes, shown beside the failing run before it
  await page.getByRole('tab', { name: 'Test Sets', exact: true }).click();
  await expect(set.getByLabel('Run against')).toHaveValue('3');
  await set.getByRole('button', { name: 'Run test set Greets by name' }).click();
  await expect(results.getByRole('columnheader', { name: 'Latest run (Version 3)' })).toBeVisible();
  await expect(results.getByRole('columnheader', { name: 'Previous run (Version 2)' })).toBeVisible();
  await expect(results.getByRole('row').nth(1)).toContainText('Contains "hello to ada"');
  await expect(set).toContainText('Version 3: 1 passed, 0 failed');

  // each case ran through the runtime and was recorded like any run
  const runs = await request.get(`/api/v1/agent/runs?name=${encodeURIComponent(name)}`, { headers });
  expect((await runs.json()).runs).toHaveLength(2);
});
