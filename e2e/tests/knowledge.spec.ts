// The knowledge base end to end: an administrator creates a collection on /knowledge, adds two documents,
// watches them being indexed (embeddings from the local model server's deterministic /v1/embeddings), and
// an agent whose step uses the model server's knowledge-reader model (it calls the knowledge base search
// with the question, then answers with the first passage and its source) answers in the Test Agent
// modal a question only one document answers, with that document under Sources.
import { expect, test } from '@playwright/test';
import { login, uniqueName } from './support/app.js';
import { authHeaders, editorPath, saveKnowledgeAgent, setOpenAiKey } from './support/runtime.js';

const FALCON = `# Falcon drone

## Battery
The Falcon drone flies for 42 minutes on one battery and recharges in 90 minutes.

## Camera
It films in 4K at 60 frames per second.
`;

const RETURNS = `<html><body><h1>Returns</h1><p>Unused products can be returned within 30 days of delivery.</p>
<script>document.title = 'not text'</script><h2>Refunds</h2><p>Refunds reach the card used within 5 business days.</p></body></html>`;

test('two documents in a collection, indexed, and an agent answering from the right one with its source', async ({ page, request }) => {
  const headers = await authHeaders(request, 'admin');
  // the collection embeds with OpenAI, which the app server reaches at the local model server
  await setOpenAiKey(request, headers);
  const collection = uniqueName('Drone docs');
  const agent = uniqueName('Drone helper');

  await login(page, 'admin');
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await expect(page).toHaveURL(/\/knowledge$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge' })).toBeVisible();

  // ---- a new collection ----
  await page.getByRole('button', { name: 'New collection', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(collection);
  await expect(dialog.getByRole('combobox', { name: 'Embedding provider' })).toHaveValue('openai');
  await dialog.getByRole('button', { name: 'Create collection', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Files: ${collection}` })).toBeVisible();

  // ---- two documents, then their indexing followed to the end ----
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'Falcon.md', mimeType: 'text/markdown', buffer: Buffer.from(FALCON) },
    { name: 'Returns.html', mimeType: 'text/html', buffer: Buffer.from(RETURNS) },
  ]);
  const falcon = page.getByTestId('knowledge-file').filter({ hasText: 'Falcon.md' });
  const returns = page.getByTestId('knowledge-file').filter({ hasText: 'Returns.html' });
  await expect(falcon).toContainText(/Ready · \d+ passages?/, { timeout: 30_000 });
  await expect(returns).toContainText(/Ready · \d+ passages?/, { timeout: 30_000 });

  // ---- the collection's own search shows citations ----
  await page.getByRole('textbox', { name: 'Try a search' }).fill('how long do refunds take');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Returns.html, Refunds' }).first()).toBeVisible();

  // ---- an agent that may search only this collection ----
  const listed = await request.get('/api/v1/knowledge/collections', { headers });
  const { collections } = (await listed.json()) as { collections: { id: string; name: string }[] };
  const collectionId = collections.find((c) => c.name === collection)!.id;
  await saveKnowledgeAgent(request, headers, {
    name: agent,
    description: 'Answers drone questions from the knowledge base',
    query: 'How many minutes does the Falcon drone fly on one battery?',
    knowledgeCollections: [collectionId],
  });

  // ---- Test Agent: the answer from Falcon.md, and its source ----
  await page.goto(editorPath(agent));
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${agent}`, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Tools & Integrations' }).click();
  await expect(page.getByRole('group', { name: 'Knowledge collections' }).getByRole('checkbox', { name: collection })).toBeChecked();
  await page.getByRole('button', { name: 'Test Agent', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Test Agent: ${agent}`, exact: true });
  await modal.getByRole('button', { name: 'Run Test', exact: true }).click();
  await expect(modal.getByTestId('run-answer')).toHaveText('The Falcon drone flies for 42 minutes on one battery and recharges in 90 minutes. (Source: Falcon.md, Battery)');
  // Sources: what the search handed the model, best first
  const sources = modal.getByRole('region', { name: 'Sources' });
  await expect(sources.getByRole('listitem').first()).toHaveText('Falcon.md, Battery');

  // ---- deleting a document takes its passages out of search ----
  await page.goto('/knowledge');
  await page.getByRole('button', { name: collection }).click();
  await page.getByRole('button', { name: 'Delete Falcon.md' }).click();
  await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(falcon).toHaveCount(0);
  const after = await request.post('/api/v1/knowledge/search', { headers, data: { query: 'Falcon battery minutes', collection_ids: [collectionId] } });
  expect(((await after.json()) as { hits: { file: string }[] }).hits.map((h) => h.file)).not.toContain('Falcon.md');
});
