import { describe, expect, it } from '@jest/globals';
import { act, cleanup, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { newStep } from '@accent/agents-common';
import { runHttpError } from '@accent/agents-common/client';
import { fakeApi, listItem, memoryStorage, renderAgents, runDetail, scriptedRun } from '../testing/renderAgents.js';

function setup(route = '/agent-test', threadStorage = memoryStorage()) {
  const api = fakeApi(
    [listItem('Lead Qualifier', 'Scores leads'), listItem('Campaign Planner', 'Plans campaigns'), listItem('Helpdesk Bot', 'Answers tickets')],
    {
      'Lead Qualifier': {
        query: 'Qualify {company}',
        params: { company: 'Acme', region: 'EMEA' },
        steps: [
          { ...newStep(0), name: 'Qualify lead' },
          { ...newStep(1), name: 'Summarise' },
        ],
        max_history_items: 4,
      },
      'Campaign Planner': { query: 'Plan a campaign', params: {}, steps: [], flow_type: 'supervisor' },
    },
  );
  const script = scriptedRun();
  api.invoke = script.invoke;
  return { ...renderAgents({ route, api, threadStorage, store: createStore() }), script };
}

const agentOptions = () =>
  within(screen.getByLabelText('Agent'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('/agent-test', () => {
  it('picks any agent of the library with a search, and prefills its query and params', async () => {
    const r = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Agent Test' })).toBeInTheDocument();
    expect(screen.getByText('Loading agents...')).toBeInTheDocument();
    await screen.findByLabelText('Agent');
    expect(agentOptions()).toEqual(['Choose an agent', 'Campaign Planner', 'Helpdesk Bot', 'Lead Qualifier']);
    await r.user.type(screen.getByLabelText('Search agents'), 'lead');
    expect(agentOptions()).toEqual(['Choose an agent', 'Lead Qualifier']);
    expect(screen.getByText('1 of 3 agents')).toBeInTheDocument();
    await r.user.selectOptions(screen.getByLabelText('Agent'), 'Lead Qualifier');
    expect(r.location()).toBe('/agent-test?agent=Lead+Qualifier');
    expect(await screen.findByLabelText('Query')).toHaveValue('Qualify {company}');
    expect(r.api.getConfig).toHaveBeenCalledWith('Lead Qualifier');
    expect(screen.getByLabelText('Value of company')).toHaveValue('Acme');
    expect(screen.getByLabelText('Value of region')).toHaveValue('EMEA');
    // the chosen agent stays in the list whatever the search
    await r.user.clear(screen.getByLabelText('Search agents'));
    await r.user.type(screen.getByLabelText('Search agents'), 'zzz');
    expect(agentOptions()).toEqual(['No agent matches the search', 'Lead Qualifier']);
  });

  it('adds and removes parameter rows and runs with them (source agent-test, a new thread each run)', async () => {
    const r = setup('/agent-test?agent=Lead%20Qualifier');
    await screen.findByLabelText('Query');
    await r.user.click(screen.getByRole('button', { name: 'Remove parameter region' }));
    await r.user.click(screen.getByRole('button', { name: 'Add parameter' }));
    const name = screen.getByLabelText('Parameter 2 name');
    expect(name).toHaveValue('param2');
    await r.user.clear(name);
    await r.user.type(name, 'tone');
    await r.user.type(screen.getByLabelText('Value of tone'), 'formal');
    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    expect(r.script.last().body).toMatchObject({
      name: 'Lead Qualifier',
      query: 'Qualify {company}',
      params: { company: 'Acme', tone: 'formal' },
      thread_id: 'thread-1',
      use_history: false,
      save_history: false,
      max_history_items: 4,
      source: 'agent-test',
    });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    act(() => {
      r.script.last().emit({ type: 'run', run_id: 'run-11' });
      r.script.last().emit({ type: 'step', index: 0, name: 'Qualify lead' });
      r.script.last().emit({ type: 'delta', text: 'Acme is' });
    });
    expect(screen.getByText('Step 1 of 2: Qualify lead')).toBeInTheDocument();
    expect(screen.getByTestId('streamed-text')).toHaveTextContent('Acme is');
    await act(async () => r.script.last().finish('Acme is a fit.', { runId: 'run-11', elapsedMs: 2048 }));
    expect(screen.getByRole('heading', { name: 'Result' })).toHaveFocus();
    const result = screen.getByRole('region', { name: 'Run' });
    expect(within(result).getByTestId('run-answer')).toHaveTextContent('Acme is a fit.');
    expect(within(result).getByText('Completed in 2048 ms')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'View trace' })).toBeInTheDocument();

    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    expect(r.script.last().body.thread_id).toBe('thread-2');
  });

  it('keeps the last runs made from this page, each with its trace', async () => {
    const r = setup('/agent-test?agent=Lead%20Qualifier');
    r.api.getRun.mockResolvedValue(runDetail({ id: 'run-1', agent_name: 'Lead Qualifier' }));
    await screen.findByLabelText('Query');
    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    await act(async () => r.script.last().finish('First answer', { runId: 'run-1', elapsedMs: 100 }));
    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    await act(async () => r.script.last().fail(runHttpError(429, 'Too Many Requests', 'Rate limit reached')));
    expect(screen.getByRole('alert')).toHaveTextContent('HTTP 429: Too Many Requests');
    expect(screen.getByRole('alert')).toHaveTextContent('Rate limit reached');
    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    await r.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await within(screen.getByRole('region', { name: 'Run' })).findByText('Cancelled')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Recent runs from this page' });
    const items = within(recent).getAllByRole('listitem');
    expect(items.map((i) => within(i).getAllByText(/Succeeded|Failed|Cancelled/)[0]!.textContent)).toEqual(['Cancelled', 'Failed', 'Succeeded']);
    expect(within(items[1]!).getByText('HTTP 429: Too Many Requests')).toBeInTheDocument();
    expect(within(items[2]!).getByText('First answer')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Completed in 100 ms')).toBeInTheDocument();
    await r.user.click(within(items[2]!).getByRole('button', { name: /^View trace of the Lead Qualifier run/ }));
    expect(await screen.findByRole('dialog', { name: 'Run trace' })).toBeInTheDocument();
    expect(r.api.getRun).toHaveBeenCalledWith('run-1');
  });

  it('shows each tool call of a run inline, and still shows the runs made here after a reload of the tab', async () => {
    const storage = memoryStorage();
    const r = setup('/agent-test?agent=Lead%20Qualifier', storage);
    await screen.findByLabelText('Query');
    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    act(() => {
      r.script.last().emit({ type: 'tool', name: 'internal knowledge base search', status: 'started' });
      r.script
        .last()
        .emit({ type: 'tool', name: 'internal knowledge base search', status: 'succeeded', summary: 'Searched knowledge base · 3 results' });
    });
    await act(async () => r.script.last().finish('Acme is a fit.', { runId: 'run-1', elapsedMs: 100 }));
    expect(within(screen.getByRole('region', { name: 'Run' })).getByRole('list', { name: 'Tool use' })).toHaveTextContent(
      'Searched knowledge base · 3 results',
    );
    cleanup();

    // a reload: a new page (fresh store), the same tab storage
    setup('/agent-test?agent=Lead%20Qualifier', storage);
    const recent = await screen.findByRole('region', { name: 'Recent runs from this page' });
    const [item] = within(recent)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.parentElement === recent);
    expect(within(item!).getByText('Acme is a fit.')).toBeInTheDocument();
    expect(within(item!).getByRole('list', { name: 'Tool use' })).toHaveTextContent('Searched knowledge base · 3 results');
  });

  it('can still run an agent whose configuration did not load, and says why the inputs are empty', async () => {
    const r = setup('/agent-test?agent=Helpdesk%20Bot');
    expect(await screen.findByText('Failed to load agent config: 404')).toBeInTheDocument();
    expect(screen.getByLabelText('Query')).toHaveValue('');
    expect(screen.getByText('No parameters.')).toBeInTheDocument();
    await r.user.type(screen.getByLabelText('Query'), 'Hello');
    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    expect(r.script.last().body).toMatchObject({ name: 'Helpdesk Bot', query: 'Hello', params: {} });
  });

  it('shows Failed to load agents with Retry, and No agents found for an empty library', async () => {
    const api = fakeApi([]);
    api.list.mockRejectedValueOnce(new Error('HTTP 500: Internal Server Error'));
    const r = renderAgents({ route: '/agent-test', api });
    expect(await screen.findByText('Failed to load agents: HTTP 500: Internal Server Error')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No agents found')).toBeInTheDocument();
  });
});
