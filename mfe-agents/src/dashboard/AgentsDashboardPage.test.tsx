import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agentSaveRequestSchema, FILTER_ANIMATION_MS, type AgentListItem } from '@accent/agents-common';
import { deferred, fakeApi, listItem, renderAgents, signInAs } from '../testing/renderAgents.js';

const AGENTS: AgentListItem[] = [
  listItem('Lead Qualifier', 'Scores inbound leads for the reps', 12),
  listItem('Campaign Planner', 'Plans social campaigns', 3),
  listItem('Competitor Analyst', 'Analyses competitors every week', 7),
  listItem('Helpdesk Bot', 'Answers tickets from customers', 5),
];

const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article') as HTMLElement;

async function openCardMenu(r: ReturnType<typeof renderAgents>, name: string) {
  await r.user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.getByRole('menu');
}

describe('agents dashboard states', () => {
  it('shows Loading agents... until the list arrives, then the cards', async () => {
    const pending = deferred<AgentListItem[]>();
    const api = fakeApi();
    api.list.mockImplementation(() => pending.promise);
    renderAgents({ api });
    expect(screen.getByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(screen.getByText('Loading agents...')).toBeInTheDocument();
    await act(async () => pending.resolve(AGENTS));
    expect(screen.queryByText('Loading agents...')).not.toBeInTheDocument();
    expect(cardNames()).toEqual(['Lead Qualifier', 'Campaign Planner', 'Competitor Analyst', 'Helpdesk Bot']);
  });

  it('renders a card with avatar, description, category tag and usage text', async () => {
    renderAgents({ api: fakeApi(AGENTS) });
    const c = await screen.findByRole('article', { name: 'Lead Qualifier' });
    expect(within(c).getByText('Scores inbound leads for the reps')).toBeInTheDocument();
    expect(within(c).getByText('Sales')).toBeInTheDocument();
    expect(within(c).getByText('Size: 12 KB')).toBeInTheDocument();
  });

  it('shows Failed to load agents: {message} with Retry, and Retry loads again', async () => {
    const api = fakeApi(AGENTS);
    api.list.mockRejectedValueOnce(new Error('HTTP 500: Internal Server Error'));
    const r = renderAgents({ api });
    expect(await screen.findByText('Failed to load agents: HTTP 500: Internal Server Error')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lead Qualifier' })).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/Failed to load agents/)).not.toBeInTheDocument();
  });

  it('shows No agents found for an empty library', async () => {
    renderAgents({ api: fakeApi([]) });
    expect(await screen.findByText('No agents found')).toBeInTheDocument();
  });
});

describe('search and category filter', () => {
  it('searches name, description and category case-insensitively', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS) });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    const search = screen.getByPlaceholderText('Search agents...');
    await r.user.type(search, 'LEAD');
    expect(cardNames()).toEqual(['Lead Qualifier']);
    await r.user.clear(search);
    await r.user.type(search, 'tickets');
    expect(cardNames()).toEqual(['Helpdesk Bot']);
    await r.user.clear(search);
    await r.user.type(search, 'research');
    expect(cardNames()).toEqual(['Competitor Analyst']);
    await r.user.clear(search);
    await r.user.type(search, 'nothing like this');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('No agents found')).toBeInTheDocument();
  });

  it('combines the search with the category menu (All Categories, Sales, Marketing, Research, Support)', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS) });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    const filter = screen.getByRole('button', { name: 'Category: All Categories' });
    await r.user.click(filter);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['All Categories', 'Sales', 'Marketing', 'Research', 'Support']);
    await r.user.click(screen.getByRole('menuitem', { name: 'Marketing' }));
    expect(cardNames()).toEqual(['Campaign Planner']);

    await r.user.type(screen.getByPlaceholderText('Search agents...'), 'e');
    expect(cardNames()).toEqual(['Campaign Planner']);
    await r.user.type(screen.getByPlaceholderText('Search agents...'), 'xyz');
    expect(screen.getByText('No agents found')).toBeInTheDocument();

    await r.user.clear(screen.getByPlaceholderText('Search agents...'));
    await r.user.click(screen.getByRole('button', { name: 'Category: Marketing' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'All Categories' }));
    expect(cardNames()).toHaveLength(4);
  });

  it('animates the grid for FILTER_ANIMATION_MS after the category changes', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS) });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    const grid = () => screen.getByRole('list', { name: 'Agents' });
    expect(grid()).not.toHaveAttribute('data-filtering');
    await r.user.click(screen.getByRole('button', { name: 'Category: All Categories' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Sales' }));
    expect(grid()).toHaveAttribute('data-filtering', 'true');
    expect(grid().style.getPropertyValue('--filter-animation-ms')).toBe(`${FILTER_ANIMATION_MS}ms`);
    await waitFor(() => expect(grid()).not.toHaveAttribute('data-filtering'), { timeout: FILTER_ANIMATION_MS + 500 });
  });
});

describe('agent cards', () => {
  it('opens the editor on click', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS, { 'Lead Qualifier': { description: 'Scores inbound leads for the reps' } }) });
    await r.user.click(await screen.findByText('Scores inbound leads for the reps'));
    expect(r.location()).toBe('/agents/edit/Lead%20Qualifier');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Lead Qualifier' })).toBeInTheDocument();
  });

  it('opens the editor with Enter on a focused card', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS) });
    const c = await screen.findByRole('article', { name: 'Helpdesk Bot' });
    c.focus();
    await r.user.keyboard('{Enter}');
    expect(r.location()).toBe('/agents/edit/Helpdesk%20Bot');
  });

  it('has a menu with View Missions, Duplicate and Delete that closes on an outside click', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS) });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    await waitFor(() => expect(r.api.missionCounts).toHaveBeenCalled());
    const menu = await openCardMenu(r, 'Lead Qualifier');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['View Missions (0)', 'Duplicate', 'Delete']);
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // opening the menu never opens the editor
    expect(r.location()).toBe('/agents');
  });

  it('View Missions shows the agent\'s mission count and goes to /missions for that agent', async () => {
    const api = fakeApi(AGENTS);
    api.missionCounts.mockResolvedValue({ 'Campaign Planner': 3, 'Lead Qualifier': 1 });
    const r = renderAgents({ api });
    await screen.findByRole('heading', { name: 'Campaign Planner' });
    await waitFor(() => expect(api.missionCounts).toHaveBeenCalledTimes(1));
    await openCardMenu(r, 'Campaign Planner');
    await r.user.click(await screen.findByRole('menuitem', { name: 'View Missions (3)' }));
    expect(r.location()).toBe('/missions?agent=Campaign%20Planner');
  });

  it('View Missions goes without a count when the missions cannot be read', async () => {
    const api = fakeApi(AGENTS);
    api.missionCounts.mockRejectedValue(new Error('database error: gateway down'));
    const r = renderAgents({ api });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    await waitFor(() => expect(api.missionCounts).toHaveBeenCalled());
    await openCardMenu(r, 'Lead Qualifier');
    expect(screen.getByRole('menuitem', { name: 'View Missions' })).toBeInTheDocument();
  });
});

describe('delete', () => {
  it('asks for confirmation and removes the card only after the server confirms', async () => {
    const api = fakeApi(AGENTS);
    const removal = deferred<void>();
    api.remove.mockImplementation(() => removal.promise);
    const r = renderAgents({ api });
    await screen.findByRole('heading', { name: 'Helpdesk Bot' });
    await openCardMenu(r, 'Helpdesk Bot');
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete "Helpdesk Bot"? This action cannot be undone.')).toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.remove).toHaveBeenCalledWith('Helpdesk Bot');
    // still there while the server has not answered
    expect(card('Helpdesk Bot')).toBeInTheDocument();
    await act(async () => removal.resolve());
    expect(screen.queryByRole('heading', { name: 'Helpdesk Bot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(r.notify.success).toHaveBeenCalledWith('Agent deleted', 'Successfully deleted: Helpdesk Bot');
  });

  it('keeps the card and shows Delete failed with the error message when the server refuses', async () => {
    const api = fakeApi(AGENTS);
    api.remove.mockRejectedValue(new Error('HTTP 403: Forbidden'));
    const r = renderAgents({ api });
    await screen.findByRole('heading', { name: 'Helpdesk Bot' });
    await openCardMenu(r, 'Helpdesk Bot');
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Delete failed', 'HTTP 403: Forbidden'));
    expect(card('Helpdesk Bot')).toBeInTheDocument();
  });

  it('cancel keeps the agent and calls nothing', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS) });
    await screen.findByRole('heading', { name: 'Helpdesk Bot' });
    await openCardMenu(r, 'Helpdesk Bot');
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await r.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(r.api.remove).not.toHaveBeenCalled();
    expect(card('Helpdesk Bot')).toBeInTheDocument();
  });
});

describe('duplicate', () => {
  it('adds a local "(Copy)" marked Unsaved copy, without saving it', async () => {
    const api = fakeApi(AGENTS, { 'Lead Qualifier': { description: 'Scores inbound leads for the reps', steps: [], tools: ['Salesforce API'] } });
    const r = renderAgents({ api });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    await openCardMenu(r, 'Lead Qualifier');
    await r.user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    const copy = await screen.findByRole('article', { name: 'Lead Qualifier (Copy)' });
    expect(within(copy).getByText('Unsaved copy')).toBeInTheDocument();
    expect(within(copy).getByRole('img', { name: 'Salesforce' })).toBeInTheDocument();
    expect(r.notify.success).toHaveBeenCalledWith('Agent duplicated', 'Created copy: Lead Qualifier (Copy)');
    expect(api.save).not.toHaveBeenCalled();
    expect(cardNames()).toHaveLength(5);

    // opening the copy opens the editor with its data
    await r.user.click(within(copy).getByText('Scores inbound leads for the reps'));
    expect(r.location()).toBe('/agents/edit/Lead%20Qualifier%20(Copy)?copy=copy-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Lead Qualifier (Copy)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Lead Qualifier (Copy)');
  });

  it('shows Duplication failed when the agent cannot be copied', async () => {
    const api = fakeApi(AGENTS);
    api.getConfig.mockRejectedValue(new Error('Failed to load agent config: 500'));
    const r = renderAgents({ api });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    await openCardMenu(r, 'Lead Qualifier');
    await r.user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Duplication failed', 'Failed to duplicate agent. Please try again.'));
    expect(cardNames()).toHaveLength(4);
  });
});

describe('create-agent modal', () => {
  it('offers scratch, Generate with AI and the four templates', async () => {
    const r = renderAgents({ api: fakeApi(AGENTS) });
    await r.user.click(screen.getByRole('button', { name: '+ Create New Agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Agent' });
    expect(within(dialog).getByRole('button', { name: /Create from scratch/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: /Generate with AI/ })).toBeEnabled();
    expect(within(dialog).queryByText('Available with the agent runtime')).not.toBeInTheDocument();
    for (const t of ['Task', 'Researcher', 'Marketer', 'Email Writer']) {
      expect(within(dialog).getByRole('button', { name: new RegExp(`^${t}`) })).toBeInTheDocument();
    }
    await r.user.click(within(dialog).getByRole('button', { name: /Create from scratch/ }));
    expect(r.location()).toBe('/agents/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Agent' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens from /agents?create (Home\'s "Create agent") with the same choices, and drops the parameter', async () => {
    const r = renderAgents({ route: '/agents?create', api: fakeApi(AGENTS) });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Agent' });
    expect(within(dialog).getByRole('button', { name: /Generate with AI/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: /^Researcher/ })).toBeInTheDocument();
    await waitFor(() => expect(r.location()).toBe('/agents'));
    await r.user.click(within(dialog).getByRole('button', { name: /Create from scratch/ }));
    expect(r.location()).toBe('/agents/new');
  });

  it('Generate with AI drafts an agent from the description and opens the editor filled, unsaved', async () => {
    const api = fakeApi(AGENTS);
    api.generate.mockResolvedValue(
      agentSaveRequestSchema.parse({
        name: 'Pricing Scout',
        description: 'Compares competitor pricing',
        category: 'Research',
        params: { competitor: '' },
        steps: [{ name: 'Research', query: 'Find the pricing page of {competitor}', tools: ['Google Search'] }],
        tools: ['Google Search'],
      }),
    );
    const r = renderAgents({ api });
    await r.user.click(screen.getByRole('button', { name: '+ Create New Agent' }));
    await r.user.click(screen.getByRole('button', { name: /Generate with AI/ }));
    await r.user.click(screen.getByRole('button', { name: 'Generate Agent' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Describe the agent you need');
    expect(api.generate).not.toHaveBeenCalled();
    await r.user.type(screen.getByLabelText(/Describe the agent/), 'Compare competitor pricing');
    await r.user.selectOptions(screen.getByLabelText('Model'), 'anthropic:claude-3-haiku');
    await r.user.click(screen.getByRole('button', { name: 'Generate Agent' }));
    await waitFor(() => expect(r.location()).toBe('/agents/new?template=generated'));
    expect(api.generate).toHaveBeenCalledWith({ description: 'Compare competitor pricing', provider: 'anthropic', model: 'claude-3-haiku' });
    expect(api.save).not.toHaveBeenCalled();
    expect(await screen.findByText('Drafted with AI: review every field, then save the agent.')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Pricing Scout');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('Generate with AI shows the server error and stays open', async () => {
    const api = fakeApi(AGENTS);
    api.generate.mockRejectedValue(new Error('HTTP 424: No API key for OpenAI. An administrator can add one in Admin → Model providers, or set OPENAI_API_KEY on the server.'));
    const r = renderAgents({ api });
    await r.user.click(screen.getByRole('button', { name: '+ Create New Agent' }));
    await r.user.click(screen.getByRole('button', { name: /Generate with AI/ }));
    await r.user.type(screen.getByLabelText(/Describe the agent/), 'anything');
    await r.user.click(screen.getByRole('button', { name: 'Generate Agent' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 424: No API key for OpenAI.');
    expect(screen.getByRole('dialog', { name: 'Create New Agent' })).toBeVisible();
    expect(r.location()).toBe('/agents');
  });

  it('logs the template choice and opens the editor prefilled', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const r = renderAgents({ api: fakeApi(AGENTS) });
      await r.user.click(screen.getByRole('button', { name: '+ Create New Agent' }));
      await r.user.click(screen.getByRole('button', { name: /^Researcher/ }));
      expect(info).toHaveBeenCalledWith('Agent template selected:', 'researcher');
      expect(r.location()).toBe('/agents/new?template=researcher');
      expect(await screen.findByLabelText('Name')).toHaveValue('Research Agent');
      expect(screen.getByLabelText('Category')).toHaveValue('Research');
    } finally {
      info.mockRestore();
    }
  });
});

describe('members', () => {
  let signOut: () => void = () => {};
  afterEach(() => act(() => signOut()));

  it('see the dashboard read-only: no create, duplicate or delete', async () => {
    signOut = signInAs('member');
    const r = renderAgents({ api: fakeApi(AGENTS) });
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
    expect(screen.queryByRole('button', { name: '+ Create New Agent' })).not.toBeInTheDocument();
    await waitFor(() => expect(r.api.missionCounts).toHaveBeenCalled());
    const menu = await openCardMenu(r, 'Lead Qualifier');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['View Missions (0)']);
  });

  it('see the editor read-only, without a Save button', async () => {
    signOut = signInAs('member');
    renderAgents({ route: '/agents/edit/Lead%20Qualifier', api: fakeApi(AGENTS, { 'Lead Qualifier': { description: 'x' } }) });
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it('builders can create', async () => {
    signOut = signInAs('builder');
    renderAgents({ api: fakeApi(AGENTS) });
    expect(screen.getByRole('button', { name: '+ Create New Agent' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Lead Qualifier' });
  });
});
