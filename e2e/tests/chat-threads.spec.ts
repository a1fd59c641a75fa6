// Chatbots and Agent Test keep the visible conversation across a reload and show each tool call inline
// (issue 25 item 9). The agent's step uses the model server's knowledge-reader model, which searches the
// knowledge base with the question before it answers, so every turn has one tool call.
import { expect, test, type Page } from '@playwright/test';
import { login, uniqueName } from './support/app.js';
import { authHeaders, saveAgent, setOpenAiKey } from './support/runtime.js';

const TOOL_LINE = /Searched knowledge base · \d+ results?/;

async function knowledgeAgent(request: Parameters<typeof authHeaders>[0], name: string): Promise<void> {
  const headers = await authHeaders(request);
  await setOpenAiKey(request, headers);
  await saveAgent(request, headers, {
    name,
    chatbot: true,
    steps: [{ name: 'Answer', model: 'knowledge-reader', tools: ['internal knowledge base search'] }],
  });
}

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

test('a chatbot shows its thread again after a reload, each answer with its tool use inline', async ({ page, request }) => {
  const name = uniqueName('Thread bot');
  await knowledgeAgent(request, name);
  await login(page, 'admin');
  await page.goto(`/chatbots?agent=${encodeURIComponent(name)}`);
  await page.getByLabel('Message', { exact: true }).fill('What is the refund policy?');
  await page.keyboard.press('Enter');
  const log = conversation(page);
  await expect(log.getByRole('list', { name: 'Tool use' })).toHaveText(TOOL_LINE);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('And for annual plans?');
  await page.keyboard.press('Enter');
  await expect(log.getByRole('list', { name: 'Tool use' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  const before = await log.textContent();

  await page.reload();
  await expect(conversation(page).getByText('What is the refund policy?')).toBeVisible();
  await expect(conversation(page).getByText('And for annual plans?')).toBeVisible();
  await expect(conversation(page).getByRole('list', { name: 'Tool use' })).toHaveCount(2);
  await expect(conversation(page).getByRole('list', { name: 'Tool use' }).first()).toHaveText(TOOL_LINE);
  await expect(page.getByText(/You are continuing your earlier conversation/)).toHaveCount(0);
  expect(await conversation(page).textContent()).toBe(before);
});

test('Agent Test shows the tool use of a run, and its runs are still listed after a reload', async ({ page, request }) => {
  const name = uniqueName('Tested agent');
  await knowledgeAgent(request, name);
  await login(page, 'admin');
  await page.goto(`/agent-test?agent=${encodeURIComponent(name)}`);
  await page.getByLabel('Query', { exact: true }).fill('What is the refund policy?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const run = page.getByRole('region', { name: 'Run', exact: true });
  await expect(run.getByRole('list', { name: 'Tool use' })).toHaveText(TOOL_LINE);
  const recent = page.getByRole('region', { name: 'Recent runs from this page' });
  await expect(recent.getByText('What is the refund policy?')).toBeVisible();

  await page.reload();
  await expect(recent.getByText('What is the refund policy?')).toBeVisible();
  await expect(recent.getByRole('list', { name: 'Tool use' })).toHaveText(TOOL_LINE);
});
