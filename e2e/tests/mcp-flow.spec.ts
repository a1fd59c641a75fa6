// The flow builder's MCP tool node end to end: an MCP server (a real one started here with the official
// SDK, behind a bearer token) is in Admin → MCP servers; in the builder the admin adds the palette's
// "MCP tool" node after the trigger, chooses the server and its "Find contact" tool, maps the tool's
// argument to {{payload.who}}, and Test Flow shows the node succeeded with the tool's answer.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, uniqueName } from './support/app.js';
import { allowLoopback, CRM_TOKEN, startCrm, type Crm } from './support/mcp-crm.js';
import { authHeaders } from './support/runtime.js';

const PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199);
// one of this spec's own ports, clear of the suite's servers and of mcp.spec's CRM (PORT + 10)
const MCP_PORT = Number(process.env.ACCENT_E2E_MCP_FLOW_PORT ?? PORT + 11);

let crm: Crm;
let server = '';

test.beforeAll(async ({ request }) => {
  crm = await startCrm(MCP_PORT);
  await allowLoopback(request);
  server = uniqueName('Flow CRM');
  const added = await request.post('/api/v1/admin/mcp-servers', {
    headers: await authHeaders(request, 'admin'),
    data: { name: server, url: `${crm.url}/mcp`, transport: 'streamable_http', auth: 'bearer', secret: CRM_TOKEN },
  });
  expect(added.status(), await added.text()).toBe(201);
});
// loopback stays allowed: mcp.spec may be using it at the same time (the database is the run's own)
test.afterAll(async () => {
  await crm?.close();
});

const canvas = (page: Page) => page.getByTestId('canvas');

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

test('a flow with an MCP tool node, run from the builder, shows the tool’s answer', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/flows');
  await page.getByRole('button', { name: 'Create New Flow', exact: true }).click();
  await expect(page).toHaveURL(/\/flows\/(?!new$)[^/]+$/);
  const trigger = canvas(page).locator('.react-flow__node-trigger');
  await expect(trigger).toHaveCount(1);

  // the palette's MCP tool node, dropped right of the trigger
  await page
    .getByRole('navigation', { name: 'Node palette' })
    .getByRole('button', { name: /^MCP tool\b/ })
    .dragTo(canvas(page), { targetPosition: { x: 430, y: 140 } });
  const tool = canvas(page).locator('.react-flow__node-action');
  await expect(tool).toHaveCount(1);
  const from = await centre(trigger.locator('.react-flow__handle.source'));
  const to = await centre(tool.locator('.react-flow__handle.target'));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 8 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(1);

  // its properties: the server, its tool, the tool's argument from the payload
  await tool.click();
  const props = page.getByRole('complementary', { name: 'Node Properties' });
  await expect(props).toContainText('action · mcp');
  await props.getByRole('combobox', { name: 'MCP server' }).selectOption({ label: server });
  await props.getByRole('combobox', { name: 'Tool' }).selectOption({ label: 'Find contact' });
  await props.getByRole('textbox', { name: 'name (required)' }).fill('{{payload.who}}');

  // Test Flow from the builder
  await page.getByRole('button', { name: 'Test Flow', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Test Flow' });
  await panel.getByRole('textbox', { name: 'Test payload (JSON)' }).fill('{"who":"Ada"}');
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  const results = panel.getByRole('region', { name: 'Run results' });
  await expect(results).toBeVisible({ timeout: 30_000 });
  const node = results.getByRole('listitem').filter({ has: page.getByRole('button', { name: /MCP tool/ }) });
  await expect(node.getByRole('button')).toContainText('succeeded');
  await node.getByRole('button').click();
  await expect(node).toContainText('Ada Lovelace <ada@example.com>, Analytical Engines Ltd');
  expect(crm.calls).toEqual([{ tool: 'find_contact', args: { name: 'Ada' } }]);
  await expect(tool.locator('[data-testid^="result-"]')).toContainText('succeeded');
});
