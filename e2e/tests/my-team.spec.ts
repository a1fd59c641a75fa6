// My Team: every signed-in member sees the library's members with their roles; an administrator follows
// a member's Manage link to that person in Admin → Users.
import { expect, test } from '@playwright/test';
import { login } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';

test('an end user sees the seeded members with their roles, and no manage links', async ({ page }) => {
  await login(page, 'member');
  await page.goto('/end-user/my-team');
  await expect(page.getByRole('heading', { name: 'My Team', level: 1 })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Alex Admin/ })).toContainText('Administrator');
  await expect(members.getByRole('row', { name: /Morgan Member \(you\)/ })).toContainText('End User');
  await expect(members.getByRole('row', { name: /Morgan Member/ })).toContainText('Account Executive');
  // nothing a colleague should not see
  await expect(members).not.toContainText('@accent.local');
  await expect(page.getByRole('link', { name: /^Manage / })).toHaveCount(0);
  await expectNoAxeViolations(page, 'my team');

  await page.getByRole('searchbox', { name: 'Search people' }).fill('administrator');
  await expect(members.getByRole('row', { name: /Morgan Member/ })).toHaveCount(0);
  await expect(members.getByRole('row', { name: /Alex Admin/ })).toBeVisible();
});

test('an administrator follows a member’s Manage link to Admin → Users', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/end-user/my-team');
  await expect(page.getByRole('row', { name: /Alex Admin \(you\)/ })).toContainText('Administrator');
  await page.getByRole('link', { name: 'Manage Morgan Member' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users&user=[0-9a-f-]{36}$/);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Morgan Member/ });
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.getByRole('combobox', { name: 'Role of Morgan Member' })).toHaveValue('member');
});
