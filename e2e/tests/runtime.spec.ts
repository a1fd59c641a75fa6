// The agent runtime end to end (spec 01 §2 "Agent editor" Test Agent modal, §7 invoke, §8 test-run errors;
// server/README.md "Agent runtime"): runs through the real server against the local OpenAI-compatible
// model server, which echoes the last user message, so every answer is known in advance.
import { expect, test, type Page } from '@playwright/test';
import { login, toast, uniqueName } from './support/app.js';
import { authHeaders, editorPath, getRun, listRuns, saveAgent, setOpenAiKey, withRequest } from './support/runtime.js';

const ANTHROPIC_MISSING_KEY =
  'No API key for Anthropic. An administrator can add one in Admin → Model providers, or set ANTHROPIC_API_KEY on the server.';

// The app server starts without an OpenAI key. Store one as an admin before any test here, whatever
// ran before (admin.spec may replace it with its own value: the local model server accepts any key).
test.beforeAll(({ playwright }, testInfo) =>
  withRequest(playwright, testInfo, async (request) => {
  const headers = await authHeaders(request, 'admin');
  await setOpenAiKey(request, headers);
  // The error test relies on Anthropic having no key at all.
  const res = await request.get('/api/v1/admin/credentials', { headers });
  expect(res.status()).toBe(200);
  const anthropic = (await res.json()).credentials.find((c: { kind: string; key: string }) => c.kind === 'provider' && c.key === 'anthropic');
  expect(anthropic, 'Anthropic must stay unconfigured for the 424 test').toMatchObject({ configured: false });
  }),
);

/** A run's unique parts: an agent name, and a parameter value that the echoed answer contains. */
function fixture(prefix: string) {
  const name = uniqueName(prefix);
  const guest = `Ada ${name.split(' ').at(-1)}`;
  const query = `Greet the guest of ${name}`;
  return { name, guest, query, answer: `Say hello to ${guest}: ${query}` };
}

/** Opens the saved agent in the editor (deep link) and waits for its configuration. */
async function openEditor(page: Page, name: string) {
  await page.goto(editorPath(name));
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}`, exact: true })).toBeVisible();
  await expect(page.getByText('Loading agent configuration...')).toHaveCount(0);
}

function testModal(page: Page, name: string) {
  return page.getByRole('dialog', { name: `Test Agent: ${name}`, exact: true });
}

test('Test Agent runs the saved agent against the model and the run shows in the Runs tab with its trace', async ({ page, request }) => {
  const { name, guest, query, answer } = fixture('E2E Greeter');
  await saveAgent(request, await authHeaders(request), { name, query, params: { name: guest }, steps: [{ name: 'Greet', query: 'Say hello to {{name}}: {{query}}' }] });

  await login(page, 'admin');
  await openEditor(page, name);

  // ---- The modal opens with the agent's query and params, and no result yet ----
  await page.getByRole('button', { name: 'Test Agent', exact: true }).click();
  const modal = testModal(page, name);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Query', exact: true })).toHaveValue(query);
  await expect(modal.getByRole('textbox', { name: 'Parameter 1 name', exact: true })).toHaveValue('name');
  await expect(modal.getByRole('textbox', { name: 'Value of name', exact: true })).toHaveValue(guest);
  await expect(modal.getByRole('heading', { name: 'Test Results', exact: true })).toHaveCount(0);

  // ---- Run: the echoed answer (the step's prompt with the param filled in) and the elapsed time ----
  await modal.getByRole('button', { name: 'Run Test', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Test Results', exact: true })).toBeVisible();
  await expect(modal.getByTestId('run-answer')).toHaveText(answer);
  await expect(modal.getByText(/^Completed in \d+ ms$/)).toBeVisible();
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Run Again', exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // ---- Runs tab: the run, then its trace ----
  await page.getByRole('tab', { name: 'Runs', exact: true }).click();
  const runs = page.getByRole('table', { name: `Recent runs of ${name}` });
  const row = runs.getByRole('row').filter({ hasText: answer });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Editor test');
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText('admin@accent.local');
  await row.getByRole('button', { name: /^View trace of the run at / }).click();

  const trace = page.getByRole('dialog', { name: 'Run trace', exact: true });
  await expect(trace).toBeVisible();
  await expect(trace.getByText('Loading trace...')).toHaveCount(0);
  await expect(trace.getByRole('heading', { name: 'Step 1: Greet', exact: true })).toBeVisible();
  await expect(trace.getByText('openai / gpt-4o-mini', { exact: true })).toBeVisible();
  // the prompt as sent: the param filled in
  const input = trace.getByRole('region', { name: 'Input', exact: true });
  await expect(input.getByText(query, { exact: true })).toBeVisible();
  await expect(input.getByRole('row', { name: `name ${guest}` })).toBeVisible();
  const steps = trace.getByRole('region', { name: 'Steps', exact: true });
  // the prompt places {{query}}, so it is the user's message as sent; then the Output block
  await expect(steps.getByRole('list', { name: 'Messages sent to the model', exact: true }).getByRole('listitem')).toHaveText([`User${answer}`]);
  await expect(steps.locator('pre').filter({ hasText: /^Say hello to / })).toHaveText([answer, answer]);
  await expect(steps).not.toContainText('{{name}}');
  await expect(trace.getByRole('region', { name: 'Output', exact: true })).toContainText(answer);
  await expect(trace).toContainText('Editor test');
});

test('a test run of a step whose provider has no key shows the HTTP error and what to do', async ({ page, request }) => {
  const name = uniqueName('E2E Anthropic');
  await saveAgent(request, await authHeaders(request), { name, query: 'Say something', steps: [{ name: 'Claude', query: 'Say something', provider: 'anthropic', model: 'claude-3-haiku' }] });

  await login(page, 'admin');
  await openEditor(page, name);
  await page.getByRole('button', { name: 'Test Agent', exact: true }).click();
  const modal = testModal(page, name);
  await modal.getByRole('button', { name: 'Run Test', exact: true }).click();

  await expect(modal.getByRole('heading', { name: 'Test Results', exact: true })).toBeVisible();
  const error = modal.getByRole('alert');
  await expect(error).toBeVisible();
  await expect(error.getByText('Error', { exact: true })).toBeVisible();
  // spec 01 §8: HTTP {status}: {statusText}; the server's detail says where to add the key
  await expect(error.getByText('HTTP 424: Failed Dependency', { exact: true })).toBeVisible();
  await expect(error.getByText(ANTHROPIC_MISSING_KEY, { exact: true })).toBeVisible();
  await expect(modal.getByTestId('run-answer')).toHaveCount(0);

  // The failed run is recorded with its reason.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Runs', exact: true }).click();
  const row = page.getByRole('table', { name: `Recent runs of ${name}` }).getByRole('row').filter({ hasText: 'No API key for Anthropic' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Failed');
});

test('/agent-test runs a chosen agent with its prefilled query and edited params', async ({ page, request }) => {
  const { name, guest, query, answer } = fixture('E2E Tester');
  await saveAgent(request, await authHeaders(request), { name, query, params: { name: guest }, steps: [{ name: 'Greet', query: 'Say hello to {{name}}: {{query}}' }] });

  await login(page, 'admin');
  await page.goto('/agent-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Test', exact: true })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Agent', exact: true });
  await picker.selectOption({ label: name });
  await expect(page).toHaveURL(new RegExp(`[?&]agent=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}`));

  const form = page.getByRole('region', { name: 'Agent and inputs', exact: true });
  await expect(form.getByRole('textbox', { name: 'Query', exact: true })).toHaveValue(query);
  await expect(form.getByRole('textbox', { name: 'Value of name', exact: true })).toHaveValue(guest);
  await form.getByRole('button', { name: 'Run', exact: true }).click();

  const result = page.getByRole('region', { name: 'Run', exact: true });
  await expect(result.getByRole('heading', { name: 'Result', exact: true })).toBeVisible();
  await expect(result.getByTestId('run-answer')).toHaveText(answer);
  await expect(result.getByText(/^Completed in \d+ ms$/)).toBeVisible();

  // A changed parameter value is what the step gets.
  const other = `Grace ${guest.split(' ')[1]}`;
  await form.getByRole('textbox', { name: 'Value of name', exact: true }).fill(other);
  await form.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(result.getByTestId('run-answer')).toHaveText(`Say hello to ${other}: ${query}`);

  // Both runs are recorded as "agent-test" runs of this agent.
  const recorded = await listRuns(request, await authHeaders(request), name);
  expect(recorded.map((r) => [r.source, r.status, r.output])).toEqual([
    ['agent-test', 'succeeded', `Say hello to ${other}: ${query}`],
    ['agent-test', 'succeeded', answer],
  ]);
});

test('an agent made available as a chatbot chats on /chatbots in one thread', async ({ page, request }) => {
  const name = uniqueName('E2E Chatbot');
  const tag = name.split(' ').at(-1)!;
  const first = `Hello there ${tag}`;
  const second = `Tell me more ${tag}`;
  // No step prompt: the step's prompt is the chat message, which the model echoes.
  await saveAgent(request, await authHeaders(request), { name, steps: [{ name: 'Chat', query: '' }] });

  await login(page, 'admin');
  await openEditor(page, name);
  await page.getByRole('tab', { name: 'Basic Info', exact: true }).click();
  const chatbot = page.getByRole('checkbox', { name: 'Available as a chatbot', exact: true });
  await expect(chatbot).not.toBeChecked();
  await chatbot.check();
  await page.getByRole('button', { name: 'Save Agent', exact: true }).click();
  await expect(toast(page, 'Agent Saved!').first()).toBeVisible();

  await page.goto('/chatbots');
  await expect(page.getByRole('heading', { level: 1, name: 'Chatbots', exact: true })).toBeVisible();
  await page.getByRole('list', { name: 'Chatbots' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();

  const log = page.getByRole('log', { name: 'Conversation' });
  const message = page.getByRole('textbox', { name: 'Message', exact: true });
  const answers = log.getByRole('listitem').filter({ hasText: `${name} said:` });

  await message.fill(first);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answers).toHaveCount(1);
  await expect(answers.nth(0)).toContainText(first);

  await message.fill(second);
  await message.press('Enter');
  await expect(answers).toHaveCount(2);
  await expect(answers.nth(1)).toContainText(second);
  await expect(log.getByRole('listitem').filter({ hasText: 'You said:' })).toHaveCount(2);

  // The second request carried the thread: same thread id, and the first exchange sent as history.
  const headers = await authHeaders(request);
  const runs = (await listRuns(request, headers, name)).filter((r) => r.source === 'chatbot');
  expect(runs.map((r) => [r.status, r.input.query, r.output])).toEqual([
    ['succeeded', second, second],
    ['succeeded', first, first],
  ]);
  expect(runs[0].thread_id).not.toBe('');
  expect(runs[0].thread_id).toBe(runs[1].thread_id);
  const [latest, earliest] = await Promise.all([getRun(request, headers, runs[0].id), getRun(request, headers, runs[1].id)]);
  expect(earliest.trace?.steps[0].history_messages).toBe(0);
  expect(latest.trace?.steps[0].history_messages).toBe(2);

  // The same, as the editor's Runs tab shows it.
  await openEditor(page, name);
  await page.getByRole('tab', { name: 'Runs', exact: true }).click();
  const row = page.getByRole('table', { name: `Recent runs of ${name}` }).getByRole('row').filter({ hasText: second });
  await expect(row).toContainText('Chatbot');
  await row.getByRole('button', { name: /^View trace of the run at / }).click();
  const trace = page.getByRole('dialog', { name: 'Run trace', exact: true });
  await expect(trace.getByText('2 earlier messages', { exact: true })).toBeVisible();
  await expect(trace.getByText(runs[0].thread_id, { exact: true })).toBeVisible();
});
