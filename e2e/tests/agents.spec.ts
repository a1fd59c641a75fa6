// The Agents area: dashboard and editor end to end against the real server (spec 01 §2 Agents
// dashboard, Agent editor; §4; §5; §8).
import { expect, test } from '@playwright/test';
import { agentCard, agentCards, login, navItem, toast, uniqueName } from './support/app.js';
import { dashboard, editor, openAgents } from './support/agents.js';

const NO_PARAMS = 'No parameters configured.';
const NO_STEPS = 'This agent has no configured steps. It may be a simple single-response agent.';

test('create, reopen, edit, search, filter, duplicate and delete an agent', async ({ page }) => {
  const name = uniqueName('E2E Agent');
  const description = `Digs into companies for ${name}`;
  const prompt = 'Research {company} and summarise it.';
  const systemLines = ['You are a careful analyst.', 'Answer briefly.'];
  const dash = dashboard(page);
  const ed = editor(page);

  await login(page, 'admin');
  // The sidebar starts collapsed: its items are reached by their accessible names.
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await navItem(page, 'Agents').click();
  await openAgents(page);
  await expect(agentCard(page, 'Lead Qualifier')).toBeVisible();

  // ---- Create from scratch ----
  await dash.createButton().click();
  const modal = page.getByRole('dialog', { name: 'Create New Agent' });
  for (const template of ['Task', 'Researcher', 'Marketer', 'Email Writer']) await expect(modal.getByText(template, { exact: true })).toBeVisible();
  await expect(modal.getByRole('button', { name: /Generate with AI/ })).toBeVisible();
  await modal.getByRole('button', { name: /Create from scratch/ }).click();
  await expect(modal).toBeHidden();
  await expect(ed.title()).toHaveText('Create New Agent');
  for (const tab of ['Basic Info', 'Tools & Integrations', 'Steps', 'Advanced Settings']) await expect(ed.tab(tab)).toBeVisible();

  await ed.name().fill(name);
  await ed.description().fill(description);
  await ed.category().selectOption('Research');

  // A parameter: auto-named param1, then renamed (the rename commits on blur).
  await expect(page.getByText(NO_PARAMS, { exact: true })).toBeVisible();
  await ed.addParameter().click();
  await expect(ed.paramName(0)).toHaveValue('param1');
  await expect(page.getByText(NO_PARAMS, { exact: true })).toHaveCount(0);
  // An empty name is ignored (spec 01 §5): the field goes back to the old name.
  await ed.paramName(0).fill('');
  await ed.paramName(0).blur();
  await expect(ed.paramName(0)).toHaveValue('param1');
  await ed.paramName(0).fill('company');
  await ed.paramName(0).blur();
  await expect(ed.paramValue('company')).toBeVisible();
  await ed.paramValue('company').fill('Acme');

  // A step with a prompt, a system prompt with a blank line, and a tool.
  await ed.tab('Steps').click();
  await expect(page.getByText(NO_STEPS, { exact: true })).toBeVisible();
  await ed.addStep().click();
  await expect(page.getByText(NO_STEPS, { exact: true })).toHaveCount(0);
  await ed.stepPrompt(0).fill(prompt);
  await ed.stepSystem(0).fill(`${systemLines[0]}\n\n${systemLines[1]}`);
  await expect(ed.addTool(0)).toBeDisabled();
  await ed.toolSelect(0).selectOption('Google Search');
  await expect(ed.addTool(0)).toBeEnabled();
  await ed.addTool(0).click();
  await expect(ed.stepTools(0).getByText('Google Search', { exact: true })).toBeVisible();
  // The choice is cleared after adding, so the button is disabled again.
  await expect(ed.addTool(0)).toBeDisabled();

  await ed.save().click();
  await expect(toast(page, 'Agent Saved!')).toContainText('Your agent has been successfully saved and updated.');
  await openAgents(page);
  await expect(agentCard(page, name)).toBeVisible();
  await expect(agentCard(page, name)).toContainText(description);
  await expect(agentCard(page, name)).toContainText('Research');

  // ---- Reopen: the saved values are there, also after a page reload ----
  const checkSaved = async (expectedDescription: string) => {
    await agentCard(page, name).getByRole('heading', { name, exact: true }).click();
    await expect(ed.title()).toHaveText(`Edit ${name}`);
    await expect(ed.name()).toHaveValue(name);
    await expect(ed.description()).toHaveValue(expectedDescription);
    await expect(ed.category()).toHaveValue('Research');
    await expect(ed.paramName(0)).toHaveValue('company');
    await expect(ed.paramValue('company')).toHaveValue('Acme');
    await ed.tab('Steps').click();
    await expect(ed.stepPrompt(0)).toHaveValue(prompt);
    // Blank lines are dropped from the system prompt.
    await expect(ed.stepSystem(0)).toHaveValue(systemLines.join('\n'));
    await expect(ed.stepTools(0).getByText('Google Search', { exact: true })).toBeVisible();
    await ed.tab('Basic Info').click();
  };
  await checkSaved(description);
  await ed.back().click();
  await openAgents(page);
  await expect(agentCard(page, name)).toBeVisible();

  await page.reload();
  await openAgents(page);
  await checkSaved(description);

  // ---- Edit and save again ----
  const edited = `${description} (edited)`;
  await ed.description().fill(edited);
  await ed.save().click();
  await expect(toast(page, 'Agent Saved!').first()).toBeVisible();
  await openAgents(page);
  await expect(agentCard(page, name)).toContainText(edited);
  await page.reload();
  await openAgents(page);
  await expect(agentCard(page, name)).toContainText(edited);

  // ---- Search (case-insensitive) and the category filter ----
  await dash.search().fill(name.toUpperCase());
  await expect(agentCards(page)).toHaveCount(1);
  await expect(agentCard(page, name)).toBeVisible();
  await dash.search().fill('lEaD qUaLiFiEr');
  await expect(agentCard(page, 'Lead Qualifier')).toBeVisible();
  await expect(agentCard(page, name)).toHaveCount(0);
  await dash.search().fill('');
  await expect(agentCard(page, 'Lead Qualifier')).toBeVisible();
  await expect(agentCard(page, name)).toBeVisible();

  await dash.categoryFilter().click();
  for (const item of ['All Categories', 'Sales', 'Marketing', 'Research', 'Support']) await expect(dash.categoryItem(item)).toBeVisible();
  await dash.categoryItem('Sales').click();
  await expect(dash.categoryFilter()).toHaveAccessibleName('Category: Sales');
  await expect(agentCard(page, name)).toHaveCount(0);
  await expect(agentCard(page, 'Lead Qualifier')).toBeVisible();
  await expect(agentCard(page, 'Support Assistant')).toHaveCount(0);
  for (const card of await agentCards(page).all()) await expect(card).toContainText('Sales');
  // The search applies together with the filter.
  await dash.search().fill(name.toLowerCase());
  await expect(agentCards(page)).toHaveCount(0);
  await expect(page.getByText('No agents found', { exact: true })).toBeVisible();
  await dash.categoryFilter().click();
  await dash.categoryItem('Research').click();
  await expect(agentCards(page)).toHaveCount(1);
  await expect(agentCard(page, name)).toBeVisible();
  await dash.categoryFilter().click();
  await dash.categoryItem('All Categories').click();
  await dash.search().fill('');
  await expect(agentCard(page, 'Support Assistant')).toBeVisible();

  // ---- Duplicate (a local copy only) ----
  await dash.cardMenu(name).click();
  await page.getByRole('menuitem', { name: 'Duplicate', exact: true }).click();
  await expect(toast(page, 'Agent duplicated')).toContainText(`Created copy: ${name}`);
  await expect(agentCard(page, `${name} (Copy)`)).toBeVisible();

  // ---- Delete, after confirmation ----
  await dash.cardMenu(name).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Are you sure you want to delete "${name}"? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Agent deleted')).toContainText(`Successfully deleted: ${name}`);
  await expect(agentCard(page, name)).toHaveCount(0);
  await page.reload();
  await openAgents(page);
  await expect(agentCard(page, 'Lead Qualifier')).toBeVisible();
  await expect(agentCard(page, name)).toHaveCount(0);
  // The duplicate was never saved, so it is gone after a reload too.
  await expect(agentCard(page, `${name} (Copy)`)).toHaveCount(0);
});

test('cancelling the delete confirmation keeps the agent', async ({ page }) => {
  await login(page, 'admin');
  await openAgents(page, { goto: true });
  await dashboard(page).cardMenu('Support Assistant').click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete "Support Assistant"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await openAgents(page);
  await expect(agentCard(page, 'Support Assistant')).toBeVisible();
});
