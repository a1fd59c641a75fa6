import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, mission, renderMissions, signInAs, type Rendered } from '../testing/renderMissions.js';

const MISSIONS = [
  mission({
    id: 'm1',
    name: 'Pipeline digest',
    description: 'Summarise the week',
    agent_id: 'Lead Qualifier',
    agent_name: 'Lead Qualifier',
    status: 'active',
    execution_count: 4,
    success_rate: 75,
    last_run: '2025-06-02T09:00:00.000Z',
    tags: ['sales'],
  }),
  mission({
    id: 'm2',
    name: 'Churn alerts',
    description: 'Accounts at risk of PIPELINE loss',
    agent_id: 'Churn Watcher',
    agent_name: 'Churn Watcher',
    status: 'paused',
    schedule: { type: 'scheduled', frequency: 'daily', time: '07:30', timezone: 'UTC' },
    scope: 'library',
    execution_count: 2,
    success_rate: 50,
    user_id: 'u2',
  }),
  mission({
    id: 'm3',
    name: 'Month end report',
    description: '',
    agent_id: 'Lead Qualifier',
    agent_name: 'Lead Qualifier',
    status: 'draft',
    schedule: { type: 'on-demand' },
    execution_count: 1,
    success_rate: 33.33,
  }),
];

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
const names = () => rows().map((r) => within(r).getByRole('rowheader').querySelector('a')!.textContent);

async function openRowMenu(r: Rendered, name: string) {
  await r.user.click(within(rowOf(name)).getByRole('button', { name: `Actions for ${name}` }));
  return screen.getByRole('menu');
}

let signOut: () => void = () => {};
beforeEach(() => {
  signOut = signInAs('admin', 'u1');
});
afterEach(() => act(() => signOut()));

describe('missions dashboard', () => {
  it('shows every mission with agent, schedule text, scope, status, runs, executions and success rate', async () => {
    renderMissions({ api: fakeApi({ missions: MISSIONS }) });
    expect(screen.getByText('Loading missions...')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(names()).toEqual(['Pipeline digest', 'Churn alerts', 'Month end report']);
    const first = within(rowOf('Pipeline digest'));
    expect(first.getByText('Weekly (Mon, Wed) at 09:00')).toBeInTheDocument();
    expect(first.getByText('Europe/Paris')).toBeInTheDocument();
    expect(first.getByText('Private')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('4')).toBeInTheDocument();
    expect(first.getByText('75%')).toBeInTheDocument();
    expect(first.getByText('sales')).toBeInTheDocument();
    const second = within(rowOf('Churn alerts'));
    expect(second.getByText('Daily at 07:30')).toBeInTheDocument();
    expect(second.getByTitle('Everyone in the library')).toHaveTextContent('Library');
    expect(second.getByText('Paused')).toBeInTheDocument();
    expect(within(rowOf('Month end report')).getByText('On-demand')).toBeInTheDocument();
    expect(within(rowOf('Month end report')).getByText('Never')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Pipeline digest' })).toHaveAttribute('href', '/missions/m1');
  });

  it('summarises all missions: count, active, executions and the success rate over their runs to 2 decimals', async () => {
    renderMissions({ api: fakeApi({ missions: MISSIONS }) });
    const summary = await screen.findByRole('region', { name: 'All missions' });
    const figure = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
    expect(figure('Missions')).toBe('3');
    expect(figure('Active')).toBe('1');
    expect(figure('Executions')).toBe('7');
    // 3 + 1 + 0 of 7 runs succeeded
    expect(figure('Average success rate')).toBe('57.14%');
  });

  it('searches name and description case-insensitively, together with the status filter', async () => {
    const r = renderMissions({ api: fakeApi({ missions: MISSIONS }) });
    await screen.findByRole('table');
    await r.user.type(screen.getByRole('searchbox', { name: 'Search missions' }), 'pipeline');
    expect(names()).toEqual(['Pipeline digest', 'Churn alerts']);
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paused');
    expect(names()).toEqual(['Churn alerts']);
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft');
    expect(screen.getByText('No missions found')).toBeInTheDocument();
    expect(screen.getByText('Try a different search or filter.')).toBeInTheDocument();
  });

  it('takes the agent filter from ?agent= and shows that agent\'s mission stats', async () => {
    const r = renderMissions({ route: '/missions?agent=Lead%20Qualifier', api: fakeApi({ missions: MISSIONS }) });
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveValue('Lead Qualifier');
    expect(names()).toEqual(['Pipeline digest', 'Month end report']);
    const summary = screen.getByRole('region', { name: 'Missions of Lead Qualifier' });
    const figure = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
    expect(figure('Missions')).toBe('2');
    expect(figure('Active')).toBe('1');
    expect(figure('Executions')).toBe('5');
    expect(figure('Average success rate')).toBe('60%');

    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'Churn Watcher');
    expect(r.location()).toBe('/missions?agent=Churn+Watcher');
    expect(names()).toEqual(['Churn alerts']);
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), '');
    expect(r.location()).toBe('/missions');
    expect(names()).toHaveLength(3);
  });

  it('keeps an agent from the address that has no missions yet, with zero stats, no rate and Create prefilled', async () => {
    const r = renderMissions({ route: '/missions?agent=Email%20Writer', api: fakeApi({ missions: MISSIONS }) });
    expect(await screen.findByText('No missions found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveValue('Email Writer');
    const summary = screen.getByRole('region', { name: 'Missions of Email Writer' });
    expect(within(summary).getByText('Average success rate').nextElementSibling?.textContent).toBe('—');
    await r.user.click(screen.getByRole('button', { name: '+ Create Mission' }));
    expect(r.location()).toBe('/missions/new?agent=Email%20Writer');
  });

  it('shows the error with Retry, and an empty library with a create action', async () => {
    const api = fakeApi({ missions: [] });
    api.listMissions.mockRejectedValueOnce(new Error('database error: permission denied for table missions'));
    const r = renderMissions({ api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load missions: database error: permission denied for table missions');
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No missions found')).toBeInTheDocument();
    expect(screen.getByText('Create your first mission to get started.')).toBeInTheDocument();
    expect(api.listMissions).toHaveBeenCalledTimes(2);
  });

  it('reloads quietly when the latest update changes', async () => {
    const api = fakeApi({ missions: MISSIONS });
    let stamp = 'a';
    api.latestMissionUpdate.mockImplementation(async () => ({ latestUpdate: stamp, count: 3 }));
    renderMissions({ api, refreshIntervalMs: 30 });
    await screen.findByRole('table');
    const loads = api.listMissions.mock.calls.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(api.listMissions).toHaveBeenCalledTimes(loads);
    stamp = 'b';
    await waitFor(() => expect(api.listMissions.mock.calls.length).toBeGreaterThan(loads));
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});

describe('actions', () => {
  it('Run now queues a run and says so', async () => {
    const r = renderMissions({ api: fakeApi({ missions: MISSIONS }) });
    await screen.findByRole('table');
    await r.user.click(within(rowOf('Churn alerts')).getByRole('button', { name: 'Run now: Churn alerts' }));
    expect(r.api.runNow).toHaveBeenCalledWith('m2');
    expect(r.notify.success).toHaveBeenCalledWith('Mission started', '"Churn alerts" is running. Its result will appear in Mission results.');
  });

  it('a row shows a Run now when the run ends: last run, executions and success rate', async () => {
    const before = mission({ id: 'm9', name: 'Quick check', status: 'active', execution_count: 0, success_rate: 0, last_run: null });
    const api = fakeApi({ missions: [before] });
    const r = renderMissions({ api });
    await screen.findByRole('table');
    expect(within(rowOf('Quick check')).getByText('Never')).toBeInTheDocument();
    // never run: no success rate yet, not 0%
    expect(within(rowOf('Quick check')).queryByText('0%')).not.toBeInTheDocument();
    // cells after the name: agent, schedule, status, last run, next run, executions, success rate
    expect(within(rowOf('Quick check')).getAllByRole('cell')[6]).toHaveTextContent(/^—$/);
    // the run is still going on the first check, then counted
    api.getMission.mockResolvedValueOnce(before).mockResolvedValue({ ...before, execution_count: 1, success_rate: 100, last_run: '2025-06-03T10:00:00.000Z' });
    await r.user.click(within(rowOf('Quick check')).getByRole('button', { name: 'Run now: Quick check' }));
    await waitFor(() => expect(within(rowOf('Quick check')).getByText('100%')).toBeInTheDocument(), { timeout: 5000 });
    expect(within(rowOf('Quick check')).queryByText('Never')).not.toBeInTheDocument();
    expect(api.getMission).toHaveBeenCalledTimes(2);
  });

  it('a paused mission shows no next run', async () => {
    const next = '2030-01-06T09:00:00.000Z';
    renderMissions({
      api: fakeApi({
        missions: [
          mission({ id: 'a', name: 'Running one', status: 'active', next_run: next }),
          mission({ id: 'p', name: 'Paused one', status: 'paused', next_run: next }),
        ],
      }),
    });
    await screen.findByRole('table');
    expect(within(rowOf('Running one')).getByTitle(/2030/)).toBeInTheDocument();
    expect(within(rowOf('Paused one')).queryByTitle(/2030/)).not.toBeInTheDocument();
  });

  it('Run now failures are toasted with the server message', async () => {
    const api = fakeApi({ missions: MISSIONS });
    api.runNow.mockRejectedValueOnce(new Error('HTTP 409: The mission is already running'));
    const r = renderMissions({ api });
    await screen.findByRole('table');
    await r.user.click(within(rowOf('Pipeline digest')).getByRole('button', { name: 'Run now: Pipeline digest' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Run failed', 'HTTP 409: The mission is already running'));
  });

  it('Delete asks for confirmation with the spec wording and removes the row after the database confirms', async () => {
    const r = renderMissions({ api: fakeApi({ missions: MISSIONS }) });
    await screen.findByRole('table');
    const menu = await openRowMenu(r, 'Pipeline digest');
    await r.user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Mission' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Pipeline digest"? This action cannot be undone.');
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(r.api.deleteMission).not.toHaveBeenCalled();
    expect(names()).toContain('Pipeline digest');

    await r.user.click(within(await openRowMenu(r, 'Pipeline digest')).getByRole('menuitem', { name: 'Delete' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Churn alerts', 'Month end report']));
    expect(r.api.deleteMission).toHaveBeenCalledWith('m1');
    expect(r.notify.success).toHaveBeenCalledWith('Mission deleted', 'Successfully deleted: Pipeline digest');
  });

  it('keeps the row when the delete fails', async () => {
    const api = fakeApi({ missions: MISSIONS });
    api.deleteMission.mockResolvedValueOnce(false);
    const r = renderMissions({ api });
    await screen.findByRole('table');
    await r.user.click(within(await openRowMenu(r, 'Churn alerts')).getByRole('menuitem', { name: 'Delete' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Delete failed', '"Churn alerts" could not be deleted.'));
    expect(names()).toContain('Churn alerts');
  });

  it('pauses and resumes with an update by id', async () => {
    const r = renderMissions({ api: fakeApi({ missions: MISSIONS }) });
    await screen.findByRole('table');
    await r.user.click(within(await openRowMenu(r, 'Pipeline digest')).getByRole('menuitem', { name: 'Pause' }));
    expect(r.api.updateMission).toHaveBeenCalledWith('m1', { status: 'paused' });
    await waitFor(() => expect(within(rowOf('Pipeline digest')).getByText('Paused')).toBeInTheDocument());
    await r.user.click(within(await openRowMenu(r, 'Churn alerts')).getByRole('menuitem', { name: 'Resume' }));
    expect(r.api.updateMission).toHaveBeenCalledWith('m2', { status: 'active' });
  });

  it('Edit opens the editor at /missions/:id, keeping the agent filter', async () => {
    const r = renderMissions({ route: '/missions?agent=Lead%20Qualifier', api: fakeApi({ missions: MISSIONS }) });
    await screen.findByRole('table');
    await r.user.click(within(await openRowMenu(r, 'Pipeline digest')).getByRole('menuitem', { name: 'Edit' }));
    expect(r.location()).toBe('/missions/m1?agent=Lead%20Qualifier');
  });

  it('members only view the missions of others (no edit, pause or delete)', async () => {
    act(() => signOut());
    signOut = signInAs('member', 'u1');
    const r = renderMissions({ api: fakeApi({ missions: MISSIONS }) });
    await screen.findByRole('table');
    const others = await openRowMenu(r, 'Churn alerts');
    expect(within(others).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['View']);
    await r.user.keyboard('{Escape}');
    const own = await openRowMenu(r, 'Pipeline digest');
    expect(within(own).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit', 'Pause', 'Delete']);
  });
});
