// No one's private file reaches another person's agent: member A stores a private file in the library's
// documents (/storage/v1, not shared); an administrator makes a knowledge agent open to all users (the
// model server's knowledge-reader model searches the knowledge base with the question and answers with
// the first passage). Member B, a second member created through the admin API, asks it about A's file on
// /chatbots: the answer and B's trace hold neither the file's name nor its text. A, asking the same,
// gets the answer from the file: the agent does read the files its user may read.
import { expect, test } from '@playwright/test';
import { apiLogin, submitLogin, uniqueName } from './support/app.js';
import { authHeaders, getRun, listRuns, saveKnowledgeAgent, setOpenAiKey } from './support/runtime.js';

test("a second member's knowledge agent never answers from the first member's private file", async ({ page, request }) => {
  const admin = await authHeaders(request, 'admin');
  await setOpenAiKey(request, admin);
  const tag = uniqueName('x').split(' ')[1];
  const agent = uniqueName('Knowledge desk');
  const fileName = `private-${tag}.txt`;
  const secret = `The ${tag} merger codename is Bluefin${tag}`;
  const question = `What is the ${tag} merger codename?`;

  // ---- member A's private file (a member stores as their own: not shared) ----
  const a = await apiLogin(request, 'member');
  const stored = await request.post(`/storage/v1/object/documents/${fileName}`, {
    headers: { Authorization: `Bearer ${a.token}`, 'content-type': 'text/plain' },
    data: Buffer.from(`${secret}.\n`),
  });
  expect(stored.status(), await stored.text()).toBe(200);

  // ---- member B, created by the administrator; B cannot read A's file directly ----
  const b = { email: `member-b-${tag}@accent.local`, password: 'second-member-42' };
  const created = await request.post('/api/v1/admin/users', { headers: admin, data: { ...b, name: `Member B ${tag}`, role: 'member' } });
  expect(created.status(), await created.text()).toBe(201);
  const bLogin = await request.post('/api/auth/login', { data: { environment: 'lo-n02', library: 'sales2', ...b } });
  expect(bLogin.status()).toBe(200);
  const bHeaders = { Authorization: `Bearer ${(await bLogin.json()).token as string}` };
  expect((await request.get(`/storage/v1/object/documents/${fileName}`, { headers: bHeaders })).status()).toBe(404);

  // ---- the knowledge agent, open to all users, as a chatbot ----
  await saveKnowledgeAgent(request, admin, {
    name: agent,
    description: 'Answers from the internal knowledge base',
    chatbot: true,
    settings: { access: ['all_users'] },
  });

  // ---- member B asks on /chatbots ----
  await page.goto('/login');
  await submitLogin(page, b);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/chatbots');
  await page.getByRole('list', { name: 'Chatbots' }).getByRole('link', { name: agent }).click();
  await expect(page.getByRole('heading', { level: 1, name: agent, exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = page
    .getByRole('log', { name: 'Conversation' })
    .getByRole('listitem')
    .filter({ hasText: `${agent} said:` });
  await expect(answer).toHaveCount(1);
  await expect(answer).not.toContainText('Bluefin');
  await expect(answer).not.toContainText(fileName);

  // B's trace: what the search handed the model
  const bRuns = (await listRuns(request, bHeaders, agent)).filter((r) => r.source === 'chatbot');
  expect(bRuns).toHaveLength(1);
  const bRun = await getRun(request, bHeaders, bRuns[0].id);
  expect(bRun.trace?.steps[0].tool_calls.map((c) => c.tool)).toEqual(['internal knowledge base search']);
  const bTrace = JSON.stringify(bRun.trace);
  expect(bTrace).not.toContain('Bluefin');
  expect(bTrace).not.toContain(fileName);

  // ---- member A, asking the same, is answered from their own file ----
  const aAnswer = await request.post('/api/v1/agent/invoke', {
    headers: { Authorization: `Bearer ${a.token}` },
    data: { name: agent, query: question, source: 'api' },
  });
  expect(aAnswer.status(), await aAnswer.text()).toBe(200);
  const aText = await aAnswer.text();
  expect(aText).toContain(`Bluefin${tag}`);
  expect(aText).toContain(`(Source: ${fileName})`);
});
