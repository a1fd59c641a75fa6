// Toasts never cover a page's own actions: after an action that toasts in the agent editor and in the
// page builder, the toast's box does not meet the header's buttons (Create, Preview, Save, Deploy).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { dashboard, editor } from './support/agents.js';

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Fails when the visible toast overlaps any of the given buttons. */
async function expectClearOf(page: Page, shown: Locator, buttons: Locator[]): Promise<void> {
  await expect(shown).toBeVisible();
  // wait for the enter animation to settle before measuring
  await page.waitForTimeout(300);
  const toastBox = await shown.boundingBox();
  expect(toastBox).not.toBeNull();
  for (const button of buttons) {
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect({ button: await button.textContent(), overlaps: intersects(toastBox!, box!) }).toEqual({
      button: await button.textContent(),
      overlaps: false,
    });
  }
}

test('the agent editor’s Saved toast leaves + Create New Agent uncovered', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/agents');
  const dash = dashboard(page);
  const ed = editor(page);
  await dash.createButton().click();
  await page
    .getByRole('dialog', { name: 'Create New Agent' })
    .getByRole('button', { name: /Create from scratch/ })
    .click();
  await ed.name().fill(uniqueName('Toast Agent'));
  await ed.save().click();
  await expectClearOf(page, toast(page, 'Agent Saved!'), [dash.createButton()]);
});

test('the page builder’s Page saved toast leaves Preview, Save and Deploy uncovered', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/pages/builder');
  await expect(page.getByRole('heading', { name: 'AI Page Builder', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Page name' }).fill(uniqueName('Toast Page'));
  const actions = ['Preview', 'Save', 'Deploy'].map((name) => page.getByRole('button', { name, exact: true }));
  await actions[1]!.click();
  await expectClearOf(page, toast(page, 'Page saved'), actions);
});
