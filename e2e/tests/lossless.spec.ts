// No edit lost on reload (issue 14, item 1): an edit made less than 2 s before the user reloads is
// saved on the way out (a keepalive request on pagehide), and the browser asks to confirm leaving while
// the save is pending. Both auto-saving editors: the flow builder and the page builder.
import { expect, test, type Dialog, type Page } from '@playwright/test';
import { login, uniqueName } from './support/app.js';

/** Reloads the page, accepting the "leave page?" prompt; resolves with the kinds of dialog shown. */
async function reloadAccepting(page: Page): Promise<string[]> {
  const kinds: string[] = [];
  const onDialog = (dialog: Dialog) => {
    kinds.push(dialog.type());
    void dialog.accept();
  };
  page.on('dialog', onDialog);
  await page.reload();
  page.off('dialog', onDialog);
  return kinds;
}

test('flow builder: a node added less than 2 s before a reload is there after it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/flows/new');
  await expect(page).toHaveURL(/\/flows\/(?!new$)[^/]+$/);
  await expect(page.getByText('All changes saved')).toBeVisible();
  const canvas = page.getByTestId('canvas');
  await expect(canvas.locator('.react-flow__node')).toHaveCount(1);

  await page.getByRole('navigation', { name: 'Node palette' }).getByRole('button', { name: /^(Add )?HTTP Request\b/ }).click();
  await expect(canvas.locator('.react-flow__node')).toHaveCount(2);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  // well inside the 2 s quiet period: no auto-save has run yet
  const dialogs = await reloadAccepting(page);
  expect(dialogs).toEqual(['beforeunload']);

  await expect(page.getByRole('button', { name: 'New Workflow', exact: true })).toBeVisible();
  await expect(canvas.locator('.react-flow__node')).toHaveCount(2);
  await expect(canvas.locator('.react-flow__node-action')).toContainText('HTTP Request');

  // the canvas reaches the bottom of the window (no empty band below it)
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(async () => Math.round(((await canvas.boundingBox())?.y ?? 0) + ((await canvas.boundingBox())?.height ?? 0))).toBe(900);
});

test('page builder: a rename less than 2 s before a reload is there after it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/pages/builder');
  const name = page.getByRole('textbox', { name: 'Page name' });
  await name.fill(uniqueName('Lossless page'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/builder\/[^/]+$/);
  await expect(page.getByText('All changes saved')).toBeVisible();

  const renamed = uniqueName('Renamed page');
  await name.fill(renamed);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  const dialogs = await reloadAccepting(page);
  expect(dialogs).toEqual(['beforeunload']);

  await expect(page.getByRole('textbox', { name: 'Page name' })).toHaveValue(renamed);
  await expect(page.getByText('All changes saved')).toBeVisible();
});

test('a signed-out load asks nothing of /api/auth/refresh; a signed-in reload still restores the session', async ({ page }) => {
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/refresh') refreshes.push(r.status());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(refreshes).toEqual([]);

  await login(page, 'admin');
  await page.reload();
  await expect.poll(() => refreshes).toEqual([200]);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
});
