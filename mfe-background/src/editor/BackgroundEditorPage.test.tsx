import '../testing/jest-dom.d.ts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { agent, fakeApi, renderBackground, type Rendered } from '../testing/renderBackground.js';

const checklist = () =>
  within(screen.getByRole('list', { name: 'Publish checklist' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function fillPublishable(user: Rendered['user']) {
  await user.type(screen.getByLabelText(/Description/), 'Watches the pipeline');
  await user.type(screen.getByLabelText(/System Prompt/), 'You watch deals');
  await user.click(screen.getByLabelText('Salesforce'));
  await user.click(screen.getByLabelText('Email'));
}

describe('Background agent editor', () => {
  it('opens a new agent with the defaults, the preview and all eight sections', async () => {
    renderBackground({ route: '/background/new' });
    // the focus starts on the editor's heading, not on <body>
    expect(screen.getByRole('heading', { name: 'Create Background Agent' })).toHaveFocus();
    expect(screen.getByText('Configure autonomous agent for scheduled execution')).toBeInTheDocument();
    for (const title of [
      'Basic Configuration',
      'Agent Role & Persona',
      'Data Sources & Integrations',
      'Processing Steps',
      'Schedule Configuration',
      'Output & Delivery',
      'Permissions & Security',
      'Error Handling & Retry Logic',
    ])
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    for (const group of ['CRM', 'Communication', 'External', 'Data Access', 'External Access'])
      expect(screen.getAllByRole('group', { name: group }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByTestId('preview-name')).toHaveTextContent('New Background Agent');
    expect(screen.getByTestId('preview-category')).toHaveTextContent('Automation');
    expect(screen.getByTestId('preview-description')).toHaveTextContent('No description provided');
    expect(screen.getByTestId('preview-schedule')).toHaveTextContent('Daily');
    expect(screen.getByTestId('preview-sources')).toHaveTextContent('0');
    expect(screen.getByTestId('preview-format')).toHaveTextContent('Markdown');
    expect(screen.getByTestId('preview-channels')).toHaveTextContent('0');
    expect(screen.getByLabelText(/Max Retries/)).toHaveValue(3);
    expect(screen.getByLabelText(/Retry Delay/)).toHaveValue(5);
    expect(screen.getByLabelText(/Timezone/)).toHaveValue('UTC');
    expect(screen.getByLabelText('Allow running on demand')).toBeChecked();
    expect(screen.getByLabelText('Pause agent on error')).toBeChecked();
  });

  it('asks to confirm leaving the page only once something was changed', async () => {
    const { user } = renderBackground({ route: '/background/new' });
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leaving()).toBe(false);
    await user.type(screen.getByLabelText(/Description/), 'Watches the pipeline');
    expect(leaving()).toBe(true);
  });

  it('keeps Publish disabled until the checklist is complete; Test needs name and system prompt', async () => {
    const { user, api, log } = renderBackground({ route: '/background/new' });
    const name = screen.getByLabelText(/Agent Name/);
    await user.clear(name);
    expect(screen.getByTestId('preview-name')).toHaveTextContent('Untitled Agent');
    expect(checklist()).toEqual(['✗ Agent name', '✓ Category selected', '✗ System prompt', '✗ Data sources', '✗ Delivery channels']);
    expect(screen.getByRole('button', { name: 'Test Configuration' })).toBeDisabled();

    await user.type(name, 'Pipeline Watcher');
    await user.type(screen.getByLabelText(/System Prompt/), 'You watch deals');
    expect(screen.getByRole('button', { name: 'Test Configuration' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.click(screen.getByLabelText('Salesforce'));
    await user.click(screen.getByLabelText('Email'));
    expect(checklist()).toEqual(['✓ Agent name', '✓ Category selected', '✓ System prompt', '✓ Data sources', '✓ Delivery channels']);
    // description is required for publishing as well
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.type(screen.getByLabelText(/Description/), 'Watches');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Test Configuration' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Test Configuration' })).getByText('Agent test initiated! Check console for details.'),
    ).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ name: 'Pipeline Watcher', systemPrompt: 'You watch deals' }));
    expect(api.testConfig).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pipeline Watcher', systemPrompt: 'You watch deals' }), null);
  });

  it('keeps Publish off with the reason when Cron → Interval leaves no interval', async () => {
    const { user } = renderBackground({ route: '/background/new' });
    await user.type(screen.getByLabelText(/Name/), 'Pipeline Watcher');
    await fillPublishable(user);
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeEnabled();
    const type = screen.getByLabelText('Schedule Type');
    await user.selectOptions(type, 'cron');
    expect(publish).toBeDisabled();
    await user.type(screen.getByLabelText('Cron Expression'), '0 7 * * 1-5');
    expect(publish).toBeEnabled();
    await user.selectOptions(type, 'interval');
    expect(screen.getByLabelText('Interval')).toHaveValue('');
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription('Choose an interval to publish: without a schedule the agent never runs.');
    await user.selectOptions(screen.getByLabelText('Interval'), 'daily');
    expect(publish).toBeEnabled();
    expect(screen.queryByText(/without a schedule/)).not.toBeInTheDocument();
  });

  it('clears the interval or the cron expression when the schedule type changes', async () => {
    const { user } = renderBackground({ route: '/background/new' });
    const type = screen.getByLabelText('Schedule Type');
    await user.selectOptions(type, 'cron');
    expect(screen.queryByLabelText('Interval')).not.toBeInTheDocument();
    expect(screen.getByText(/7 AM weekdays/)).toHaveTextContent('Example: 0 7 * * 1-5 = 7 AM weekdays');
    expect(screen.getByTestId('preview-schedule')).toHaveTextContent('Not configured');
    await user.type(screen.getByLabelText('Cron Expression'), '0 7 * * 1-5');
    expect(screen.getByTestId('preview-schedule')).toHaveTextContent('0 7 * * 1-5');

    await user.selectOptions(type, 'event');
    expect(screen.getByTestId('preview-schedule')).toHaveTextContent('Not configured');
    await user.selectOptions(type, 'cron');
    expect(screen.getByLabelText('Cron Expression')).toHaveValue('');
    await user.selectOptions(type, 'interval');
    expect(screen.getByLabelText('Interval')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Interval'), '4hours');
    expect(screen.getByTestId('preview-schedule')).toHaveTextContent('Every 4 hours');
  });

  it('adds data_collection steps with an empty description and removes by position', async () => {
    const { user } = renderBackground({ route: '/background/new' });
    const add = screen.getByRole('button', { name: 'Add Step' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByTestId('processing-step')).toHaveLength(3);
    expect(screen.getByLabelText('Step 1 type')).toHaveValue('data_collection');
    expect(screen.getByLabelText('Step 1 description')).toHaveValue('');
    await user.type(screen.getByLabelText('Step 1 description'), 'first');
    await user.selectOptions(screen.getByLabelText('Step 2 type'), 'generation');
    await user.type(screen.getByLabelText('Step 3 description'), 'third');
    await user.click(screen.getByRole('button', { name: 'Remove step 2' }));
    expect(screen.getAllByTestId('processing-step')).toHaveLength(2);
    expect(screen.getByLabelText('Step 1 description')).toHaveValue('first');
    expect(screen.getByLabelText('Step 2 description')).toHaveValue('third');
    expect(screen.getByLabelText('Step 2 type')).toHaveValue('data_collection');
  });

  it('normalizes a loaded agent and reads Update when editing', async () => {
    const api = fakeApi([
      agent(
        'bg-1',
        {
          name: 'Loaded',
          category: 'Market Research',
          description: 'Stored',
          systemPrompt: 'Prompt',
          dataSources: ['hubspot'],
          deliveryChannels: ['slack'],
          runOnDemand: false,
          pauseOnError: false,
          maxRetries: 0,
        },
        'active',
      ),
    ]);
    const { user } = renderBackground({ route: '/background/bg-1', api });
    expect(await screen.findByRole('heading', { name: 'Edit Background Agent' })).toBeInTheDocument();
    expect(api.getAgent).toHaveBeenCalledWith('bg-1');
    expect(await screen.findByLabelText(/Agent Name/)).toHaveValue('Loaded');
    expect(screen.getByLabelText('Allow running on demand')).toBeChecked();
    expect(screen.getByLabelText('Pause agent on error')).toBeChecked();
    expect(screen.getByLabelText(/Max Retries/)).toHaveValue(3);
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeEnabled();
    await user.click(update);
    await waitFor(() => expect(api.saveAgent).toHaveBeenCalledTimes(1));
    const [config, status, id] = api.saveAgent.mock.calls[0]!;
    expect(status).toBe('active');
    expect(id).toBe('bg-1');
    expect(config).toMatchObject({ name: 'Loaded', status: 'active', runOnDemand: true, pauseOnError: true, maxRetries: 3 });
  });

  it('reports a missing agent', async () => {
    const { notify } = renderBackground({ route: '/background/nope' });
    expect(await screen.findByText('The background agent could not be found.')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalled();
  });

  it('saves a draft without validation and publishes as active, without library or owner ids', async () => {
    const { user, api, notify, location } = renderBackground({ route: '/background/new' });
    await user.clear(screen.getByLabelText(/Agent Name/));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.saveAgent).toHaveBeenCalledTimes(1));
    const [draft, draftStatus, draftId] = api.saveAgent.mock.calls[0]!;
    expect(draftStatus).toBe('draft');
    expect(draftId).toBeNull();
    expect(draft).toMatchObject({ name: '', category: 'Automation', status: 'draft' });
    expect(draft).not.toHaveProperty('library_id');
    expect(draft).not.toHaveProperty('owner_id');
    await waitFor(() => expect(location()).toBe('/background'));
    expect(notify.success).toHaveBeenCalled();

    await user.click(await screen.findByRole('button', { name: 'Create Background Agent' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Create from scratch/ }));
    await fillPublishable(user);
    await user.selectOptions(screen.getByLabelText(/Category/), 'Lead Management');
    await user.click(screen.getByRole('radio', { name: 'rocket' }));
    await user.click(screen.getByLabelText('Send emails'));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.saveAgent).toHaveBeenCalledTimes(2));
    const [published, status, id] = api.saveAgent.mock.calls[1]!;
    expect(status).toBe('active');
    expect(id).toBeNull();
    expect(published).toMatchObject({
      name: 'New Background Agent',
      category: 'Lead Management',
      icon: '🚀',
      description: 'Watches the pipeline',
      systemPrompt: 'You watch deals',
      dataSources: ['salesforce'],
      deliveryChannels: ['email'],
      permissions: ['send_emails'],
      status: 'active',
    });
    expect(Object.keys(published)).not.toEqual(expect.arrayContaining(['library_id']));
    expect(Object.keys(published)).not.toEqual(expect.arrayContaining(['owner_id']));
    await waitFor(() => expect(location()).toBe('/background'));
  });

  it('stays on the editor with an error toast when the save fails', async () => {
    const api = fakeApi();
    api.saveAgent.mockRejectedValueOnce(new Error('database error: down'));
    const { user, notify, location } = renderBackground({ route: '/background/new', api });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(location()).toBe('/background/new');
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
  });

  it('goes back to the agents list', async () => {
    const { user, location } = renderBackground({ route: '/background/new' });
    await user.click(screen.getByRole('button', { name: 'Back to Agents' }));
    expect(location()).toBe('/background');
  });

  it('asks before Back, a sidebar link or the browser back button leaves unsaved changes; Keep editing stays', async () => {
    const r = renderBackground({ route: '/background' });
    await r.go('/background/new');
    await r.user.type(await screen.findByLabelText(/Description/), 'Watches the pipeline');
    const answer = async (choice: 'Keep editing' | 'Discard changes') =>
      r.user.click(within(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: choice }));
    await r.user.click(screen.getByRole('button', { name: 'Back to Agents' }));
    await answer('Keep editing');
    await r.go('/agents');
    await answer('Keep editing');
    await r.go(-1);
    await answer('Keep editing');
    expect(r.location()).toBe('/background/new');
    expect(screen.getByLabelText(/Description/)).toHaveValue('Watches the pipeline');
    await r.go('/agents');
    await answer('Discard changes');
    expect(r.location()).toBe('/agents');
  });
});
