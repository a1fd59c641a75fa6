// Signing out in another tab keeps a dirty editor's edits (issue 25 item 4): the first tab says it was
// signed out elsewhere, and after the next sign-in the agent editor offers the kept edits back
// ("Restore" brings them back, "Discard" drops them).
import { expect, test, type Page } from '@playwright/test';
import { field, login, menuItem, openProfileMenu, submitLogin, uniqueName, USERS } from './support/app.js';
import { editor } from './support/agents.js';
import { authHeaders, editorPath, saveAgent } from './support/runtime.js';

const SIGNED_OUT_ELSEWHERE = /You were signed out in another tab/;
const kept = (page: Page) => page.getByRole('region', { name: 'Unsaved changes kept in this browser' });

/** Edits the description in the first tab, signs out in the second, and signs in again in the first. */
async function editThenSignOutElsewhere(first: Page, second: Page, name: string, description: string): Promise<void> {
  await expect(editor(first).title()).toHaveText(`Edit ${name}`);
  await editor(first).description().fill(description);
  await expect(first.getByText('Unsaved changes', { exact: true })).toBeVisible();

  await second.goto('/home');
  await openProfileMenu(second);
  await menuItem(second, 'Logout').click();
  await expect(second).toHaveURL(/\/landing$/);

  // the first tab did nothing: it says why it is on the login page
  await expect(first).toHaveURL(/\/login$/);
  await expect(first.getByText(SIGNED_OUT_ELSEWHERE)).toBeVisible();
  await expect(field(first, 'Password')).toBeVisible();
  await submitLogin(first, USERS.admin);
  await expect(first).toHaveURL(new RegExp(`${editorPath(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(editor(first).title()).toHaveText(`Edit ${name}`);
}

test('signed out in another tab: the agent editor keeps the edits; Restore brings them back, Discard drops them', async ({
  page,
  context,
  request,
}) => {
  const name = uniqueName('Drafted agent');
  await saveAgent(request, await authHeaders(request), { name, steps: [{ query: 'Say hello' }] });
  await login(page, 'admin');
  const second = await context.newPage();

  await page.goto(editorPath(name));
  await expect(editor(page).description()).toHaveValue(`End-to-end runtime agent ${name}`);
  await editThenSignOutElsewhere(page, second, name, 'Edited before the sign-out elsewhere');
  await expect(kept(page)).toBeVisible();
  await kept(page).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(editor(page).description()).toHaveValue('Edited before the sign-out elsewhere');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await expect(kept(page)).toHaveCount(0);

  // the restored edits are unsaved like any others; Discard (in the next round) leaves the saved agent
  await editThenSignOutElsewhere(page, second, name, 'Edited, then discarded');
  await kept(page).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(kept(page)).toHaveCount(0);
  await expect(editor(page).description()).toHaveValue(`End-to-end runtime agent ${name}`);
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
  // nothing is offered again
  await page.reload();
  await expect(editor(page).description()).toHaveValue(`End-to-end runtime agent ${name}`);
  await expect(kept(page)).toHaveCount(0);
});
