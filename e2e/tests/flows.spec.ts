// AI Flows end to end (spec 02 §2.1–2.2, §8; server/README.md "Flows"): the dashboard, building a flow on
// the xyflow canvas with the mouse (palette drag-and-drop, handle-to-handle connections), rename and
// auto-save persistence, Test Flow against the local model server (it echoes the last user message), and
// Deploy → the public webhook → the recorded run.
//
// The three tests share one flow and run in order (serial): the builder test creates it, the next two
// use it. Names are unique per run so repeated runs against the same database do not collide.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, uniqueName } from './support/app.js';
import { authHeaders, setOpenAiKey, type Headers } from './support/runtime.js';

test.describe.configure({ mode: 'serial' });

const SECRET_HEADER = 'X-Accent-Flow-Secret';

let admin: Headers;
let flowId = '';
let flowName = '';

test.beforeAll(async ({ request }) => {
  admin = await authHeaders(request, 'admin');
  await setOpenAiKey(request, admin);
});

const canvas = (page: Page) => page.getByTestId('canvas');
const nodeOf = (page: Page, type: 'trigger' | 'llm' | 'condition') => canvas(page).locator(`.react-flow__node-${type}`);
const saveState = (page: Page) => page.getByText(/^(Saving…|Unsaved changes|All changes saved)$/);

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

/** Drag a palette item (an HTML5 draggable) onto the canvas at (dx, dy) from the canvas' top-left corner. */
async function dropFromPalette(page: Page, label: string, dx: number, dy: number): Promise<void> {
  const item = page.getByRole('navigation', { name: 'Node palette' }).getByRole('button', { name: new RegExp(`^${label}\\b`) });
  await item.dragTo(canvas(page), { targetPosition: { x: dx, y: dy } });
}

/** Drag with the mouse from a source handle to a target handle (xyflow's connection gesture). */
async function connectHandles(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await centre(from);
  const b = await centre(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 8 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

async function openFlow(page: Page): Promise<void> {
  expect(flowId, 'the builder test created the flow').not.toBe('');
  await login(page, 'admin');
  await page.goto(`/flows/${encodeURIComponent(flowId)}`);
  await expect(page.getByRole('button', { name: flowName, exact: true })).toBeVisible();
  await expect(nodeOf(page, 'llm')).toHaveCount(1);
}

test('admin builds a flow with the mouse: palette drops, handle connections, rename, auto-save persists', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/flows');
  await expect(page.getByRole('heading', { name: 'AI Flows', exact: true })).toBeVisible();
  // the sample flows are inserted on the first load of an empty library; other tests may add more
  await expect(page.getByText('Lead Qualification Pipeline', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Create New Flow', exact: true }).click();
  await expect(page).toHaveURL(/\/flows\/(?!new$)[^/]+$/);
  flowId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('button', { name: 'New Workflow', exact: true })).toBeVisible();
  await expect(nodeOf(page, 'trigger')).toHaveCount(1);
  await expect(nodeOf(page, 'trigger')).toContainText('Start Trigger');

  // the trigger sits at 100,100 (viewport 0,0,1): drop the agent to its right and the condition further right
  await dropFromPalette(page, 'Agent', 430, 140);
  await expect(nodeOf(page, 'llm')).toHaveCount(1);
  await expect(nodeOf(page, 'llm')).toContainText('Agent');
  await dropFromPalette(page, 'Condition', 430, 340);
  await expect(nodeOf(page, 'condition')).toHaveCount(1);
  await expect(canvas(page).locator('.react-flow__node')).toHaveCount(3);
  // a dropped node is selected: Node Properties shows it
  await expect(page.getByRole('complementary', { name: 'Node Properties' })).toContainText('condition · if_else');

  // trigger → agent → condition
  await connectHandles(page, nodeOf(page, 'trigger').locator('.react-flow__handle.source'), nodeOf(page, 'llm').locator('.react-flow__handle.target'));
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(1);
  await connectHandles(page, nodeOf(page, 'llm').locator('.react-flow__handle.source'), nodeOf(page, 'condition').locator('.react-flow__handle.target'));
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(2);

  // click-to-rename title
  flowName = uniqueName('E2E Flow');
  await page.getByRole('button', { name: 'New Workflow', exact: true }).click();
  const nameInput = page.getByRole('textbox', { name: 'Flow name', exact: true });
  await nameInput.fill(flowName);
  await nameInput.press('Enter');
  await expect(page.getByText('Workflow renamed successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: flowName, exact: true })).toBeVisible();

  // auto-save after 2 s of quiet
  await expect(saveState(page)).toHaveText('All changes saved', { timeout: 15_000 });

  await page.reload();
  await expect(page.getByRole('button', { name: flowName, exact: true })).toBeVisible();
  await expect(canvas(page).locator('.react-flow__node')).toHaveCount(3);
  await expect(nodeOf(page, 'trigger')).toContainText('Start Trigger');
  await expect(nodeOf(page, 'llm')).toHaveCount(1);
  await expect(nodeOf(page, 'condition')).toHaveCount(1);
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(2);
  // the edges join the right nodes (xyflow labels an edge "Edge from <source> to <target>")
  const [triggerId, llmId, conditionId] = await Promise.all(
    (['trigger', 'llm', 'condition'] as const).map((t) => nodeOf(page, t).getAttribute('data-id')),
  );
  await expect(canvas(page).locator(`.react-flow__edge[aria-label="Edge from ${triggerId} to ${llmId}"]`)).toHaveCount(1);
  await expect(canvas(page).locator(`.react-flow__edge[aria-label="Edge from ${llmId} to ${conditionId}"]`)).toHaveCount(1);
});

test('Test Flow runs the saved graph against the local model server and shows per-node results', async ({ page }) => {
  await openFlow(page);
  await nodeOf(page, 'llm').click();
  const props = page.getByRole('complementary', { name: 'Node Properties' });
  await expect(props).toContainText('llm · openai');
  await props.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Echo {{payload.msg}}');
  await expect(nodeOf(page, 'llm')).toContainText('Echo {{payload.msg}}');

  await page.getByRole('button', { name: 'Test Flow', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Test Flow' });
  await panel.getByRole('textbox', { name: 'Test payload (JSON)' }).fill('{"msg":"hi"}');
  await panel.getByRole('button', { name: 'Run', exact: true }).click();

  const results = panel.getByRole('region', { name: 'Run results' });
  await expect(results).toBeVisible({ timeout: 30_000 });
  const item = (label: string) => results.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(label) }) });
  await expect(item('Start Trigger').getByRole('button')).toContainText('succeeded');
  const agent = item('Agent');
  await expect(agent.getByRole('button')).toContainText('succeeded');
  await agent.getByRole('button').click();
  await expect(agent.locator('pre').last()).toContainText('Echo hi');
  // the canvas cards carry the run's badges too
  await expect(nodeOf(page, 'llm').locator('[data-testid^="result-"]')).toContainText('succeeded');

  // the test run is recorded (trigger test)
  const res = await page.request.get(`/api/v1/flows/${encodeURIComponent(flowId)}/runs`, { headers: admin });
  expect(res.status(), await res.text()).toBe(200);
  const { runs } = (await res.json()) as { runs: { trigger: string; status: string }[] };
  expect(runs.some((r) => r.trigger === 'test' && r.status === 'succeeded')).toBe(true);
});

test('Deploy shows the webhook URL and secret; the webhook queues a run that succeeds; a wrong secret is 401', async ({ page, request }) => {
  await openFlow(page);
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Flow deployed' });
  await expect(dialog).toBeVisible();
  const webhookUrl = await dialog.getByLabel('Webhook URL', { exact: true }).inputValue();
  const secret = await dialog.getByLabel('Secret', { exact: true }).inputValue();
  expect(webhookUrl).toMatch(new RegExp(`/api/v1/flows/${encodeURIComponent(flowId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/webhook$`));
  expect(secret.length).toBeGreaterThan(8);
  await expect(dialog.getByLabel('Secret header', { exact: true })).toHaveValue(SECRET_HEADER);
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Undeploy', exact: true })).toBeVisible();

  const wrong = await request.post(webhookUrl, { headers: { [SECRET_HEADER]: `${secret}x` }, data: { msg: 'from webhook' } });
  expect(wrong.status(), await wrong.text()).toBe(401);
  const none = await request.post(webhookUrl, { data: { msg: 'from webhook' } });
  expect(none.status(), await none.text()).toBe(401);

  const res = await request.post(webhookUrl, { headers: { [SECRET_HEADER]: secret }, data: { msg: 'from webhook' } });
  expect(res.status(), await res.text()).toBe(202);
  const { run_id: runId } = (await res.json()) as { run_id: string };
  expect(runId).toBeTruthy();

  type Run = { id: string; trigger: string; status: string; error: string | null; nodes: { label?: string; nodeId: string; status: string; output?: unknown }[] };
  let run: Run | undefined;
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/v1/flows/${encodeURIComponent(flowId)}/runs`, { headers: admin });
        expect(r.status(), await r.text()).toBe(200);
        run = ((await r.json()) as { runs: Run[] }).runs.find((x) => x.id === runId);
        return run?.status;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe('succeeded');
  expect(run!.trigger).toBe('webhook');
  expect(run!.error).toBeNull();
  expect(JSON.stringify(run!.nodes)).toContain('Echo from webhook');

  // the builder's Runs panel (when the builder offers it) lists the run
  const runsButton = page.getByRole('button', { name: 'Runs', exact: true });
  if ((await runsButton.count()) > 0) {
    await runsButton.click();
    const panel = page.getByRole('complementary', { name: 'Runs' });
    await expect(panel.getByTestId(`run-${runId}`)).toContainText('succeeded', { timeout: 15_000 });
  } else {
    test.info().annotations.push({ type: 'note', description: 'the builder has no Runs button yet: the UI check of the run was skipped' });
  }
});
