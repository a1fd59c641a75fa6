// The flow builder's cards (issue 25, items 12 and 13): nodes drawn as cards with labelled outputs, the
// "+" of an output and of an edge opening a searchable node picker that inserts and connects, Ctrl/⌘-K
// to the palette search, the minimap coloured by kind, Fit View that does not blow one node up to 4×,
// and a flow whose saved viewport shows none of its nodes opening fitted.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, login } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';

const canvas = (page: Page) => page.getByTestId('canvas');
const nodes = (page: Page) => canvas(page).locator('.react-flow__node');
/** The canvas zoom, from the viewport's transform. */
const zoom = async (page: Page) =>
  Number((await canvas(page).locator('.react-flow__viewport').getAttribute('style'))?.match(/scale\(([\d.]+)\)/)?.[1]);

/**
 * Signs in and opens the dashboard first: on an empty library it inserts the sample flows, which other
 * specs sharing this database expect (a flow created before that would leave the library without them).
 */
async function signIn(page: Page): Promise<void> {
  await login(page, 'admin');
  await page.goto('/flows');
  await expect(page.getByText('Lead Qualification Pipeline', { exact: true }).first()).toBeVisible();
}

async function newFlow(page: Page): Promise<void> {
  await signIn(page);
  await page.goto('/flows/new');
  await expect(page).toHaveURL(/\/flows\/(?!new$)[^/]+$/);
  await expect(nodes(page)).toHaveCount(1);
}

type StoredNode = { id: string; type: string; position: { x: number; y: number }; data: Record<string, unknown> };
const action = (id: string, x: number, y: number, label: string): StoredNode => ({
  id,
  type: 'action',
  position: { x, y },
  data: { label, subtype: 'api', actionType: 'api_call', method: 'GET', url: '' },
});

/** Stores a flow as the builder would (through the data gateway, as the admin); returns its id. */
async function insertFlow(
  request: APIRequestContext,
  name: string,
  flowNodes: StoredNode[],
  edges: { id: string; source: string; target: string }[],
  viewport: { x: number; y: number; zoom: number },
): Promise<string> {
  const me = (await apiLogin(request, 'admin')) as unknown as { user_id?: string; id?: string; library_id?: string; token: string };
  const id = `flow-${Date.now()}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const now = new Date().toISOString();
  const res = await request.post('/rest/v1/flows', {
    headers: { Authorization: `Bearer ${me.token}`, Prefer: 'return=minimal' },
    data: {
      id,
      name,
      description: 'Stored by flow-builder-cards.spec',
      status: 'draft',
      node_count: flowNodes.length,
      execution_count: 0,
      success_rate: 0,
      tags: [],
      author: 'e2e',
      flow_data: {
        nodes: flowNodes,
        edges: edges.map((e) => ({
          ...e,
          sourceHandle: null,
          targetHandle: null,
          type: 'default',
          animated: true,
          style: { stroke: '#6366f1', strokeWidth: 2 },
        })),
        viewport,
      },
      user_id: `user_${me.user_id ?? me.id}_lib_${me.library_id}`,
      created_at: now,
      updated_at: now,
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return id;
}

test('a "+" on an output and on an edge inserts a node through the picker; Ctrl/⌘-K finds a node in the palette', async ({ page }) => {
  await newFlow(page);
  const trigger = canvas(page).locator('.react-flow__node-trigger');
  await expect(trigger).toContainText('Start Trigger');
  await expect(trigger).toContainText('Start when a webhook is called');

  // the trigger's "+" → the picker → "agent" → Enter: an Agent node, connected from the trigger
  await trigger.getByRole('button', { name: 'Add a node after Start Trigger' }).click();
  const picker = page.getByRole('dialog', { name: 'Add a node after Start Trigger' });
  await expect(picker.getByRole('combobox', { name: 'Search nodes' })).toBeFocused();
  await expectNoAxeViolations(page, 'flow builder, node picker');
  await page.keyboard.type('agent');
  await expect(picker.getByRole('option')).toHaveText([/^Agent/]);
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  const agent = canvas(page).locator('.react-flow__node-llm');
  await expect(agent).toHaveCount(1);
  await expect(agent).toContainText('gpt-4.1-mini');
  await expect(agent).toBeFocused();
  const agentId = await agent.getAttribute('data-id');
  const edges = canvas(page).locator('.react-flow__edge');
  await expect(edges).toHaveCount(1);
  await expect(edges).toHaveAttribute('aria-label', `Edge from trigger-1 to ${agentId}`);

  // the trigger's output is connected now: its "+" gave way to the edge's
  await expect(trigger.getByRole('button', { name: /^Add a node after/ })).toHaveCount(0);
  // the edge's "+" (shown while the edge is hovered or selected: here by keyboard) splits it with a Condition
  await edges.first().focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add a node between Start Trigger and Agent' }).click();
  await page.keyboard.type('condition');
  await page.keyboard.press('Enter');
  const condition = canvas(page).locator('.react-flow__node-condition');
  await expect(condition).toHaveCount(1);
  const conditionId = await condition.getAttribute('data-id');
  await expect(condition.getByRole('list', { name: 'Outputs of Condition' }).getByRole('listitem')).toHaveText(['true', 'false']);
  await expect(edges).toHaveCount(2);
  await expect(canvas(page).locator(`.react-flow__edge[aria-label="Edge from trigger-1 to ${conditionId}"]`)).toHaveCount(1);
  await expect(canvas(page).locator(`.react-flow__edge[aria-label="Edge from ${conditionId} to ${agentId}"]`)).toHaveCount(1);

  // Ctrl/⌘-K from the canvas: the palette's search; Enter adds the first match
  await page.keyboard.press('ControlOrMeta+k');
  const search = page.getByRole('navigation', { name: 'Node palette' }).getByRole('searchbox', { name: 'Search nodes' });
  await expect(search).toBeFocused();
  await page.keyboard.type('slack');
  await expect(page.getByRole('navigation', { name: 'Node palette' }).getByRole('button')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(canvas(page).locator('.react-flow__node-action')).toContainText('Slack Message');

  // the minimap shows every node (the canvas draws only those in view), coloured by kind: four kinds, four colours
  const minimapNodes = canvas(page).locator('.react-flow__minimap-node');
  await expect(minimapNodes).toHaveCount(4);
  const fills = await minimapNodes.evaluateAll((els) => els.map((e) => (e as SVGElement).style.fill));
  expect(new Set(fills).size).toBe(4);

  // the inserted nodes and edges are saved
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  // reopened fitted (the viewport was never moved): all four in view
  await expect(nodes(page)).toHaveCount(4);
  await expect(edges).toHaveCount(2);
  await expectNoAxeViolations(page, 'flow builder with cards');
});

test('Fit View keeps a one-node flow at zoom 1 at most; a saved viewport that shows no node opens fitted', async ({ page, request }) => {
  await newFlow(page);
  await page.getByRole('button', { name: 'Fit View' }).click();
  await expect.poll(() => zoom(page)).toBeLessThanOrEqual(1);
  await expect(canvas(page).locator('.react-flow__node-trigger')).toBeInViewport();

  // a flow stored with its viewport far from its nodes
  const id = await insertFlow(
    request,
    'Viewport far away',
    [action('far-1', 4000, 4000, 'Far call'), action('far-2', 4400, 4000, 'Farther call')],
    [],
    {
      x: 50,
      y: 50,
      zoom: 1.5,
    },
  );
  await page.goto(`/flows/${id}`);
  await expect(nodes(page)).toHaveCount(2);
  await expect(canvas(page).getByText('Far call')).toBeInViewport();
  await expect(canvas(page).getByText('Farther call')).toBeInViewport();
  expect(await zoom(page)).toBeLessThanOrEqual(1);
});

test('edges animate on a small flow and stop animating above 150 nodes', async ({ page, request }) => {
  const chain = (count: number) => ({
    nodes: Array.from({ length: count }, (_, i) => action(`n${i}`, 100 + (i % 10) * 340, 100 + Math.floor(i / 10) * 150, `Call ${i}`)),
    edges: Array.from({ length: count - 1 }, (_, i) => ({ id: `e${i}`, source: `n${i}`, target: `n${i + 1}` })),
  });
  await signIn(page);
  const small = chain(3);
  const smallId = await insertFlow(request, 'Three calls', small.nodes, small.edges, { x: 0, y: 0, zoom: 1 });
  const large = chain(151);
  const largeId = await insertFlow(request, '151 calls', large.nodes, large.edges, { x: 0, y: 0, zoom: 1 });
  await page.goto(`/flows/${smallId}`);
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(2);
  await expect(canvas(page).locator('.react-flow__edge.animated')).toHaveCount(2);
  await page.goto(`/flows/${largeId}`);
  await expect(canvas(page).locator('.react-flow__edge').first()).toBeVisible();
  await expect(canvas(page).locator('.react-flow__edge.animated')).toHaveCount(0);
});
