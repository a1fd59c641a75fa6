// Finding your way (issue 25 items 11 and 12): every screen is reached by a link where a person looks for
// it, not only by typing its address — Home's "Create agent" opens the create modal, /analytics leads to
// the analytics each role may see, an end user finds Analytics on their dashboard, the Files top level
// has Upload files and New folder, the agent's Tools tab links to Knowledge, and a published page's
// personalised links are in its Pages menu and in the builder. Then the details: a long agent name shows
// whole on hover and keyboard focus, and the focus stays where the user is after opening an editor and
// after Save.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, uniqueName } from './support/app.js';
import { authHeaders, saveAgent, type Headers } from './support/runtime.js';

/** A page with a chat, written through the data gateway as the builder's browser does, then published. */
async function publishedPage(request: APIRequestContext, admin: Headers, name: string): Promise<string> {
  const { supabaseAnonKey } = (await (await request.get('/api/v1/config')).json()) as { supabaseAnonKey: string };
  const created = await request.post('/rest/v1/pages', {
    headers: { ...admin, apikey: supabaseAnonKey, Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    data: {
      name,
      agent_name: 'Lead Qualifier',
      components: [
        {
          id: 'chat00001',
          type: 'freeformChat',
          props: { placeholder: 'Ask me anything', backgroundColor: '#ffffff' },
          layout: { zone: 'full-width', width: '100%', position: 0 },
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`/api/v1/pages/${id}/publish`, { headers: admin });
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

test.describe('links (issue 25 item 11)', () => {
  test("Home's Create agent opens the same create modal as + Create New Agent", async ({ page }) => {
    await login(page, 'admin');
    await page.getByRole('link', { name: 'Create agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Agent' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Generate with AI/ })).toBeVisible();
    for (const t of ['Task', 'Researcher', 'Marketer', 'Email Writer'])
      await expect(dialog.getByRole('button', { name: new RegExp(`^${t}`) })).toBeVisible();
    await expect(page).toHaveURL(/\/agents$/);
  });

  test('/analytics leads to Admin → Analytics for an administrator and to /end-user/analytics for a member', async ({ page, browser }) => {
    await login(page, 'admin');
    await page.goto('/analytics');
    await expect(page).toHaveURL(/\/admin\?tab=analytics$/);
    await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();

    const context = await browser.newContext();
    try {
      const member = await context.newPage();
      await login(member, 'member');
      await member.goto('/analytics');
      await expect(member).toHaveURL(/\/end-user\/analytics$/);
      await expect(member.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('an end user reaches their Analytics from their dashboard', async ({ page }) => {
    await login(page, 'member');
    await page.goto('/end-user/dashboard');
    await page.getByRole('link', { name: /^Analytics/ }).click();
    await expect(page).toHaveURL(/\/end-user\/analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  });

  test('the Files top level has New folder (administrator) and Upload files (member), into documents', async ({ page, browser }) => {
    await login(page, 'admin');
    await page.goto('/files');
    await expect(page.getByText('Uploads and new folders at the top level go into documents.')).toBeVisible();
    const folder = uniqueName('Contracts').replace(/\s+/g, '-');
    await page.getByRole('button', { name: 'New folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder in documents' });
    await dialog.getByLabel('Folder name').fill(folder);
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await expect(page).toHaveURL(/\/files\?bucket=documents$/);
    await expect(page.getByTestId('file-row').filter({ hasText: folder })).toBeVisible();

    const context = await browser.newContext();
    try {
      const member = await context.newPage();
      await login(member, 'member');
      await member.goto('/end-user/files');
      await expect(member.getByRole('button', { name: 'Upload files' })).toBeVisible();
      const file = `${uniqueName('notes').replace(/\s+/g, '-')}.txt`;
      await member.getByTestId('file-picker').setInputFiles({ name: file, mimeType: 'text/plain', buffer: Buffer.from('Meeting notes') });
      await expect(member).toHaveURL(/\/end-user\/files\?bucket=documents$/);
      await expect(member.getByTestId('file-row').filter({ hasText: file })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("the agent's Tools tab links the Knowledge it names", async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/agents/new');
    await page.getByRole('tab', { name: 'Tools & Integrations' }).click();
    await page.getByRole('checkbox', { name: 'internal knowledge base search' }).check();
    const picker = page.getByRole('group', { name: 'Knowledge collections' });
    await picker.getByRole('link', { name: 'Knowledge' }).click();
    // the new agent has unsaved changes: the editor asks first
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/knowledge$/);
  });

  test("a published page's personalised links are in its Pages menu and in the builder", async ({ page, request }) => {
    const admin = await authHeaders(request, 'admin');
    const name = uniqueName('Personal page');
    const id = await publishedPage(request, admin, name);
    await login(page, 'admin');

    await page.goto('/pages');
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Personalized links' }).click();
    await expect(page).toHaveURL(new RegExp(`/content/personalize/${id}$`));
    await expect(page.getByRole('heading', { name: `Personalize ${name}` })).toBeVisible();
    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await expect(page).toHaveURL(/\/pages$/);

    await page.goto(`/pages/builder/${id}`);
    await page.getByRole('link', { name: 'Personalized links' }).click();
    await expect(page).toHaveURL(new RegExp(`/content/personalize/${id}$`));
    await expect(page.getByRole('heading', { name: `Personalize ${name}` })).toBeVisible();
    await page.getByRole('link', { name: 'Page builder', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pages/builder/${id}$`));
  });
});

test.describe('details (issue 25 item 12)', () => {
  test('a long agent name cut on its card shows whole on hover and on keyboard focus', async ({ page, request }) => {
    const admin = await authHeaders(request, 'admin');
    const name = uniqueName('Quarterly enterprise pipeline qualification and follow-up scheduling assistant for EMEA');
    await saveAgent(request, admin, { name, steps: [{ name: 'Answer' }] });
    await login(page, 'admin');
    await page.goto('/agents');
    const card = page.getByRole('article', { name, exact: true });
    await expect(card).toBeVisible();
    // the heading is cut to one line…
    expect(await card.getByRole('heading', { level: 3 }).evaluate((h) => h.scrollWidth > h.clientWidth)).toBe(true);
    // …and the whole name shows while the card has keyboard focus, and while it is hovered
    const full = card.getByTestId('agent-full-name');
    await card.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(full).toBeVisible();
    await expect(full).toHaveText(name);
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1, name: 'Agents' }).click();
    await expect(full).toBeHidden();
    await card.hover();
    await expect(full).toBeVisible();
  });

  test('the focus starts on an opened editor and stays with the user after Save', async ({ page, request }) => {
    const admin = await authHeaders(request, 'admin');
    const name = uniqueName('Focus agent');
    await saveAgent(request, admin, { name, steps: [{ name: 'Answer' }] });
    const pageName = uniqueName('Focus page');
    const pageId = await publishedPage(request, admin, pageName);
    await login(page, 'admin');

    // the agent editor: its heading on open; after Save (which closes it) the saved agent's card
    await page.goto('/agents');
    await page.getByRole('article', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeFocused();
    await page.getByLabel('Description').fill('Changed to test the focus');
    await page.getByRole('button', { name: 'Save Agent' }).click();
    await expect(page).toHaveURL(/\/agents$/);
    await expect(page.getByRole('article', { name, exact: true })).toBeFocused();

    // the page builder: its heading on open; after Save, still the Save button
    await page.goto(`/pages/builder/${pageId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Page Builder' })).toBeFocused();
    await page.getByLabel(/Page name/).fill(`${pageName} renamed`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect(save).toBeFocused();
    expect(await focusedText(page)).toBe('Save');
  });
});
