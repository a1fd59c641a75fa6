// Agents and builders do what they say (issue 25), end to end in Chromium against the real server and the
// local model server (it echoes the last user message, so every step's answer is known in advance).
import { expect, test } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { dashboard, editor, openAgents } from './support/agents.js';
import { authHeaders, editorPath, setOpenAiKey } from './support/runtime.js';

test("a later step sees the earlier steps' output: the Researcher template's brief is written from the sources gathered", async ({
  page,
  request,
}) => {
  await setOpenAiKey(request, await authHeaders(request));
  const name = uniqueName('E2E Researcher');
  const question = `What does ${name} do?`;

  // ---- the Researcher template, as a person creates it ----
  await login(page, 'admin');
  await openAgents(page, { goto: true });
  await dashboard(page).createButton().click();
  await page
    .getByRole('dialog', { name: 'Create New Agent' })
    .getByRole('button', { name: /^Researcher/ })
    .click();
  await expect(page).toHaveURL(/\/agents\/new\?template=researcher$/);
  const ed = editor(page);
  await ed.name().fill(name);
  await ed.paramValue('topic').fill('Acme');
  await ed.save().click();
  await expect(page).toHaveURL(/\/agents$/);

  // ---- Test Agent ----
  await page.goto(editorPath(name));
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Test Agent', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Test Agent: ${name}`, exact: true });
  await modal.getByRole('textbox', { name: 'Query', exact: true }).fill(question);
  await modal.getByRole('button', { name: 'Run Test', exact: true }).click();
  // only "Write the brief" is in the output; the echo model answers with its prompt (it places {{query}})
  await expect(modal.getByTestId('run-answer')).toHaveText(
    `Using the sources gathered, write a one-page brief for the sales team on this request: ${question}`,
  );
  await page.keyboard.press('Escape');

  // ---- the trace: step 2 was given step 1's output, labelled by its name ----
  await page.getByRole('tab', { name: 'Runs', exact: true }).click();
  await page
    .getByRole('table', { name: `Recent runs of ${name}` })
    .getByRole('button', { name: /^View trace of the run at / })
    .first()
    .click();
  const trace = page.getByRole('dialog', { name: 'Run trace', exact: true });
  await expect(trace.getByText('Loading trace...')).toHaveCount(0);
  const brief = trace.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Step 2: Write the brief', exact: true }) });
  await expect(brief.getByRole('definition').filter({ hasText: 'Gather sources' })).toHaveText('Gather sources');
  const sent = brief.getByRole('list', { name: 'Messages sent to the model', exact: true }).getByRole('listitem').first();
  await expect(sent).toContainText('Output of the earlier steps:');
  await expect(sent).toContainText(`[Step 1: Gather sources]\nFind the most relevant and recent sources for this request: ${question}`);
  // step 1 had nothing before it
  const gather = trace.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Step 1: Gather sources', exact: true }) });
  await expect(gather).not.toContainText('Output of the earlier steps');
});

test('the flow dashboard and its filter say Active only for deployed flows; import names the flows it skipped', async ({ page }) => {
  const name = uniqueName('E2E Imported');
  const flowData = {
    nodes: [
      {
        id: 'start',
        type: 'trigger',
        position: { x: 100, y: 100 },
        data: { label: 'Start Trigger', subtype: 'webhook', triggerType: 'webhook', config: {} },
      },
    ],
    edges: [],
  };
  const file = {
    version: '1.0',
    flows: [
      { id: `flow-${Date.now()}-e2eimport`, name, description: 'Exported while it was deployed elsewhere', status: 'active', flowData },
      { id: 'bad-status', name: 'Paused flow', description: 'd', status: 'paused', flowData },
      { id: 'bad-graph', name: 'Graphless flow', description: 'd', status: 'draft' },
    ],
  };
  const card = (flow: string) => page.getByTestId('flow-card').filter({ hasText: flow });
  const filterBy = async (status: string) => {
    await page.getByRole('button', { name: /^Status filter: / }).click();
    await page.getByRole('menuitem', { name: status, exact: true }).click();
  };

  await login(page, 'admin');
  await page.goto('/flows');
  await expect(page.getByRole('heading', { name: 'AI Flows', exact: true })).toBeVisible();
  // samples are not deployed: none of them is Active, neither on its card nor under the Active filter
  await expect(card('Lead Qualification Pipeline').first()).toBeVisible();
  await expect(card('Lead Qualification Pipeline').first()).toContainText('inactive');

  // ---- import: the spec's sentence, then the skipped flows by name and why ----
  await page
    .getByTestId('import-input')
    .setInputFiles({ name: 'flows.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(toast(page, 'Import Successful')).toContainText(
    'Successfully imported 1 flows. Skipped 2: "Paused flow" (its status "paused" is not active, inactive or draft); "Graphless flow" (its flowData needs nodes and edges lists).',
  );
  // an imported "active" flow is not deployed here
  await expect(card(name)).toContainText('inactive');
  await filterBy('active');
  await expect(card(name)).toHaveCount(0);
  await expect(card('Lead Qualification Pipeline')).toHaveCount(0);

  // ---- deployed: Active on the dashboard, in the filter and in the builder; its copy is not ----
  await filterBy('All Statuses');
  await card(name).getByRole('link').click();
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Flow deployed' });
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();
  await page.goto('/flows');
  await filterBy('active');
  await expect(card(name)).toContainText('active');
  await filterBy('All Statuses');
  await card(name)
    .getByRole('button', { name: /Actions/ })
    .click();
  await page.getByRole('menuitem', { name: 'Duplicate', exact: true }).click();
  await expect(card(`${name} (Copy)`)).toContainText('inactive');
  await filterBy('active');
  await expect(card(`${name} (Copy)`)).toHaveCount(0);
});
