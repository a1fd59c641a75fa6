// Background agents end to end (spec 02 §2.3–2.4, §4.4, §5; issue 6): an admin creates an agent from
// scratch, Publish stays disabled until the preview's five checklist items hold, publishes; Test
// Configuration runs the unsaved configuration once and shows the output without delivering; Run now
// queues a real run (pg-boss → the agent runtime against the local model server, which echoes the last
// user message, so the output quotes the run's task) that the dashboard channel delivers to the Results
// feed and that the agent's runs show as succeeded with the dashboard channel sent.
//
// The tests share one agent and run in order (serial). Names are unique per run.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { escapeRegExp } from './support/missions.js';
import { authHeaders, setOpenAiKey, type Headers } from './support/runtime.js';

test.describe.configure({ mode: 'serial' });

let admin: Headers;
let agentId = '';
const agentName = uniqueName('Pipeline Pulse');
/** in the run's task, so in the echoed output */
const purpose = `Summarise pipeline changes ${Date.now().toString(36)}`;

test.beforeAll(async ({ request }) => {
  admin = await authHeaders(request, 'admin');
  await setOpenAiKey(request, admin);
});

test.afterAll(async ({ request }) => {
  // the agent has a daily schedule: remove it (RLS: the owner may delete)
  if (agentId) await request.delete(`/rest/v1/background_agents?id=eq.${encodeURIComponent(agentId)}`, { headers: await authHeaders(request, 'admin') });
});

const checklist = (page: Page) => page.getByRole('list', { name: 'Publish checklist', exact: true }).getByRole('listitem');
const publish = (page: Page) => page.getByRole('button', { name: 'Publish', exact: true });
const outputSection = (page: Page) => page.getByRole('region', { name: 'Output & Delivery', exact: true });
const runsSection = (page: Page) => page.getByRole('region', { name: 'Runs', exact: true });
const resultsSection = (page: Page) => page.getByRole('region', { name: 'Results', exact: true });

async function expectChecklist(page: Page, marks: readonly ('✓' | '✗')[]): Promise<void> {
  const labels = ['Agent name', 'Category selected', 'System prompt', 'Data sources', 'Delivery channels'];
  await expect(checklist(page)).toHaveText(labels.map((label, i) => `${marks[i]} ${label}`));
}

async function openAgent(page: Page): Promise<void> {
  expect(agentId, 'the first test created the agent').not.toBe('');
  await login(page, 'admin');
  await page.goto(`/background/${encodeURIComponent(agentId)}`);
  await expect(page.getByRole('heading', { name: 'Edit Background Agent', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Agent Name', exact: true })).toHaveValue(agentName);
}

function runItems(page: Page): Locator {
  return runsSection(page).getByRole('list', { name: 'Agent runs', exact: true }).getByRole('article');
}

test('admin creates an agent from scratch; Publish stays disabled until the checklist is complete', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/background');
  await expect(page.getByRole('heading', { name: 'Background Agents', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create Background Agent', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Create Background Agent' }).getByRole('button', { name: /Create from scratch/ }).click();
  await expect(page).toHaveURL(/\/background\/new$/);
  await expect(page.getByRole('heading', { name: 'Create Background Agent', exact: true })).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Agent Name', exact: true });
  await expect(name).toHaveValue('New Background Agent');
  await expectChecklist(page, ['✓', '✓', '✗', '✗', '✗']);
  await expect(publish(page)).toBeDisabled();

  await name.fill('');
  await expectChecklist(page, ['✗', '✓', '✗', '✗', '✗']);
  await name.fill(agentName);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Sales Analytics');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill(purpose);
  await expect(publish(page)).toBeDisabled();

  await page.getByRole('textbox', { name: 'System Prompt', exact: true }).fill('You report on the sales pipeline for the team.');
  await expectChecklist(page, ['✓', '✓', '✓', '✗', '✗']);
  await expect(publish(page)).toBeDisabled();

  await page.getByLabel('Salesforce', { exact: true }).check();
  await expectChecklist(page, ['✓', '✓', '✓', '✓', '✗']);
  await expect(publish(page)).toBeDisabled();

  // the delivery settings follow the checked channels
  const channels = outputSection(page);
  await channels.getByLabel('Email', { exact: true }).check();
  await expect(channels.getByRole('textbox', { name: 'Email recipients', exact: true })).toBeVisible();
  await expectChecklist(page, ['✓', '✓', '✓', '✓', '✓']);
  await expect(publish(page)).toBeEnabled();
  await channels.getByLabel('Email', { exact: true }).uncheck();
  await expect(channels.getByRole('textbox', { name: 'Email recipients', exact: true })).toHaveCount(0);
  await expect(publish(page)).toBeDisabled();

  await channels.getByLabel('Dashboard', { exact: true }).check();
  await expectChecklist(page, ['✓', '✓', '✓', '✓', '✓']);
  await expect(publish(page)).toBeEnabled();
  await publish(page).click();

  await expect(toast(page, 'Agent Published')).toBeVisible();
  await expect(page).toHaveURL(/\/background$/);
  const card = page.getByTestId('agent-card').filter({ has: page.getByRole('heading', { name: agentName, exact: true }) });
  await expect(card).toContainText('Sales Analytics');
  await expect(card).toContainText('Active');

  await card.getByRole('link', { name: new RegExp(`^${escapeRegExp(agentName)}\\b`) }).click();
  await expect(page).toHaveURL(/\/background\/(?!new$)[^/]+$/);
  agentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(runsSection(page).getByText('No runs yet')).toBeVisible();
});

test('Test Configuration runs the unsaved configuration once and shows the output without delivering', async ({ page }) => {
  await openAgent(page);
  // an unsaved change is what the test runs
  await page.getByRole('textbox', { name: 'Output Template', exact: true }).fill('Unsaved template line');
  await page.getByRole('button', { name: 'Test Configuration', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Test Configuration' });
  await expect(dialog.getByText('Agent test initiated! Check console for details.')).toBeVisible();
  const result = dialog.getByTestId('test-result');
  await expect(result).toBeVisible({ timeout: 45_000 });
  await expect(result).toContainText('succeeded');
  await expect(result).toContainText('Dry run: nothing was delivered.');
  const output = result.getByRole('region', { name: 'Output' });
  await expect(output).toContainText(`Run of the background agent "${agentName}"`);
  await expect(output).toContainText(purpose);
  await expect(output).toContainText('Unsaved template line');
  await expect(result.getByTestId('source-salesforce')).toContainText('not connected');
  await expect(result.getByTestId('delivery-dashboard')).toContainText('dry run');

  await dialog.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  // nothing was stored or delivered
  await expect(runsSection(page).getByText('No runs yet')).toBeVisible();
  await page.goto('/background');
  await expect(resultsSection(page)).toBeVisible();
  await expect(resultsSection(page).getByRole('link', { name: agentName, exact: true })).toHaveCount(0);
});

test("Run now delivers the result to the dashboard feed, and the agent's runs show it succeeded, warning of the source that is not connected", async ({ page }) => {
  await openAgent(page);
  await page.getByRole('button', { name: 'Run now', exact: true }).click();
  await expect(toast(page, 'Run Queued')).toBeVisible();

  // the runs list polls every 3 s while the run is queued or running
  const runs = runItems(page);
  await expect(runs).toHaveCount(1, { timeout: 15_000 });
  const run = runs.first();
  await expect(run.getByTestId('run-status')).toHaveText('succeeded with warnings', { timeout: 60_000 });
  await expect(run).toContainText('Run now');
  await expect(run).toContainText(/Attempt 1 of \d+/);
  await expect(run.getByTestId('delivery-dashboard')).toContainText('sent');
  await expect(run.getByTestId('source-salesforce')).toContainText('not connected');
  await run.getByRole('button', { name: 'Show output', exact: true }).click();
  await expect(run.getByLabel('Run output')).toContainText(`Run of the background agent "${agentName}"`);

  // the formatted document downloads with the session's token
  const download = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download Markdown document' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.md$/);

  await page.goto('/background');
  const feed = resultsSection(page);
  const item = feed.getByRole('article').filter({ has: page.getByRole('link', { name: agentName, exact: true }) });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(new RegExp(escapeRegExp(`Run of the background agent "${agentName}"`)));
  await item.getByRole('link', { name: agentName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/background/${escapeRegExp(agentId)}$`));
});
