// WCAG 2.1 A/AA, checked by axe (issue 19): every route of both roles, the dialogs and menus while open,
// the builders with content, the deployment screen and the published page. Each screen or state is one
// soft assertion, so a run lists every screen in violation rather than stopping at the first; the
// audited states are recorded as "axe" annotations on each test (the list reporter's summary counts them).
//
// New screens get a line here: a screen without an axe check is incomplete.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { login, menuItem, openProfileMenu, submitLogin, uniqueName, USERS, type Who } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { caller, insertMission, runMissionNow, waitForRun } from './support/missions.js';
import { authHeaders, saveAgent, setOpenAiKey, type Headers } from './support/runtime.js';

let admin: Headers;
/** an agent whose run answers through the local model server (missions, the page's assistant) */
const agentName = uniqueName('A11y Agent');
let missionId = '';
let backgroundId = '';

test.beforeAll(async ({ request }) => {
  admin = await authHeaders(request, 'admin');
  await setOpenAiKey(request, admin);
  await saveAgent(request, admin, { name: agentName, steps: [{ name: 'Answer', query: 'Answer: {{query}}' }] });

  // a background agent for its editor (config {}: the editor fills in the defaults)
  const bg = await request.post('/rest/v1/background_agents', {
    headers: { ...admin, Prefer: 'return=representation' },
    data: { name: uniqueName('A11y Background'), description: 'Audited by axe', category: 'Sales Analytics', config: {} },
  });
  expect(bg.status(), await bg.text()).toBe(201);
  backgroundId = ((await bg.json()) as { id: string }[])[0]!.id;

  // a library mission of the member's with one finished run: the editors and the results feed have content
  const member = await caller(request, 'member');
  const mission = await insertMission(request, member, { name: uniqueName('A11y Mission'), agent: agentName, scope: 'library' });
  missionId = mission.id;
  await waitForRun(request, member, await runMissionNow(request, member, missionId));
});

test.afterAll(async ({ request }) => {
  const headers = await authHeaders(request, 'admin');
  if (backgroundId) await request.delete(`/rest/v1/background_agents?id=eq.${encodeURIComponent(backgroundId)}`, { headers });
});

/**
 * Waits until the screen has drawn its data: a heading (a page's title, or the read-only notice a
 * member gets instead of an editor), no loading indicator left.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByText(/^Loading\b.*(\.\.\.|…)$/)).toHaveCount(0);
}

/** Opens a path, waits for it to settle and audits it. */
async function audit(page: Page, path: string, state = path): Promise<void> {
  await page.goto(path);
  await settled(page);
  await expectNoAxeViolations(page, state);
}

/** The routes inside the sidebar layout, as both roles open them (DESIGN.md §3, the shell's routes). */
const SIGNED_IN_ROUTES = [
  '/home',
  '/admin',
  '/ai-university',
  '/deploy',
  '/accent-assist',
  '/end-user/dashboard',
  '/end-user/my-tools',
  '/end-user/analytics',
  '/end-user/my-team',
  '/files',
  '/files?bucket=documents',
  '/end-user/files',
  '/agents',
  '/agents/new',
  '/agents/edit/Lead%20Qualifier',
  '/agent-test',
  '/chatbots',
  '/missions',
  '/missions/new',
  '/end-user/my-missions',
  '/end-user/missions/create',
  '/end-user/mission-results',
  '/flows',
  '/flows-old',
  '/background',
  '/background/new',
  '/pages',
  '/pages2',
  '/pages/builder',
  '/content',
  '/end-user/magic-pages',
] as const;

async function auditEveryRoute(page: Page, who: Who): Promise<void> {
  await login(page, who);
  // the Content area is behind its feature flag
  await page.evaluate(() => localStorage.setItem('accent.feature.content', 'on'));
  for (const path of SIGNED_IN_ROUTES) await audit(page, path, `${path} as ${who}`);
  await audit(page, `/missions/${encodeURIComponent(missionId)}`, `/missions/:id as ${who}`);
  await audit(page, `/end-user/missions/edit/${encodeURIComponent(missionId)}`, `/end-user/missions/edit/:id as ${who}`);
  await audit(page, `/background/${encodeURIComponent(backgroundId)}`, `/background/:id as ${who}`);
}

test('public screens: landing, login (and a refused sign-in), not found', async ({ page }) => {
  await audit(page, '/landing');
  await audit(page, '/login');
  await submitLogin(page, { email: USERS.member.email, password: 'not-the-password' });
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectNoAxeViolations(page, '/login with a refused sign-in');
  await audit(page, '/no-such-page', 'not found');
});

test('every route as an administrator', async ({ page }) => {
  test.setTimeout(240_000);
  await auditEveryRoute(page, 'admin');
});

test('every route as a member', async ({ page }) => {
  test.setTimeout(240_000);
  await auditEveryRoute(page, 'member');
});

test('admin tabs and editors: every admin tab, every agent editor tab', async ({ page }) => {
  await login(page, 'admin');
  await audit(page, '/admin');
  for (const tab of ['Model providers', 'Connectors', 'Settings', 'Remotes']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await settled(page);
    await expectNoAxeViolations(page, `/admin tab ${tab}`);
  }
  await audit(page, '/agents/edit/Lead%20Qualifier');
  for (const tab of ['Tools & Integrations', 'Steps', 'Advanced Settings', 'Runs', 'Versions', 'Test Sets']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await settled(page);
    await expectNoAxeViolations(page, `agent editor tab ${tab}`);
  }
});

test('dialogs and menus while open', async ({ page }) => {
  await login(page, 'admin');

  await page.goto('/home');
  await settled(page);
  await openProfileMenu(page);
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, 'account menu open');
  await page.keyboard.press('Escape');

  // agents: create modal, category filter menu, card menu, delete confirmation
  await audit(page, '/agents');
  await page.getByRole('button', { name: '+ Create New Agent', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Agent' })).toBeVisible();
  await expectNoAxeViolations(page, 'create agent modal');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Category: / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, 'agents category menu open');
  await page.keyboard.press('Escape');
  await page.getByRole('article', { name: agentName, exact: true }).getByRole('button', { name: `Actions for ${agentName}`, exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, 'agent card menu open');
  await menuItem(page, 'Delete').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'delete agent confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();

  // flows: card menu and delete confirmation
  await audit(page, '/flows');
  await page.getByRole('button', { name: 'Actions for Lead Qualification Pipeline', exact: true }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, 'flow card menu open');
  await menuItem(page, 'Delete').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'delete flow confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();

  // background agents: create dialog, card menu, delete confirmation
  await audit(page, '/background');
  await page.getByRole('button', { name: 'Create Background Agent', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create Background Agent' })).toBeVisible();
  await expectNoAxeViolations(page, 'create background agent dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Actions for / }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, 'background agent card menu open');
  await menuItem(page, 'Delete').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'delete background agent confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();

  // admin: add user, set a provider key
  await audit(page, '/admin');
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add user' })).toBeVisible();
  await expectNoAxeViolations(page, 'add user dialog');
  await page.keyboard.press('Escape');
  await audit(page, '/admin?tab=providers', '/admin providers');
  await page.getByRole('article', { name: 'Anthropic', exact: true }).getByRole('button', { name: /^Set key for Anthropic$/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'set provider key dialog');
  await page.keyboard.press('Escape');
});

test('flow builder with nodes: properties, test panel, deploy dialog', async ({ page }) => {
  await login(page, 'admin');
  await audit(page, '/flows');
  await page.getByText('Social Post Generator', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/flows\/[^/]+$/);
  const canvas = page.getByTestId('canvas');
  await expect(canvas.locator('.react-flow__node')).toHaveCount(3);
  await settled(page);
  await expectNoAxeViolations(page, 'flow builder with nodes');

  await canvas.locator('.react-flow__node-llm').first().click();
  await expect(page.getByRole('complementary', { name: 'Node Properties' })).toBeVisible();
  await expectNoAxeViolations(page, 'flow builder, node properties');

  await page.getByRole('button', { name: 'Test Flow', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Test Flow' })).toBeVisible();
  await expectNoAxeViolations(page, 'flow builder, test panel');
  await page.getByRole('complementary', { name: 'Test Flow' }).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Run results' })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'flow builder, test results');

  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Flow deployed' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'flow deployed dialog');
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();
  await page.getByRole('button', { name: 'Undeploy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Deploy', exact: true })).toBeVisible();
});

async function visitorAudit(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await visitor.goto(url);
    await expect(visitor.getByLabel('Your question')).toBeEnabled();
    await expectNoAxeViolations(visitor, 'published page /p/:slug');
    await visitor.getByLabel('Your question').fill('What do you do?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await expect(visitor.getByTestId('page-answer').first()).toContainText('What do you do?', { timeout: 20_000 });
    await expectNoAxeViolations(visitor, 'published page with an answer');
  } finally {
    await context.close();
  }
}

test('page builder with blocks, block editor, preview, deployment screen, published page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await audit(page, '/pages/builder');
  await page.getByRole('textbox', { name: 'Page name' }).fill(uniqueName('A11y Page'));
  await page.getByRole('combobox', { name: 'Agent' }).selectOption(agentName);
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expectNoAxeViolations(page, 'page builder, templates tab');
  await page.getByRole('button', { name: /^Use template / }).first().click();
  await expect(page.getByTestId('canvas-component').first()).toBeVisible();
  await expectNoAxeViolations(page, 'page builder with blocks');

  await page.getByRole('button', { name: /^Edit / }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'page builder, block editor dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByText('This is AI generated. Always verify the content.')).toBeVisible();
  await expectNoAxeViolations(page, 'page builder, preview');
  await page.getByRole('button', { name: 'Build', exact: true }).click();

  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Deploying Your AI Interface' })).toBeVisible();
  await expectNoAxeViolations(page, 'deployment screen, deploying');
  await expect(page.getByRole('heading', { name: 'Deployment Successful!' })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'deployment screen, success');
  const publishedUrl = (await page.getByRole('link', { name: 'See Your Page' }).getAttribute('href'))!;
  await page.getByRole('button', { name: 'Build Another' }).click();
  await expect(page).toHaveURL(/\/pages\/builder\/[^/]+$/);
  const pageId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await settled(page);
  await expectNoAxeViolations(page, '/pages/builder/:id');

  await visitorAudit(browser, publishedUrl);

  // the page in the dashboards, its personalisation screen, its delete confirmation
  await page.evaluate(() => localStorage.setItem('accent.feature.content', 'on'));
  await audit(page, `/content/personalize/${encodeURIComponent(pageId)}`, '/content/personalize/:id');
  await audit(page, '/pages');
  await page.getByRole('button', { name: /^Actions for / }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, 'page card menu open');
  await menuItem(page, 'Delete').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'delete page confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();

  // a member sees it among the magic pages and opens it
  const memberContext = await browser.newContext();
  try {
    const member = await memberContext.newPage();
    await login(member, 'member');
    await audit(member, '/end-user/magic-pages', '/end-user/magic-pages with a page');
    await audit(member, `/end-user/magic-pages/${encodeURIComponent(pageId)}`, '/end-user/magic-pages/:id');
  } finally {
    await memberContext.close();
  }
});
