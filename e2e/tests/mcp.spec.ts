// Tools from an MCP server end to end: an administrator lets the library reach loopback (Settings →
// allowed hosts), adds an MCP server in Admin → MCP servers (a real one started here with the official SDK,
// behind a bearer token) after Test connection lists its tools, attaches its "Find contact" tool to an
// agent's step in the editor, and Test Agent shows the tool's answer; the run's trace shows the call.
// The agent's step uses the model server's tool-caller model, which calls the tool it is offered.
import { expect, test } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { allowLoopback, CRM_TOKEN, startCrm, type Crm } from './support/mcp-crm.js';
import { authHeaders, editorPath, saveAgent, setOpenAiKey } from './support/runtime.js';

const PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199);
// one of this spec's own ports, clear of the suite's servers (PORT .. PORT + 7)
const MCP_PORT = Number(process.env.ACCENT_E2E_MCP_PORT ?? PORT + 10);
const TOKEN = CRM_TOKEN;

let crm: Crm;
test.beforeAll(async ({ request }) => {
  crm = await startCrm(MCP_PORT);
  await allowLoopback(request);
});
// loopback stays allowed: mcp-flow.spec may be using it at the same time (the database is the run's own)
test.afterAll(async () => {
  await crm?.close();
});

test('an admin adds an MCP server, attaches its tool to a step, and Test Agent shows the answer and the call', async ({ page, request }) => {
  const headers = await authHeaders(request, 'admin');
  await setOpenAiKey(request, headers);
  const server = uniqueName('CRM');
  const agent = uniqueName('Contact finder');
  const tool = `${server} » Find contact`;

  // ---- Admin → MCP servers: test the connection, then add the server ----
  await login(page, 'admin');
  await page.goto('/admin?tab=mcp-servers');
  const form = page.getByRole('form', { name: 'Add MCP server' });
  await form.getByRole('textbox', { name: 'Name' }).fill(server);
  await form.getByRole('textbox', { name: 'Server URL' }).fill(`${crm.url}/mcp`);
  await form.getByRole('combobox', { name: 'Authentication' }).selectOption('bearer');
  await form.getByLabel('Token or header value').fill(TOKEN);
  await form.getByRole('button', { name: 'Test connection', exact: true }).click();
  await expect(form.getByRole('list', { name: 'Tools found' })).toContainText('Find contact — Finds a contact in the CRM by name');
  await form.getByRole('button', { name: 'Add server', exact: true }).click();
  const row = page.getByRole('table', { name: 'MCP servers' }).getByRole('row').filter({ hasText: server });
  await expect(row).toContainText('Find contact');

  // ---- the agent: its step gets the MCP tool in the editor ----
  await saveAgent(request, headers, {
    name: agent,
    query: 'Who is Ada?',
    steps: [{ name: 'Look up', query: '{{query}}', model: 'tool-caller' }],
  });
  await page.goto(editorPath(agent));
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${agent}`, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Tools & Integrations' }).click();
  await expect(page.getByRole('group', { name: `${server} (MCP)` }).getByRole('checkbox', { name: tool })).toBeVisible();
  await page.getByRole('tab', { name: 'Steps', exact: true }).click();
  await page.getByRole('combobox', { name: 'Tool for step 1' }).selectOption({ label: tool });
  await page.getByRole('button', { name: 'Add Tool', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Tools of step 1' })).toContainText(tool);
  await page.getByRole('button', { name: 'Save Agent', exact: true }).click();
  await expect(toast(page, 'Agent Saved!').first()).toBeVisible();

  // ---- Test Agent (the saved agent; saving closed the editor): the tool's answer ----
  await page.goto(editorPath(agent));
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${agent}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Test Agent', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Test Agent: ${agent}`, exact: true });
  await modal.getByRole('button', { name: 'Run Test', exact: true }).click();
  await expect(modal.getByTestId('run-answer')).toHaveText('Tool answered: Ada Lovelace <ada@example.com>, Analytical Engines Ltd');
  expect(crm.calls).toEqual([{ tool: 'find_contact', args: { name: 'Who is Ada?' } }]);
  await page.keyboard.press('Escape');

  // ---- the run's trace: the call, its input and output ----
  await page.getByRole('tab', { name: 'Runs', exact: true }).click();
  await page
    .getByRole('table', { name: `Recent runs of ${agent}` })
    .getByRole('button', { name: /^View trace of the run at / })
    .first()
    .click();
  const trace = page.getByRole('dialog', { name: 'Run trace', exact: true });
  await expect(trace.getByText('Loading trace...')).toHaveCount(0);
  await expect(trace.getByText('Tool calls (1)')).toBeVisible();
  await expect(trace.getByText(tool, { exact: true }).first()).toBeVisible();
  await expect(trace).toContainText('Ada Lovelace <ada@example.com>, Analytical Engines Ltd');
});
