// Locators of the Agents dashboard and editor (mfe-agents), kept in one place.
import { expect, type Page } from '@playwright/test';
import { agentCard } from './app.js';

/** Wait for the Agents dashboard to show its list (optionally navigating there first). */
export async function openAgents(page: Page, opts: { goto?: boolean } = {}): Promise<void> {
  if (opts.goto) await page.goto('/agents');
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agents', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByPlaceholder('Search agents...')).toBeVisible();
  await expect(page.getByText('Loading agents...')).toHaveCount(0);
}

export function dashboard(page: Page) {
  return {
    createButton: () => page.getByRole('button', { name: '+ Create New Agent', exact: true }),
    search: () => page.getByPlaceholder('Search agents...'),
    /** The category filter menu button (named "Category: {current}"). */
    categoryFilter: () => page.getByRole('button', { name: /^Category: / }),
    categoryItem: (name: string) => page.getByRole('menuitem', { name, exact: true }),
    cardMenu: (name: string) => agentCard(page, name).getByRole('button', { name: `Actions for ${name}`, exact: true }),
  };
}

export function editor(page: Page) {
  return {
    title: () => page.getByRole('heading', { level: 1 }).filter({ hasText: /^(Create New Agent|Edit .+)$/ }),
    back: () => page.getByRole('button', { name: 'Back to Agents' }),
    save: () => page.getByRole('button', { name: 'Save Agent', exact: true }),
    tab: (name: string) => page.getByRole('tab', { name, exact: true }),
    name: () => page.getByLabel('Name', { exact: true }),
    description: () => page.getByLabel('Description', { exact: true }),
    category: () => page.getByLabel('Category', { exact: true }),
    addParameter: () => page.getByRole('button', { name: 'Add Parameter', exact: true }),
    paramName: (i: number) => page.getByLabel(`Parameter ${i + 1} name`, { exact: true }),
    paramValue: (name: string) => page.getByLabel(`Default value of ${name}`, { exact: true }),
    addStep: () => page.getByRole('button', { name: 'Add Step', exact: true }),
    stepPrompt: (i: number) => page.getByLabel('Prompt', { exact: true }).nth(i),
    stepSystem: (i: number) => page.getByLabel('System prompt', { exact: true }).nth(i),
    toolSelect: (i: number) => page.getByLabel(`Tool for step ${i + 1}`, { exact: true }),
    addTool: (i: number) => page.getByRole('button', { name: 'Add Tool', exact: true }).nth(i),
    stepTools: (i: number) => page.getByRole('list', { name: `Tools of step ${i + 1}`, exact: true }),
  };
}
