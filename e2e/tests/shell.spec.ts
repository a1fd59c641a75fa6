// The shell: mode switch, shared singletons, failure isolation of remotes, Agent Deployment and
// Accent Assist (spec 01 §2 Shell, Agent type selection; spec 02 §2.7; DESIGN.md §3).
import { expect, test, type Dialog, type Page } from '@playwright/test';
import { login, menuItem, navItem, openProfileMenu } from './support/app.js';

const UNAVAILABLE = 'This area is unavailable';

/** Click and expect exactly one alert dialog; returns its text after accepting it. */
async function clickExpectingAlert(page: Page, click: () => Promise<void>): Promise<string> {
  const dialogPromise = page.waitForEvent('dialog');
  const [dialog] = await Promise.all([dialogPromise, click()]) as [Dialog, void];
  expect(dialog.type()).toBe('alert');
  const message = dialog.message();
  await dialog.accept();
  return message;
}

test('switching to end-user mode and back from the profile menu', async ({ page }) => {
  await login(page, 'admin');
  for (const item of ['Home', 'Agents', 'Flows', 'Magic Pages', 'Missions']) await expect(navItem(page, item)).toBeAttached();

  await openProfileMenu(page);
  await menuItem(page, 'Switch to End-User Mode').click();
  await expect(page).toHaveURL(/\/end-user\/dashboard$/);
  for (const item of ['Dashboard', 'My Team', 'Magic Pages', 'Missions']) await expect(navItem(page, item)).toBeAttached();
  await expect(navItem(page, 'Magic Pages')).toHaveAttribute('href', '/end-user/magic-pages');
  await expect(navItem(page, 'Missions')).toHaveAttribute('href', '/end-user/mission-results');
  await expect(navItem(page, 'Agents')).toHaveCount(0);

  await openProfileMenu(page);
  await expect(menuItem(page, 'Switch to End-User Mode')).toHaveCount(0);
  await menuItem(page, 'Switch to Admin Mode').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(navItem(page, 'Agents')).toBeAttached();
  await expect(navItem(page, 'Dashboard')).toHaveCount(0);
});

test('the shell and the agents remote share one React and one jotai store', async ({ page }) => {
  await login(page, 'admin');
  await navItem(page, 'Agents').click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agents', exact: true })).toBeVisible();

  await page.waitForFunction(() => {
    const s = (window as any).__ACCENT_SINGLETONS__;
    return Boolean(s?.shell && s?.agents);
  });
  const result = await page.evaluate(() => {
    const s = (window as any).__ACCENT_SINGLETONS__;
    return {
      reactDefined: Boolean(s.shell.React) && Boolean(s.agents.React),
      storeDefined: Boolean(s.shell.store) && Boolean(s.agents.store),
      sameReact: s.shell.React === s.agents.React,
      sameStore: s.shell.store === s.agents.store,
    };
  });
  expect(result).toEqual({ reactDefined: true, storeDefined: true, sameReact: true, sameStore: true });
});

test('a remote that fails to load shows the unavailable screen while the rest of the shell works', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/agents?remote.agents=http://127.0.0.1:9/mf-manifest.json');
  await expect(page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry', exact: true });
  await expect(retry).toBeVisible();
  // Retry tries again and, the URL still being dead, fails again the same way (no crash, no blank page).
  await retry.click();
  await expect(page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();

  // The sidebar still works: Home, then (from Home's Configure Magic) Agent Deployment, in the same document.
  await navItem(page, 'Home').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(UNAVAILABLE, { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: /Configure Magic/ }).click();
  await expect(page).toHaveURL(/\/deploy$/);
  await expect(page.getByRole('heading', { name: 'Agent Deployment' })).toBeVisible();
});

// A registry without the Pages remote (a deployment that has not installed it): every remote is built in
// this checkout, so the registry's answer is filtered on its way to the browser.
test('an area whose remote is not installed shows the unavailable screen', async ({ page }) => {
  await page.route('**/api/v1/remotes', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { remotes: { id: string }[] };
    await route.fulfill({ response, json: { ...body, remotes: body.remotes.filter((r) => r.id !== 'pages') } });
  });
  await login(page, 'admin');
  await navItem(page, 'Magic Pages').click();
  await expect(page).toHaveURL(/\/pages2$/);
  await expect(page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
  await expect(navItem(page, 'Home')).toBeVisible();

  // A deep link behaves the same.
  await page.goto('/pages2');
  await expect(page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
  await navItem(page, 'Home').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('Agent Deployment shows the six types; Agents opens the dashboard and Agentic raises an alert', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/deploy');
  await expect(page.getByRole('heading', { name: 'Agent Deployment' })).toBeVisible();
  // a card is named by its title, then its description
  const card = (title: string) => page.getByRole('main').getByRole('button', { name: new RegExp(`^${title} `) });
  for (const name of ['Agents', 'Flows', 'Agentic', 'Background', 'Page', 'Custom']) await expect(card(name)).toHaveCount(1);

  const message = await clickExpectingAlert(page, () => card('Agentic').click());
  expect(message).toBe('The deployment interface would open here.');
  await expect(page).toHaveURL(/\/deploy$/);

  await card('Agents').click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agents', exact: true })).toBeVisible();
});

test('Accent Assist shows the coming-soon page with its timeline and Notify Me alerts', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/accent-assist');
  await expect(page.getByText(/coming soon/i).first()).toBeVisible();
  for (const milestone of ['Platform Foundation', 'Backend Development', 'Launch Q2 2024']) {
    await expect(page.getByText(milestone).first()).toBeVisible();
  }
  const message = await clickExpectingAlert(page, () => page.getByRole('button', { name: 'Notify Me' }).click());
  expect(message).toMatch(/interest/i);
  expect(message).toMatch(/notif/i);
});

test('the sidebar starts collapsed and can expand and collapse', async ({ page }) => {
  await login(page, 'admin');
  const expand = page.getByRole('button', { name: 'Expand sidebar' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expand.click();
  const collapse = page.getByRole('button', { name: 'Collapse sidebar' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(navItem(page, 'Agents').getByText('Agents', { exact: true })).toBeVisible();
  await collapse.click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
});
