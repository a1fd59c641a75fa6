// Missions end to end (spec 01 §3 Mission, Schedule; §9 schedule text; docs/missions-contract.md): an end
// user creates a scheduled mission and runs it now; the run goes through pg-boss and the agent runtime
// against the local model server (which echoes the last user message, so the output is the mission's
// prompt with its parameters filled in); the results feed shows it; admins see every mission of the
// library; the agents dashboard links to an agent's missions; row-level security keeps private missions
// private through the gateway.
import { expect, test, type Page } from '@playwright/test';
import { agentCard, login, toast, uniqueName } from './support/app.js';
import { dashboard, openAgents } from './support/agents.js';
import { caller, deleteMissions, escapeRegExp, farTime, insertMission, runMissionNow, select, waitForRun, type Caller, type MissionRow } from './support/missions.js';
import { authHeaders, saveAgent, useOpenAiKey, withRequest } from './support/runtime.js';

/** Missions created here, deleted after the file (by an admin: RLS lets admins delete any). */
const created: string[] = [];

useOpenAiKey();

test.afterAll(({ playwright }, testInfo) =>
  withRequest(playwright, testInfo, async (request) => deleteMissions(request, await caller(request, 'admin'), created.splice(0))),
);

/**
 * An agent of its own per test (so mission counts are exact): one OpenAI step with no prompt of its
 * own, so it runs the mission's prompt; saved without access settings, i.e. All Users.
 */
async function missionAgent(request: Parameters<typeof authHeaders>[0], prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  await saveAgent(request, await authHeaders(request, 'admin'), { name, steps: [{ name: 'Carry out', query: '' }] });
  return name;
}

function missionCard(page: Page, name: string) {
  return page.getByRole('list', { name: 'My missions', exact: true }).getByRole('article', { name, exact: true });
}

/** A fact of a card (<dt>term</dt><dd>value</dd>): the value. */
function fact(scope: ReturnType<typeof missionCard>, term: string) {
  return scope.locator('dl > div').filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${escapeRegExp(term)}$`) }) }).locator('dd');
}

function missionsTable(page: Page) {
  return page.getByRole('table', { name: /^Missions \(\d+\)$/ });
}

/** The dashboard row of a mission (its name is the row header). */
function missionRow(page: Page, name: string) {
  return missionsTable(page).getByRole('row').filter({ has: page.getByRole('rowheader').getByRole('link', { name, exact: true }) });
}

/** The dashboard's columns by header, for reading a row's cells. */
const COLUMNS = ['Name', 'Agent', 'Schedule', 'Status · scope', 'Last run', 'Next run', 'Executions', 'Success rate'] as const;
function cell(row: ReturnType<typeof missionRow>, column: (typeof COLUMNS)[number]) {
  return row.locator('th, td').nth(COLUMNS.indexOf(column));
}

async function openMissionsDashboard(page: Page, path = '/missions') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Missions', exact: true })).toBeVisible();
  await expect(page.getByText('Loading missions...')).toHaveCount(0);
}

test('a member creates a daily mission, runs it now and reads the full result; an admin sees it with its counters', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const agent = await missionAgent(request, 'E2E Mission Agent');
  const name = uniqueName('E2E Daily Mission');
  const customer = `Acme ${name.split(' ').at(-1)}`;
  const time = farTime();
  const schedule = `Daily at ${time}`;
  // Five lines: the feed shows the first three, the result dialog all of them.
  const promptLines = ['Summarise the open support tickets of {{customer}}.', 'List the three oldest first.', 'Flag anything overdue.', 'Suggest one next step.', 'Sign as the support desk.'];
  const output = promptLines.join('\n').replace('{{customer}}', customer);

  // ---- My Missions → Create Mission ----
  await login(page, 'member');
  await page.goto('/end-user/my-missions');
  await expect(page.getByRole('heading', { level: 1, name: 'My Missions', exact: true })).toBeVisible();
  await expect(page.getByText('Loading missions...')).toHaveCount(0);
  await page.getByRole('button', { name: '+ Create Mission', exact: true }).first().click();
  await expect(page).toHaveURL(/\/end-user\/missions\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Mission', exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  const agentSelect = page.getByRole('combobox', { name: 'Agent', exact: true });
  await expect(agentSelect.locator('option', { hasText: agent })).toHaveCount(1); // the agent list has loaded
  await agentSelect.selectOption(agent);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Daily ticket digest (end-to-end test)');
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(promptLines.join('\n'));

  await page.getByRole('button', { name: 'Add Parameter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Parameter 1 name', exact: true }).fill('customer');
  await page.getByRole('textbox', { name: 'Parameter 1 value', exact: true }).fill(customer);

  await page.getByRole('radio', { name: /^Scheduled/ }).check();
  await page.getByRole('combobox', { name: 'Frequency', exact: true }).selectOption({ label: 'Daily' });
  await page.getByLabel(/^Time\*?$/).fill(time); // a time input has no role; its label ends with the required mark
  await page.getByRole('combobox', { name: 'Time zone', exact: true }).selectOption('UTC');
  await expect(page.getByTestId('schedule-preview')).toHaveText(`${schedule} (UTC)`);

  // Delivery: the results feed is always on.
  const feed = page.getByRole('checkbox', { name: 'Results feed', exact: true });
  await expect(feed).toBeChecked();
  await expect(feed).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Email', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Webhook', exact: true })).not.toBeChecked();
  // private by default
  await expect(page.getByRole('radio', { name: /^Private/ })).toBeChecked();

  await page.getByRole('button', { name: 'Save Mission', exact: true }).click();
  await expect(toast(page, 'Mission saved')).toContainText(`"${name}" was saved.`);

  // ---- The list shows it with the spec's schedule text ----
  await expect(page).toHaveURL(/\/end-user\/my-missions$/);
  const card = missionCard(page, name);
  await expect(card).toBeVisible();
  const id = await card.getAttribute('data-mission');
  expect(id).toBeTruthy();
  created.push(id!);
  await expect(fact(card, 'Agent')).toHaveText(agent);
  await expect(fact(card, 'Schedule')).toHaveText(schedule);
  await expect(fact(card, 'Last run')).toHaveText('Never');
  await expect(fact(card, 'Executions')).toHaveText('0');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Private', { exact: true })).toBeVisible();

  // ---- Run now ----
  await card.getByRole('group', { name: `Actions for ${name}` }).getByRole('button', { name: 'Run now', exact: true }).click();
  const started = toast(page, 'Mission started');
  await expect(started).toContainText(`"${name}" is running. Its result will appear in Mission results.`);
  // The toast sits over the header's links (top right) until it has gone (4 s, then its exit animation).
  await expect(started).toHaveCount(0);

  // ---- Mission results: the run, once it has succeeded and been delivered ----
  await page.getByRole('link', { name: 'Mission results', exact: true }).click();
  await expect(page).toHaveURL(/\/end-user\/mission-results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Results', exact: true })).toBeVisible();
  const result = page.getByRole('list', { name: 'Mission results', exact: true }).getByRole('article', { name, exact: true });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click({ timeout: 2_000 });
    await expect(result).toHaveCount(1, { timeout: 1_000 });
    await expect(result).toContainText('Succeeded', { timeout: 1_000 });
    await expect(result).toContainText('feed: sent', { timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  await expect(result).toContainText('Run now'); // the trigger
  // the excerpt: the first three lines only
  await expect(result).toContainText(`Summarise the open support tickets of ${customer}.`);
  await expect(result).not.toContainText('Sign as the support desk.');

  await result.getByRole('button', { name: 'View full result', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(name)} · `) });
  await expect(dialog).toBeVisible();
  const full = dialog.getByRole('region', { name: 'Output', exact: true }).locator('pre');
  await expect(full).toHaveText(output);
  expect(await full.textContent()).toBe(output); // every line, line breaks kept
  await expect(dialog.getByRole('region', { name: 'Error', exact: true })).toHaveCount(0);
  await expect(dialog.getByText('Succeeded', { exact: true })).toBeVisible();
  const deliveries = dialog.getByRole('region', { name: 'Deliveries', exact: true });
  await expect(deliveries.getByRole('listitem')).toHaveCount(1);
  await expect(deliveries.getByRole('listitem')).toContainText('Results feed');
  await expect(deliveries.getByRole('listitem')).toContainText('sent');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click(); // the footer's (the header has an × named Close too)
  await expect(dialog).toBeHidden();

  // Back on My Missions the counters moved.
  await page.goto('/end-user/my-missions');
  await expect(fact(missionCard(page, name), 'Executions')).toHaveText('1');
  await expect(fact(missionCard(page, name), 'Success rate')).toHaveText('100%');
  await expect(fact(missionCard(page, name), 'Last run')).not.toHaveText('Never');

  // ---- An admin sees the member's private mission on /missions (RLS: admins see the whole library) ----
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await login(admin, 'admin');
    await openMissionsDashboard(admin);
    await admin.getByRole('searchbox', { name: 'Search missions', exact: true }).fill(name);
    const row = missionRow(admin, name);
    await expect(row).toHaveCount(1);
    await expect(cell(row, 'Agent')).toHaveText(agent);
    await expect(cell(row, 'Schedule').getByText(schedule, { exact: true })).toBeVisible();
    await expect(cell(row, 'Schedule').getByText('UTC', { exact: true })).toBeVisible();
    await expect(cell(row, 'Status · scope')).toContainText('Active');
    await expect(cell(row, 'Status · scope')).toContainText('Private');
    await expect(cell(row, 'Last run')).not.toHaveText('Never');
    await expect(cell(row, 'Executions')).toHaveText('1');
    await expect(cell(row, 'Success rate')).toHaveText('100%');
    // an admin may run it too
    await expect(row.getByRole('button', { name: `Run now: ${name}`, exact: true })).toBeEnabled();
  } finally {
    await adminContext.close();
  }
});

test("an agent card's View Missions (n) opens /missions filtered to that agent", async ({ page, browser, request }) => {
  const agent = await missionAgent(request, 'E2E Missions Of');
  const other = await missionAgent(request, 'E2E Other Agent');
  const member = await caller(request, 'member');
  const admin = await caller(request, 'admin');
  const daily = { type: 'scheduled', frequency: 'daily', time: farTime(), timezone: 'UTC' };
  const weekly = { type: 'scheduled', frequency: 'weekly', time: '07:30', daysOfWeek: [1, 3], timezone: 'UTC' };
  const missions: MissionRow[] = [
    await insertMission(request, member, { name: uniqueName('E2E Member Private'), agent, schedule: daily }),
    await insertMission(request, admin, { name: uniqueName('E2E Admin Library'), agent, scope: 'library', schedule: weekly }),
    await insertMission(request, admin, { name: uniqueName('E2E Admin Private'), agent }),
  ];
  const unrelated = await insertMission(request, admin, { name: uniqueName('E2E Other Mission'), agent: other, scope: 'library' });
  created.push(...missions.map((m) => m.id), unrelated.id);
  // one run, so the filtered stats have an execution to count
  const run = await waitForRun(request, member, await runMissionNow(request, member, missions[0]!.id));
  expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', user_id: member.userId });

  // ---- The member's card counts the missions they can see: their own and the library's ----
  const memberContext = await browser.newContext();
  try {
    const memberPage = await memberContext.newPage();
    await login(memberPage, 'member');
    await openAgents(memberPage, { goto: true });
    await dashboard(memberPage).cardMenu(agent).click();
    await expect(memberPage.getByRole('menuitem', { name: 'View Missions (2)', exact: true })).toBeVisible();
  } finally {
    await memberContext.close();
  }

  // ---- The admin's card counts all three; the menu item leads to the filtered dashboard ----
  await login(page, 'admin');
  await openAgents(page, { goto: true });
  await expect(agentCard(page, agent)).toBeVisible();
  await dashboard(page).cardMenu(agent).click();
  await page.getByRole('menuitem', { name: 'View Missions (3)', exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/missions' && url.searchParams.get('agent') === agent);
  await expect(page.getByRole('heading', { level: 1, name: 'Missions', exact: true })).toBeVisible();
  await expect(page.getByText('Loading missions...')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Agent', exact: true })).toHaveValue(agent);
  await expect(missionsTable(page)).toHaveAccessibleName('Missions (3)');
  const rows = missionsTable(page).getByRole('rowheader');
  await expect(rows).toHaveCount(3);
  for (const m of missions) await expect(missionRow(page, m.name)).toHaveCount(1);
  await expect(missionRow(page, unrelated.name)).toHaveCount(0);
  for (const m of missions) await expect(cell(missionRow(page, m.name), 'Agent')).toHaveText(agent);
  await expect(cell(missionRow(page, missions[1]!.name), 'Schedule').getByText('Weekly (Mon, Wed) at 07:30', { exact: true })).toBeVisible();
  await expect(cell(missionRow(page, missions[2]!.name), 'Schedule')).toHaveText('On-demand');
  await expect(cell(missionRow(page, missions[1]!.name), 'Status · scope')).toContainText('Library');

  // The agent's mission stats: 3 missions, all active, 1 execution; the average is over runs (one, succeeded).
  const stats = page.getByRole('region', { name: `Missions of ${agent}`, exact: true });
  await expect(stats).toBeVisible();
  const stat = (term: string) => stats.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(term)}$`) }) }).locator('dd');
  await expect(stat('Missions')).toHaveText('3');
  await expect(stat('Active')).toHaveText('3');
  await expect(stat('Executions')).toHaveText('1');
  await expect(stat('Average success rate')).toHaveText('100%');

  // Clearing the agent filter shows the other agent's mission as well.
  await page.getByRole('combobox', { name: 'Agent', exact: true }).selectOption('');
  await expect(page).toHaveURL((url) => url.pathname === '/missions' && !url.searchParams.has('agent'));
  await page.getByRole('searchbox', { name: 'Search missions', exact: true }).fill(unrelated.name);
  await expect(missionRow(page, unrelated.name)).toHaveCount(1);
});

test("through the gateway a member reads only library-scoped missions of others, never an admin's private one", async ({ request }) => {
  const agent = await missionAgent(request, 'E2E Isolation Agent');
  const member: Caller = await caller(request, 'member');
  const admin: Caller = await caller(request, 'admin');
  const adminPrivate = await insertMission(request, admin, { name: uniqueName('E2E Admin Secret'), agent, prompt: 'Confidential admin report' });
  const adminShared = await insertMission(request, admin, { name: uniqueName('E2E Admin Shared'), agent, scope: 'library' });
  const memberPrivate = await insertMission(request, member, { name: uniqueName('E2E Member Own'), agent });
  created.push(adminPrivate.id, adminShared.id, memberPrivate.id);

  // The admin reads all three (their own and the member's private one).
  const adminView = await select<{ id: string }>(request, admin, `missions?select=id&id=in.(${[adminPrivate.id, adminShared.id, memberPrivate.id].join(',')})`);
  expect(adminView.map((r) => r.id).sort()).toEqual([adminPrivate.id, adminShared.id, memberPrivate.id].sort());

  // ---- The member asks for every mission not theirs: only library-scoped rows come back ----
  const others = await select<{ id: string }>(request, member, `missions?select=id&user_id=neq.${member.userId}`);
  const ids = others.map((r) => r.id);
  expect(ids).toContain(adminShared.id);
  expect(ids).not.toContain(adminPrivate.id);
  expect(ids).not.toContain(memberPrivate.id);
  const scopes = await select<{ id: string; scope: string; user_id: string }>(request, member, `missions?select=id,scope,user_id&user_id=neq.${member.userId}`);
  expect(scopes.map((r) => r.id).sort()).toEqual([...ids].sort());
  for (const row of scopes) {
    expect(row.scope, `mission ${row.id} of another user`).toBe('library');
    expect(row.user_id).not.toBe(member.userId);
  }

  // Asking for the private mission by id finds nothing; writing to it changes nothing.
  expect(await select(request, member, `missions?select=id&id=eq.${adminPrivate.id}`)).toEqual([]);
  const patch = await request.patch(`/rest/v1/missions?id=eq.${adminPrivate.id}`, {
    headers: { ...member.headers, Prefer: 'return=representation' },
    data: { name: 'Taken over' },
  });
  expect(patch.status(), await patch.text()).toBe(200);
  expect(await patch.json()).toEqual([]);
  const del = await request.delete(`/rest/v1/missions?id=eq.${adminPrivate.id}`, { headers: { ...member.headers, Prefer: 'return=representation' } });
  expect(del.status(), await del.text()).toBe(200);
  expect(await del.json()).toEqual([]);
  const [still] = await select<{ name: string }>(request, admin, `missions?select=name&id=eq.${adminPrivate.id}`);
  expect(still?.name).toBe(adminPrivate.name);

  // Nor can the member run it, or read its runs.
  const runRes = await request.post(`/api/v1/missions/${adminPrivate.id}/run`, { headers: member.headers });
  expect(runRes.status(), await runRes.text()).toBe(404);
  const runId = await runMissionNow(request, admin, adminPrivate.id);
  const run = await waitForRun(request, admin, runId);
  expect(run).toMatchObject({ status: 'succeeded', output: 'Confidential admin report' });
  expect(await select(request, member, `mission_runs?select=id&id=eq.${runId}`)).toEqual([]);
  expect(await select(request, member, `mission_runs?select=id&mission_id=eq.${adminPrivate.id}`)).toEqual([]);
});
