import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agentItem, fakeApi, mission, run, renderMissions, signInAs } from '../testing/renderMissions.js';

let signOut: () => void = () => {};
beforeEach(() => {
  signOut = signInAs('admin', 'u1');
});
afterEach(() => act(() => signOut()));

const preview = () => screen.getByTestId('schedule-preview').textContent;

describe('creating a mission', () => {
  it('validates with the shared schema, shows the errors inline and saves nothing', async () => {
    const r = renderMissions({ route: '/missions/new' });
    // the focus starts on the editor's heading, not on <body>
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Mission' })).toHaveFocus();
    await screen.findByRole('option', { name: 'Lead Qualifier' });
    await r.user.click(screen.getByRole('button', { name: 'Save Mission' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose an agent')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Fix the highlighted fields to save the mission.');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());
    expect(r.api.upsertMission).not.toHaveBeenCalled();
    // errors follow the values once a save was tried
    await r.user.type(screen.getByLabelText(/^Name/), 'Digest');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('saves a weekly mission with the payload the table expects: no user_id or library_id, created_by = the user', async () => {
    const r = renderMissions({ route: '/missions/new' });
    await screen.findByRole('option', { name: 'Churn Watcher' });
    await r.user.type(screen.getByLabelText(/^Name/), '  Weekly churn review ');
    await r.user.type(screen.getByLabelText('Description'), 'Accounts at risk');
    await r.user.selectOptions(screen.getByRole('combobox', { name: /^Agent/ }), 'Churn Watcher');
    await r.user.type(screen.getByLabelText(/^Prompt/), 'List the accounts at risk');
    await r.user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    await r.user.type(screen.getByLabelText('Parameter 1 name'), 'region');
    await r.user.type(screen.getByLabelText('Parameter 1 value'), 'EMEA');

    expect(preview()).toBe('On-demand');
    await r.user.click(screen.getByRole('radio', { name: /Scheduled/ }));
    expect(preview()).toBe('Daily at 09:00 (Europe/Paris)');
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Frequency' }), 'weekly');
    expect(preview()).toBe('Weekly (Mon) at 09:00 (Europe/Paris)');
    const days = screen.getByRole('group', { name: 'Days of week' });
    expect(within(days).getAllByRole('button').map((b) => b.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    await r.user.click(within(days).getByRole('button', { name: 'Friday' }));
    await r.user.click(within(days).getByRole('button', { name: 'Sunday' }));
    expect(within(days).getByRole('button', { name: 'Friday' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByLabelText(/^Time$|^Time\*/), { target: { value: '07:45' } });
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'UTC');
    expect(preview()).toBe('Weekly (Sun, Mon, Fri) at 07:45 (UTC)');

    await r.user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await r.user.type(screen.getByLabelText(/^Email address/), 'ops@acme.test');
    await r.user.click(screen.getByRole('radio', { name: /Everyone in the library/ }));
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paused');
    await r.user.type(screen.getByLabelText('Tags'), 'churn{Enter}weekly,');
    expect(within(screen.getByRole('list', { name: 'Tags added' })).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['churn', 'weekly']);

    await r.user.click(screen.getByRole('button', { name: 'Save Mission' }));
    await waitFor(() => expect(r.api.upsertMission).toHaveBeenCalledTimes(1));
    const payload = r.api.upsertMission.mock.calls[0]![0];
    expect(payload).toEqual({
      id: 'new-id-1',
      name: 'Weekly churn review',
      description: 'Accounts at risk',
      agent_id: 'Churn Watcher',
      agent_name: 'Churn Watcher',
      prompt: 'List the accounts at risk',
      parameters: { region: 'EMEA' },
      schedule: { type: 'scheduled', frequency: 'weekly', time: '07:45', timezone: 'UTC', daysOfWeek: [0, 1, 5] },
      delivery: { channels: ['feed', 'email'], email: 'ops@acme.test' },
      scope: 'library',
      status: 'paused',
      tags: ['churn', 'weekly'],
      created_by: 'admin@accent.local',
    });
    expect(payload).not.toHaveProperty('user_id');
    expect(payload).not.toHaveProperty('library_id');
    expect(r.notify.success).toHaveBeenCalledWith('Mission saved', '"Weekly churn review" was saved.');
    await waitFor(() => expect(r.location()).toBe('/missions'));
  });

  it('requires a valid email, an http(s) webhook, at least one day and a day of month 1–31', async () => {
    const r = renderMissions({ route: '/missions/new' });
    await screen.findByRole('option', { name: 'Lead Qualifier' });
    await r.user.type(screen.getByLabelText(/^Name/), 'Checks');
    await r.user.selectOptions(screen.getByRole('combobox', { name: /^Agent/ }), 'Lead Qualifier');
    await r.user.click(screen.getByRole('radio', { name: /Scheduled/ }));
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Frequency' }), 'weekly');
    await r.user.click(screen.getByRole('button', { name: 'Monday' }));
    await r.user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await r.user.type(screen.getByLabelText(/^Email address/), 'not-an-email');
    await r.user.click(screen.getByRole('checkbox', { name: 'Webhook' }));
    await r.user.type(screen.getByLabelText(/^Webhook URL/), 'ftp://hooks.acme.test');
    await r.user.click(screen.getByRole('button', { name: 'Save Mission' }));
    expect(await screen.findByText('Choose at least one day')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a webhook URL starting with http:// or https://')).toBeInTheDocument();
    expect(preview()).toBe('Scheduled');

    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Frequency' }), 'monthly');
    const day = screen.getByLabelText(/^Day of month/);
    await r.user.clear(day);
    await r.user.type(day, '32');
    expect(await screen.findByText('Day of month must be between 1 and 31')).toBeInTheDocument();
    await r.user.clear(day);
    await r.user.type(day, '15');
    expect(preview()).toBe('Monthly on the 15th at 09:00 (Europe/Paris)');
    expect(r.api.upsertMission).not.toHaveBeenCalled();
  });

  it('says a day outside 1–31 at the field before Save, and writes ordinals in the preview', async () => {
    const r = renderMissions({ route: '/missions/new' });
    await screen.findByRole('option', { name: 'Lead Qualifier' });
    await r.user.click(screen.getByRole('radio', { name: /Scheduled/ }));
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Frequency' }), 'monthly');
    const day = screen.getByLabelText(/^Day of month/);
    const preview = () => screen.getByTestId('schedule-preview').textContent;
    for (const [typed, text] of [['1', '1st'], ['2', '2nd'], ['3', '3rd'], ['22', '22nd']] as const) {
      await r.user.clear(day);
      await r.user.type(day, typed);
      expect(preview()).toMatch(new RegExp(`^Monthly on the ${text} at `));
    }
    await r.user.clear(day);
    await r.user.type(day, '0');
    // no Save pressed
    expect(screen.getByText('Day of month must be between 1 and 31')).toBeInTheDocument();
    expect(preview()).toBe('Scheduled');
    await r.user.clear(day);
    await r.user.type(day, '31');
    expect(screen.queryByText('Day of month must be between 1 and 31')).not.toBeInTheDocument();
    expect(preview()).toMatch(/^Monthly on the 31st at /);
  });

  it('shows database error: {message} when the save fails, and stays on the form', async () => {
    const api = fakeApi();
    api.upsertMission.mockRejectedValueOnce(new Error('database error: new row violates row-level security policy for table "missions"'));
    const r = renderMissions({ route: '/missions/new', api });
    await screen.findByRole('option', { name: 'Lead Qualifier' });
    await r.user.type(screen.getByLabelText(/^Name/), 'Digest');
    await r.user.selectOptions(screen.getByRole('combobox', { name: /^Agent/ }), 'Lead Qualifier');
    await r.user.click(screen.getByRole('button', { name: 'Save Mission' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('database error: new row violates row-level security policy for table "missions"');
    expect(r.notify.error).toHaveBeenCalledWith('Save failed', 'database error: new row violates row-level security policy for table "missions"');
    expect(r.location()).toBe('/missions/new');
  });

  it('preselects the agent from ?agent= and goes back to the filtered dashboard', async () => {
    const r = renderMissions({ route: '/missions/new?agent=Churn%20Watcher' });
    await screen.findByRole('option', { name: 'Churn Watcher' });
    expect(screen.getByRole('combobox', { name: /^Agent/ })).toHaveValue('Churn Watcher');
    await r.user.click(screen.getByRole('button', { name: /Back to Missions/ }));
    expect(r.location()).toBe('/missions?agent=Churn%20Watcher');
  });

  it('asks before discarding unsaved changes', async () => {
    const r = renderMissions({ route: '/missions/new' });
    await screen.findByRole('option', { name: 'Lead Qualifier' });
    await r.user.type(screen.getByLabelText(/^Name/), 'Draft');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await r.user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(r.location()).toBe('/missions/new');
    await r.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    expect(r.location()).toBe('/missions');
  });

  it('says so when the agents cannot be listed, with Retry', async () => {
    const api = fakeApi();
    api.listAgents.mockRejectedValueOnce(new Error('HTTP 503: Service Unavailable'));
    const r = renderMissions({ route: '/missions/new', api });
    expect(await screen.findByText(/Failed to load agents: HTTP 503: Service Unavailable/)).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: 'Lead Qualifier' })).toBeInTheDocument();
  });
});

describe('editing a mission', () => {
  const existing = mission({
    id: 'm9',
    name: 'Pipeline digest',
    agent_id: 'Old Agent',
    agent_name: 'Old Agent',
    created_by: 'owner@accent.local',
    user_id: 'u2',
    delivery: { channels: ['feed', 'webhook'], webhookUrl: 'https://hooks.acme.test/x' },
    tags: ['sales'],
  });

  it('loads the mission into the form and upserts it under the same id, keeping its creator', async () => {
    const r = renderMissions({ route: '/missions/m9', api: fakeApi({ missions: [existing] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Pipeline digest' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Pipeline digest');
    // an agent that is no longer listed stays selected
    expect(screen.getByRole('combobox', { name: /^Agent/ })).toHaveValue('Old Agent');
    await screen.findByRole('option', { name: 'Old Agent (not available)' });
    expect(screen.getByLabelText('Parameter 1 name')).toHaveValue('region');
    expect(preview()).toBe('Weekly (Mon, Wed) at 09:00 (Europe/Paris)');
    expect(screen.getByRole('checkbox', { name: 'Webhook' })).toBeChecked();
    expect(screen.getByLabelText(/^Webhook URL/)).toHaveValue('https://hooks.acme.test/x');

    await r.user.click(screen.getByRole('button', { name: 'Remove tag sales' }));
    await r.user.click(screen.getByRole('radio', { name: /On-demand/ }));
    await r.user.click(screen.getByRole('button', { name: 'Save Mission' }));
    await waitFor(() => expect(r.api.upsertMission).toHaveBeenCalled());
    expect(r.api.upsertMission.mock.calls[0]![0]).toMatchObject({
      id: 'm9',
      agent_id: 'Old Agent',
      schedule: { type: 'on-demand' },
      delivery: { channels: ['feed', 'webhook'], webhookUrl: 'https://hooks.acme.test/x' },
      tags: [],
      created_by: 'owner@accent.local',
    });
    await waitFor(() => expect(r.location()).toBe('/missions'));
  });

  it('shows the mission\'s recent runs and opens a full result', async () => {
    const api = fakeApi({
      missions: [existing],
      runs: [run({ id: 'r2', output: '# Digest\n\n  - Acme: 87\n  - Globex: 42', deliveries: [{ channel: 'webhook', status: 'failed', detail: 'HTTP 500' }] })],
    });
    const r = renderMissions({ route: '/missions/m9', api });
    const runs = await screen.findByRole('list', { name: 'Recent runs of Pipeline digest' });
    expect(api.listRuns).toHaveBeenCalledWith({ missionId: 'm9', limit: 10 });
    await r.user.click(within(runs).getByRole('button', { name: 'View full result' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelector('pre')!.textContent).toBe('# Digest\n\n  - Acme: 87\n  - Globex: 42');
    expect(within(dialog).getByText('Webhook')).toBeInTheDocument();
    expect(within(dialog).getByText('HTTP 500')).toBeInTheDocument();
  });

  it('Run now queues a run and reloads the runs', async () => {
    const r = renderMissions({ route: '/missions/m9', api: fakeApi({ missions: [existing] }) });
    await screen.findByText('No runs yet');
    await r.user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(r.api.runNow).toHaveBeenCalledWith('m9');
    await waitFor(() => expect(r.api.listRuns).toHaveBeenCalledTimes(2));
  });

  it('Delete confirms, deletes and goes back', async () => {
    const r = renderMissions({ route: '/missions/m9', api: fakeApi({ missions: [existing] }) });
    await screen.findByRole('heading', { level: 1, name: 'Edit Pipeline digest' });
    await r.user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Mission' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Pipeline digest"? This action cannot be undone.');
    await r.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(r.location()).toBe('/missions'));
    expect(r.api.deleteMission).toHaveBeenCalledWith('m9');
  });

  it('says when the mission is not there, and shows load errors with Retry', async () => {
    renderMissions({ route: '/missions/gone' });
    expect(await screen.findByText('Mission not found')).toBeInTheDocument();
  });

  it('shows a load error with Retry', async () => {
    const api = fakeApi({ missions: [existing] });
    api.getMission.mockRejectedValueOnce(new Error('database error: timeout'));
    const r = renderMissions({ route: '/missions/m9', api });
    expect(await screen.findByText('Failed to load mission: database error: timeout')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Pipeline digest' })).toBeInTheDocument();
  });

  it('is read-only for a member who does not own it', async () => {
    act(() => signOut());
    signOut = signInAs('member', 'u1');
    renderMissions({ route: '/missions/m9', api: fakeApi({ missions: [existing] }) });
    await screen.findByRole('heading', { level: 1, name: 'Edit Pipeline digest' });
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Mission' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled();
  });
});

describe('end-user editor routes', () => {
  it('creates from /end-user/missions/create and goes back to My Missions', async () => {
    act(() => signOut());
    signOut = signInAs('member', 'u7');
    const r = renderMissions({ route: '/end-user/missions/create', api: fakeApi({ agents: [agentItem('Email Writer')] }) });
    await screen.findByRole('option', { name: 'Email Writer' });
    await r.user.type(screen.getByLabelText(/^Name/), 'Follow-ups');
    await r.user.selectOptions(screen.getByRole('combobox', { name: /^Agent/ }), 'Email Writer');
    await r.user.click(screen.getByRole('button', { name: 'Save Mission' }));
    await waitFor(() => expect(r.location()).toBe('/end-user/my-missions'));
    const payload = r.api.upsertMission.mock.calls[0]![0];
    expect(payload).toMatchObject({ name: 'Follow-ups', agent_id: 'Email Writer', created_by: 'member@accent.local', schedule: { type: 'on-demand' }, status: 'active', scope: 'private' });
    expect(payload).not.toHaveProperty('user_id');
  });

  it('edits from /end-user/missions/edit/:id', async () => {
    act(() => signOut());
    signOut = signInAs('member', 'u1');
    const r = renderMissions({ route: '/end-user/missions/edit/m1', api: fakeApi({ missions: [mission({ id: 'm1', user_id: 'u1' })] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Pipeline digest' })).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: /Back to My Missions/ }));
    expect(r.location()).toBe('/end-user/my-missions');
  });
});
