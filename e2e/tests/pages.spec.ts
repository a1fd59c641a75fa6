// Pages end to end (spec 02 §2.5–2.6, §3.7–3.9; issue 7): an admin builds a page from /deploy → Page by
// dragging blocks with the mouse and one with the keyboard (@hello-pangea/dnd), edits props, previews it
// and gets an answer from the local model server (it echoes the prompt, so the answer shows the crmData
// params reached the agent), deploys it (the 8 s deployment screen), and an anonymous visitor opens
// /p/{slug}, chats there, and cannot read any other API.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, uniqueName } from './support/app.js';
import { authHeaders, saveAgent, setOpenAiKey, type Headers } from './support/runtime.js';

let admin: Headers;
let agentName = '';

test.beforeAll(async ({ request }) => {
  admin = await authHeaders(request, 'admin');
  await setOpenAiKey(request, admin);
  agentName = uniqueName('Page Agent');
  // the model server echoes the prompt: the answer carries the page's crmData params and the question
  await saveAgent(request, admin, { name: agentName, steps: [{ name: 'Answer', query: 'For {{customerName}} in {{language}}: {{query}}' }] });
});

// every zone and the palette in view at once: a drag never has to scroll the page
test.use({ viewport: { width: 1440, height: 1400 } });

const zone = (page: Page, name: 'Full width' | 'Left column' | 'Right column') => page.getByRole('region', { name: `${name} zone`, exact: true });
const cards = (page: Page) => page.getByTestId('canvas-component');
const cardsIn = (page: Page, z: Locator) => z.getByTestId('canvas-component');

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

/**
 * A mouse drag as a person makes it: press, move past the drag threshold, glide to the target, and release only
 * once the target stands still under the pointer. The viewport is tall enough that the builder needs no scrolling;
 * the target is measured again while the pointer rests, so a layout that moves during the drag (the placeholder
 * opening in a zone, an auto-scroll on a slow machine) is followed rather than missed.
 */
async function dragWithMouse(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = await centre(source);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + 12, { steps: 4 });
  let to = await centre(target);
  await page.mouse.move(to.x, to.y, { steps: 20 });
  for (let still = 0, tries = 0; still < 2 && tries < 20; tries++) {
    await page.waitForTimeout(150);
    const now = await centre(target);
    if (Math.abs(now.x - to.x) < 2 && Math.abs(now.y - to.y) < 2) still++;
    else still = 0;
    to = now;
    await page.mouse.move(to.x + (tries % 2 ? 1 : -1), to.y, { steps: 2 });
  }
  await page.mouse.up();
  // the drop animation
  await page.waitForTimeout(400);
}

test('admin builds a page by drag and drop, previews it, deploys it, and a visitor chats on /p/{slug}', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const pageName = uniqueName('Acme Page');
  const headline = uniqueName('Acme assistant');
  const question = `What does Acme ${Date.now().toString(36)} do?`;

  await login(page, 'admin');
  await page.goto('/deploy');
  await page.getByRole('button', { name: /^Page\b/ }).click();
  await expect(page).toHaveURL(/\/pages\/builder$/);
  await expect(page.getByRole('heading', { name: 'AI Page Builder', level: 1 })).toBeVisible();
  await expect(page.getByText('Drag. Drop. Deploy.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Page name' }).fill(pageName);
  await page.getByRole('combobox', { name: 'Agent' }).selectOption(agentName);

  // mouse: header and crmData into full width, action buttons and the chat into the left column
  const palette = (type: string) => page.getByTestId(`palette-${type}`);
  await dragWithMouse(page, palette('header'), zone(page, 'Full width'));
  await expect(cardsIn(page, zone(page, 'Full width'))).toHaveCount(1);
  await dragWithMouse(page, palette('crmData'), cardsIn(page, zone(page, 'Full width')).first());
  await expect(cardsIn(page, zone(page, 'Full width'))).toHaveCount(2);
  await dragWithMouse(page, palette('actionButtons'), zone(page, 'Left column'));
  await expect(cardsIn(page, zone(page, 'Left column'))).toHaveCount(1);
  await dragWithMouse(page, palette('freeformChat'), cardsIn(page, zone(page, 'Left column')).first());
  await expect(cardsIn(page, zone(page, 'Left column'))).toHaveCount(2);
  await expect(cards(page)).toHaveCount(4);

  // keyboard: lift the response area with Space, carry it with the arrow keys, drop it with Space
  await palette('responseArea').focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  await expect(cards(page)).toHaveCount(5);
  const response = page.locator('[data-testid="canvas-component"][data-type="responseArea"]');
  await expect(response).toHaveCount(1);
  // and move it into the right column with the keyboard too (its drag handle)
  const zoneOfResponse = async () => (await response.locator('xpath=ancestor::section[1]').getAttribute('aria-label')) ?? '';
  for (let i = 0; i < 4 && (await zoneOfResponse()) !== 'Right column zone'; i++) {
    await response.getByRole('button', { name: 'Move Response Area' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press((await zoneOfResponse()) === 'Left column zone' ? 'ArrowRight' : 'ArrowDown');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await page.waitForTimeout(400);
  }
  await expect(cardsIn(page, zone(page, 'Right column'))).toHaveCount(1);

  // props: the header's title, the crmData customer, and an action button of our own
  await page.getByRole('button', { name: 'Edit Header' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Header' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(headline);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(zone(page, 'Full width').getByRole('heading', { name: headline })).toBeVisible();

  await page.getByRole('button', { name: 'Edit CRM Data' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit CRM Data' });
  await dialog.getByRole('textbox', { name: 'Customer name' }).fill('Acme Corp');
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('Spanish');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await page.getByRole('button', { name: 'Edit Action Buttons' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Action Buttons' });
  await dialog.getByRole('button', { name: 'Add Action Button' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Action button 5' })).toHaveValue('New Action Button');
  await dialog.getByRole('textbox', { name: 'Action button 5' }).fill(question);
  await dialog.getByRole('button', { name: 'Remove action button 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // preview: the sidebar goes, the assistant answers through the bound agent
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Blocks' })).toHaveCount(0);
  await expect(page.getByText('This is AI generated. Always verify the content.')).toBeVisible();
  await page.getByRole('button', { name: question }).click();
  const answers = page.getByTestId('page-answer');
  await expect(answers.first()).toHaveText(`For Acme Corp in Spanish: ${question}`, { timeout: 20_000 });
  await page.getByRole('button', { name: 'CLEAR HISTORY' }).click();
  await expect(answers).toHaveCount(0);

  // deploy: saved, published, the deployment screen for 8 s, then success
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Deploying Your AI Interface' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deploying...' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Deployment Successful!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Your AI interface has been deployed and is ready to revolutionize your workflow.')).toBeVisible();
  const see = page.getByRole('link', { name: 'See Your Page' });
  await expect(see).toHaveAttribute('target', '_blank');
  const url = (await see.getAttribute('href'))!;
  expect(url).toMatch(/\/p\/[a-z0-9-]+$/);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), see.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(url);
  await tab.close();
  await page.getByRole('button', { name: 'Build Another' }).click();
  await expect(page).toHaveURL(/\/pages\/builder\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'Page name' })).toHaveValue(pageName);

  // an anonymous visitor: no session, no studio
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await expect(visitor).toHaveTitle(pageName);
    await expect(visitor.getByRole('heading', { name: headline })).toBeVisible();
    await expect(visitor.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    const chat = visitor.getByLabel('Your question');
    await expect(chat).toBeEnabled();
    await chat.fill('Who are their competitors?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await expect(visitor.getByTestId('page-answer').first()).toHaveText('For Acme Corp in Spanish: Who are their competitors?', { timeout: 20_000 });
    await visitor.getByRole('button', { name: question }).click();
    await expect(visitor.getByTestId('page-answer').nth(1)).toHaveText(`For Acme Corp in Spanish: ${question}`, { timeout: 20_000 });

    // nothing else is readable from the published page
    const statuses = await visitor.evaluate(async () => {
      const agentList = await fetch('/api/v1/agent/list');
      const pages = await fetch('/rest/v1/pages?select=*');
      return [agentList.status, pages.status];
    });
    expect(statuses).toEqual([401, 401]);
  } finally {
    await visitorContext.close();
  }

  // the dashboards show it live
  await page.goto('/pages2');
  await expect(page.getByRole('article', { name: pageName })).toBeVisible();
  await expect(page.getByRole('article', { name: pageName }).getByRole('link')).toHaveAttribute('href', url);
});
