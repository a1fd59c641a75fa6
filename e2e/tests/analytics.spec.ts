// Analytics end to end: runs made through the real runtime (against the local model server, priced at
// gpt-4o-mini's seeded list price) appear in the administrator's Analytics with the right counts, tokens
// and cost, and in the member's /end-user/analytics as their own runs only.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, uniqueName } from './support/app.js';
import { authHeaders, getRun, listRuns, saveAgent, type Headers, useOpenAiKey } from './support/runtime.js';

/** gpt-4o-mini's seeded list price, USD per million tokens (input, output) */
const PRICE = { input: 0.15, output: 0.6 };

useOpenAiKey();

async function invoke(request: APIRequestContext, headers: Headers, name: string, query: string) {
  const res = await request.post('/api/v1/agent/invoke', { headers, data: { name, query, params: {} } });
  expect(res.status(), await res.text()).toBe(200);
  const run = await getRun(request, headers, String(res.headers()['x-run-id']));
  expect(run.status).toBe('succeeded');
  // the run's token counts (the support type leaves them out)
  const { usage } = run as typeof run & { usage: { inputTokens: number; outputTokens: number } };
  // the database rounds each run's cost to a millionth of a dollar
  const cost = Math.round(usage.inputTokens * PRICE.input + usage.outputTokens * PRICE.output) / 1e6;
  return { usage, cost };
}

async function filterTo(page: Page, agent: string) {
  await page.getByRole('combobox', { name: 'Period' }).selectOption('24h');
  await page.getByRole('combobox', { name: 'Agent' }).selectOption(agent);
}

test('runs made through the runtime appear in the charts’ tables with their counts, tokens and cost', async ({ page, browser, request }) => {
  const admin = await authHeaders(request, 'admin');
  const member = await authHeaders(request, 'member');
  const name = uniqueName('E2E Analytics');
  await saveAgent(request, admin, { name, steps: [{ name: 'Answer', query: '', model: 'gpt-4o-mini' }] });

  const runs = [
    await invoke(request, admin, name, 'First question for analytics'),
    await invoke(request, admin, name, 'Second, somewhat longer question for analytics'),
    await invoke(request, member, name, 'The member asks too'),
  ];
  const tokensIn = runs.reduce((n, r) => n + r.usage.inputTokens, 0);
  const tokensOut = runs.reduce((n, r) => n + r.usage.outputTokens, 0);
  const cost = runs.reduce((n, r) => n + r.cost, 0);
  const usd = (n: number) => `$${n.toFixed(n >= 0.01 ? 4 : 6)}`;

  // ---- The administrator: the library's runs of this agent ----
  await login(page, 'admin');
  await page.goto('/admin?tab=analytics');
  await filterTo(page, name);
  await expect(page.getByTestId('analytics-runs')).toHaveText('3');
  await expect(page.getByTestId('analytics-success')).toHaveText('100.0%');
  await expect(page.getByTestId('analytics-tokens-in')).toHaveText(tokensIn.toLocaleString('en-US'));
  await expect(page.getByTestId('analytics-tokens-out')).toHaveText(tokensOut.toLocaleString('en-US'));
  await expect(page.getByTestId('analytics-cost')).toHaveText(usd(cost));

  // the runs chart's table: this hour holds the three runs
  const runsCard = page.getByRole('region', { name: 'Runs over time' });
  await runsCard.getByRole('button', { name: 'Show table' }).click();
  const rows = runsCard.getByRole('table', { name: 'Runs over time' }).getByRole('row');
  await expect(rows).toHaveCount(25); // the header and 24 hours, empty ones included
  await expect(rows.last().getByRole('cell')).toHaveText(['3', '3', '0']);

  // the top agents' table: the agent with its runs, tokens and cost
  const agents = page.getByRole('region', { name: 'Top agents' });
  await agents.getByRole('button', { name: 'Show table' }).click();
  const row = agents.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row.getByRole('cell')).toHaveText(['3', '0', tokensIn.toLocaleString('en-US'), tokensOut.toLocaleString('en-US'), usd(cost)]);

  // its CSV holds the same figures
  const download = page.waitForEvent('download');
  await agents.getByRole('button', { name: 'Download CSV: Top agents' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^top-agents-.*\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(`${name},3,0,${tokensIn},${tokensOut},${Number(cost.toFixed(6))}`);

  // ---- The member: their own run only ----
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const memberPage = await context.newPage();
    await login(memberPage, 'member');
    await memberPage.goto('/end-user/analytics');
    await filterTo(memberPage, name);
    await expect(memberPage.getByTestId('analytics-runs')).toHaveText('1');
    await expect(memberPage.getByTestId('analytics-cost')).toHaveText(usd(runs[2].cost));
    await expect(memberPage.getByRole('combobox', { name: 'User' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a failing run is listed in Top failures and its link opens the run’s trace in the agent editor', async ({ page, request }) => {
  const admin = await authHeaders(request, 'admin');
  const name = uniqueName('E2E Failing');
  // Anthropic has no key on the e2e server: the run fails before any model call, and is recorded
  await saveAgent(request, admin, { name, steps: [{ name: 'Answer', query: '', provider: 'anthropic', model: 'claude-3-haiku' }] });
  const res = await request.post('/api/v1/agent/invoke', { headers: admin, data: { name, query: 'Will this work?', params: {} } });
  expect(res.status()).toBe(424);
  const [run] = await listRuns(request, admin, name);
  expect(run.status).toBe('failed');
  const runId = run.id;

  await login(page, 'admin');
  await page.goto('/admin?tab=analytics');
  await filterTo(page, name);
  await expect(page.getByTestId('analytics-runs')).toHaveText('1');
  await expect(page.getByTestId('analytics-success')).toHaveText('0.0%');
  const failures = page.getByRole('table', { name: 'Top failures' });
  await expect(failures.getByRole('row', { name: new RegExp(name) })).toContainText('No API key for Anthropic');
  await failures.getByRole('link', { name: new RegExp(`^Run ${runId.slice(0, 8)}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/edit/.*\\?run=${runId}$`));
  const trace = page.getByRole('dialog', { name: 'Run trace' });
  await expect(trace).toBeVisible();
  await expect(trace).toContainText('No API key for Anthropic');
});
