import '../testing/jest-dom.d.ts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { agent, fakeApi, renderBackground } from '../testing/renderBackground.js';

const agents = () => [
  agent('a1', { name: 'Pipeline Watcher', description: 'Watches deals', category: 'CRM Monitoring', icon: '🔔' }, 'active'),
  agent('a2', { name: 'Competitor Radar', description: 'Tracks PRICING pages', category: 'Market Research', icon: '🔍' }, 'paused'),
  agent('a3', { name: 'Weekly Digest', description: 'Summarizes sales numbers', category: 'Sales Analytics' }, 'draft'),
];

const cardNames = () => screen.queryAllByTestId('agent-card').map((c) => within(c).getByRole('heading').textContent);

describe('Background Agents dashboard', () => {
  it('shows the cards with icon, name, description, category and status (tags written alike)', async () => {
    renderBackground({ api: fakeApi(agents()) });
    expect(await screen.findByText('Pipeline Watcher')).toBeInTheDocument();
    const [first, second, third] = screen.getAllByTestId('agent-card');
    expect(first).toHaveTextContent('🔔');
    expect(first).toHaveTextContent('Watches deals');
    expect(first).toHaveTextContent('CRM Monitoring');
    expect(first).toHaveTextContent('Active');
    expect(second).toHaveTextContent('Paused');
    expect(third).toHaveTextContent('Draft');
  });

  it('searches name, description and category case-insensitively, and filters by category', async () => {
    const { user } = renderBackground({ api: fakeApi(agents()), filterAnimationMs: 0 });
    await screen.findByText('Pipeline Watcher');
    const search = screen.getByPlaceholderText('Search agents...');
    await user.type(search, 'pricing');
    expect(cardNames()).toEqual(['Competitor Radar']);
    await user.clear(search);
    await user.type(search, 'sales analytics');
    expect(cardNames()).toEqual(['Weekly Digest']);
    await user.clear(search);
    await user.type(search, 'WATCH');
    expect(cardNames()).toEqual(['Pipeline Watcher']);
    await user.clear(search);

    const filters = screen.getByRole('group', { name: 'Filter by category' });
    expect(within(filters).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Sales', 'Marketing', 'Research', 'CRM Monitoring', 'Market Research', 'Sales Analytics']);
    await user.click(within(filters).getByRole('button', { name: 'Market Research' }));
    expect(within(filters).getByRole('button', { name: 'Market Research' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Competitor Radar']);
    // the broad chips find the editor's categories of their kind
    await user.click(within(filters).getByRole('button', { name: 'Sales' }));
    expect(cardNames()).toEqual(['Weekly Digest']);
    await user.click(within(filters).getByRole('button', { name: 'Research' }));
    expect(cardNames()).toEqual(['Competitor Radar']);
    await user.click(within(filters).getByRole('button', { name: 'All' }));
    expect(cardNames()).toHaveLength(3);
  });

  it('runs the 300 ms filter animation on a category change', async () => {
    const { user } = renderBackground({ api: fakeApi(agents()) });
    await screen.findByText('Pipeline Watcher');
    await user.click(screen.getByRole('button', { name: 'CRM Monitoring' }));
    expect(screen.getByRole('list', { name: 'Background agents' })).toHaveAttribute('data-filtering', 'true');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Background agents' })).not.toHaveAttribute('data-filtering'), { timeout: 1000 });
  });

  it('shows the empty state and the error state', async () => {
    const api = fakeApi();
    renderBackground({ api });
    expect(await screen.findByText('No background agents yet')).toBeInTheDocument();
  });

  it('shows an error state with retry when the list fails', async () => {
    const api = fakeApi(agents());
    api.listAgents.mockRejectedValueOnce(new Error('database error: down'));
    const { user } = renderBackground({ api });
    expect(await screen.findByText('database error: down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText('Pipeline Watcher')).toBeInTheDocument();
  });

  it('offers the create options: Create from scratch opens the editor, the others only log', async () => {
    const { user, log, location } = renderBackground({ api: fakeApi(agents()) });
    await screen.findByText('Pipeline Watcher');
    await user.click(screen.getByRole('button', { name: 'Create Background Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Background Agent' });
    const options = within(dialog)
      .getAllByRole('button')
      .map((b) => b.querySelector('strong')?.textContent)
      .filter(Boolean);
    expect(options).toEqual(['Create from scratch', 'Generate with AI', 'Task', 'Researcher', 'Marketer', 'Email Writer']);
    await user.click(within(dialog).getByRole('button', { name: /Researcher/ }));
    expect(log).toHaveBeenCalledWith(expect.any(String), 'researcher');
    expect(location()).toBe('/background');

    await user.click(screen.getByRole('button', { name: 'Create Background Agent' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Create from scratch/ }));
    expect(location()).toBe('/background/new');
    expect(await screen.findByRole('heading', { name: 'Create Background Agent' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Agent Name/)).toHaveValue('New Background Agent');
    expect(screen.getByLabelText(/Category/)).toHaveValue('Automation');
  });

  it('deletes after the confirmation, and duplicates', async () => {
    const { user, api, notify } = renderBackground({ api: fakeApi(agents()) });
    await screen.findByText('Pipeline Watcher');
    await user.click(screen.getByRole('button', { name: 'Actions for Pipeline Watcher' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Pipeline Watcher"? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteAgent).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Actions for Pipeline Watcher' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteAgent).toHaveBeenCalledWith('a1'));
    await waitFor(() => expect(cardNames()).toEqual(['Competitor Radar', 'Weekly Digest']));
    expect(notify.success).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Actions for Weekly Digest' }));
    await user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(cardNames()).toContain('Weekly Digest (Copy)'));
    expect(api.duplicateAgent).toHaveBeenCalledWith('a3');
  });

  it('pauses an active agent and resumes a paused one by hand; a draft offers neither', async () => {
    const api = fakeApi(agents());
    const { user, notify } = renderBackground({ api });
    await screen.findByText('Pipeline Watcher');
    const card = (name: string) => screen.getAllByTestId('agent-card').find((c) => c.textContent?.includes(name))!;

    await user.click(screen.getByRole('button', { name: 'Actions for Weekly Digest' }));
    expect(screen.queryByRole('menuitem', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Resume' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Pipeline Watcher' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pause' }));
    await waitFor(() => expect(api.setAgentStatus).toHaveBeenCalledWith('a1', 'paused'));
    await waitFor(() => expect(card('Pipeline Watcher')).toHaveTextContent('Paused'));
    expect(notify.success).toHaveBeenCalledWith('Agent Paused', 'Pipeline Watcher will not run until it is resumed.');

    await user.click(screen.getByRole('button', { name: 'Actions for Pipeline Watcher' }));
    await user.click(screen.getByRole('menuitem', { name: 'Resume' }));
    await waitFor(() => expect(api.setAgentStatus).toHaveBeenLastCalledWith('a1', 'active'));
    await waitFor(() => expect(card('Pipeline Watcher')).toHaveTextContent('Active'));

    api.setAgentStatus.mockRejectedValueOnce(new Error('database error: permission denied'));
    await user.click(screen.getByRole('button', { name: 'Actions for Competitor Radar' }));
    await user.click(screen.getByRole('menuitem', { name: 'Resume' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Resume Failed', 'database error: permission denied'));
    expect(card('Competitor Radar')).toHaveTextContent('Paused');
  });

  it('a member sees the agents without create or card actions, and opens a read-only view', async () => {
    const api = fakeApi(agents());
    const { user } = renderBackground({ api, role: 'member' });
    await screen.findByText('Pipeline Watcher');
    expect(screen.queryByRole('button', { name: 'Create Background Agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Pipeline Watcher' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /^Pipeline Watcher\b/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Background Agent' })).toBeInTheDocument();
    expect(screen.getByText('Read only: your role does not allow changing background agents.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Agent Name/)).toBeDisabled();
    for (const b of ['Save Draft', 'Publish', 'Update', 'Run now', 'Test Configuration']) expect(screen.queryByRole('button', { name: b })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Agents' })).toBeInTheDocument();
  });
});
