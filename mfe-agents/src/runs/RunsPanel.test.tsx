import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RunDetail } from '@accent/agents-common';
import { deferred, fakeApi, listItem, renderAgents, runDetail, runSummary, signInAs, type FakeApi } from '../testing/renderAgents.js';

function api(): FakeApi {
  return fakeApi([listItem('Lead Qualifier', 'Scores leads')], { 'Lead Qualifier': { description: 'Scores leads' } });
}

async function openRunsTab(a: FakeApi) {
  const r = renderAgents({ route: '/agents/edit/Lead%20Qualifier', api: a });
  await r.user.click(await screen.findByRole('tab', { name: 'Runs' }));
  return r;
}

const TRACED: RunDetail = runDetail({
  id: 'run-9',
  status: 'succeeded',
  source: 'chatbot',
  input: { query: 'Qualify Acme', params: { company: 'Acme', region: '' } },
  output: 'Acme scores 87.',
  duration_ms: 2345,
  model_ms: 1800,
  usage: { inputTokens: 300, outputTokens: 45, totalTokens: 345 },
  trace: {
    depth: 0,
    thread_key: 'thread-1',
    escalated: true,
    fallback: { mode: 'escalate', error: 'OpenAI request failed: overloaded' },
    steps: [
      {
        index: 0,
        name: 'Qualify lead',
        provider: 'anthropic',
        model: 'claude-3.5-sonnet',
        provider_model: 'claude-3-5-sonnet-20241022',
        prompt: 'Qualify Acme in EMEA',
        system: 'You are a sales analyst.\nBe brief.',
        history_messages: 4,
        output: 'Acme scores 87.',
        started_at: '2025-06-01T10:00:00.000Z',
        duration_ms: 2100,
        model_ms: 1800,
        usage: { inputTokens: 300, outputTokens: 45, totalTokens: 345 },
        error: null,
        warnings: ['Tool "Fax Machine" is not in the catalogue and was left out.'],
        tool_calls: [
          { tool: 'internal knowledge base search', input: { query: 'Acme' }, output: { results: [{ name: 'Acme.pdf' }] }, error: null, duration_ms: 35 },
          {
            tool: 'HubSpot API',
            input: { path: '/crm/v3/objects/deals' },
            output: { error: 'not_connected', message: 'HubSpot API is not connected. An administrator can add its credentials in Admin → Connectors.' },
            error: 'HubSpot API is not connected. An administrator can add its credentials in Admin → Connectors.',
            duration_ms: 2,
          },
          { tool: 'Google Search', input: { q: 'Acme' }, output: { error: 'Google Search failed: 500' }, error: 'Google Search failed: 500', duration_ms: 400 },
        ],
      },
    ],
  },
});

describe('Runs tab', () => {
  it('is the fifth tab and lists recent runs: time, who, source, status, duration, tokens, cost, first line of output', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([
      runSummary({ id: 'run-1', cost_usd: 0.000123, cost_note: null }),
      runSummary({
        id: 'run-2',
        source: 'chatbot',
        status: 'failed',
        output: null,
        error: 'HTTP 502: OpenAI request failed',
        user_email: 'member@accent.local',
        duration_ms: 850,
        usage: null,
        cost_usd: null,
        cost_note: 'No price for openai / gpt-9 (Admin → Settings → Model prices)',
      }),
    ]);
    await openRunsTab(a);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)[4]).toBe('Runs');
    const table = await screen.findByRole('table', { name: 'Recent runs of Lead Qualifier' });
    expect(a.listRuns).toHaveBeenCalledWith('Lead Qualifier', 20);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Who', 'Source', 'Status', 'Duration', 'Tokens', 'Cost', 'Output']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').slice(1).map((c) => c.textContent);
    expect(cells(first!)).toEqual(['admin@accent.local', 'Editor test', 'Succeeded', '1.2 s', '150', '$0.000123', 'Acme scores 87.']);
    expect(cells(second!)).toEqual([
      'member@accent.local',
      'Chatbot',
      'Failed',
      '850 ms',
      '—',
      '— (No price for openai / gpt-9 (Admin → Settings → Model prices))',
      'HTTP 502: OpenAI request failed',
    ]);
  });

  it('shows loading, then No runs yet; Refresh asks again', async () => {
    const a = api();
    const pending = deferred<never[]>();
    a.listRuns.mockImplementationOnce(() => pending.promise);
    const r = await openRunsTab(a);
    expect(screen.getByText('Loading runs...')).toBeInTheDocument();
    await act(async () => pending.resolve([]));
    expect(screen.getByText('No runs yet')).toBeInTheDocument();
    a.listRuns.mockResolvedValueOnce([runSummary()]);
    await r.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(a.listRuns).toHaveBeenCalledTimes(2);
  });

  it('shows Failed to load runs: {message} with Retry', async () => {
    const a = api();
    a.listRuns.mockRejectedValueOnce(new Error('HTTP 500: Internal Server Error'));
    const r = await openRunsTab(a);
    expect(await screen.findByText('Failed to load runs: HTTP 500: Internal Server Error')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No runs yet')).toBeInTheDocument();
  });

  it('asks to save a new agent before it has runs', async () => {
    const r = renderAgents({ route: '/agents/new', api: fakeApi([]) });
    await r.user.click(await screen.findByRole('tab', { name: 'Runs' }));
    expect(screen.getByText('Save the agent to see its runs.')).toBeInTheDocument();
  });

  it('is readable by members (outside the read-only fieldset)', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([runSummary()]);
    const signOut = signInAs('member');
    try {
      const r = await openRunsTab(a);
      await r.user.click(await screen.findByRole('button', { name: /^View trace of the run at/ }));
      expect(await screen.findByRole('dialog', { name: 'Run trace' })).toBeInTheDocument();
    } finally {
      act(() => signOut());
    }
  });
});

describe('trace view', () => {
  it('opens on the Runs tab with the linked run\'s trace when the address names a run (?run=, from Analytics)', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([runSummary({ id: 'run-9' })]);
    a.getRun.mockResolvedValue(TRACED);
    renderAgents({ route: '/agents/edit/Lead%20Qualifier?run=run-9', api: a });
    const dialog = await screen.findByRole('dialog', { name: 'Run trace' });
    expect(a.getRun).toHaveBeenCalledWith('run-9');
    expect(await within(dialog).findByText('Step 1: Qualify lead')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens from a run and shows input, steps with model and tokens, prompt and system, tool calls, fallback and output', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([runSummary({ id: 'run-9' })]);
    a.getRun.mockResolvedValue(TRACED);
    const r = await openRunsTab(a);
    await r.user.click(await screen.findByText('Acme scores 87.')); // anywhere on the row
    const dialog = await screen.findByRole('dialog', { name: 'Run trace' });
    expect(a.getRun).toHaveBeenCalledWith('run-9');
    await within(dialog).findByText('Step 1: Qualify lead');

    // summary and input
    expect(within(dialog).getByText('Chatbot')).toBeInTheDocument();
    expect(within(dialog).getAllByText('2.3 s (model 1.8 s)')).toHaveLength(1);
    expect(within(dialog).getAllByText('345 (300 in, 45 out)')).toHaveLength(2); // the run and its one step
    const input = within(dialog).getByRole('region', { name: 'Input' });
    expect(within(input).getByText('Qualify Acme')).toBeInTheDocument();
    expect(within(input).getByRole('rowheader', { name: 'company' })).toBeInTheDocument();
    expect(within(input).getByText('Acme')).toBeInTheDocument();

    // fallback and escalation
    expect(within(dialog).getByText('Fallback answered: escalate to a person')).toBeInTheDocument();
    expect(within(dialog).getByText(/OpenAI request failed: overloaded/)).toBeInTheDocument();
    expect(within(dialog).getByText('Escalated to a member of the team.')).toBeInTheDocument();

    // the step
    const steps = within(dialog).getByRole('region', { name: 'Steps' });
    expect(within(steps).getByText('anthropic / claude-3.5-sonnet')).toBeInTheDocument();
    expect(within(steps).getByText('→ claude-3-5-sonnet-20241022')).toBeInTheDocument();
    expect(within(steps).getByText('2.1 s (model 1.8 s)')).toBeInTheDocument();
    expect(within(steps).getByText('4 earlier messages')).toBeInTheDocument();
    expect(within(steps).getByText('Qualify Acme in EMEA')).toBeInTheDocument();
    expect(within(steps).getByText(/You are a sales analyst\.\s+Be brief\./)).toBeInTheDocument();
    expect(within(steps).getByText('Tool "Fax Machine" is not in the catalogue and was left out.')).toBeInTheDocument();

    // tool calls: input/output JSON, duration, errors; not connected stands out
    expect(within(steps).getByText('Tool calls (3)')).toBeInTheDocument();
    const calls = within(steps).getAllByRole('listitem').filter((li) => li.className.includes('toolCall'));
    expect(calls).toHaveLength(3);
    expect(within(calls[0]!).getByText('OK')).toBeInTheDocument();
    expect(within(calls[0]!).getByText('35 ms')).toBeInTheDocument();
    expect(within(calls[0]!).getByText(/"query": "Acme"/)).toBeInTheDocument();
    expect(within(calls[0]!).getByText(/"name": "Acme.pdf"/)).toBeInTheDocument();
    expect(within(calls[1]!).getByText('Not connected')).toBeInTheDocument();
    expect(within(calls[1]!).getByText('HubSpot API is not connected. An administrator can add its credentials in Admin → Connectors.')).toBeInTheDocument();
    expect(within(calls[2]!).getByText('Failed')).toBeInTheDocument();
    expect(within(calls[2]!).getByText('Google Search failed: 500')).toBeInTheDocument();

    const output = within(dialog).getByRole('region', { name: 'Output' });
    expect(within(output).getByText('Acme scores 87.')).toBeInTheDocument();
  });

  it('shows exactly what a step sent: each message with its role, the tools offered and the model settings', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([runSummary({ id: 'run-10' })]);
    const step = TRACED.trace!.steps[0]!;
    a.getRun.mockResolvedValue({
      ...TRACED,
      trace: {
        ...TRACED.trace!,
        steps: [
          {
            ...step,
            tool_calls: [],
            warnings: [],
            messages: [
              { role: 'system', content: 'You are a sales analyst.\n\nLead details: Acme' },
              { role: 'user', content: 'Earlier question' },
              { role: 'assistant', content: 'Earlier answer' },
              { role: 'user', content: 'PURPLE-ELEPHANT: what does Acme do?' },
            ],
            tools: ['internal knowledge base search', 'HubSpot API'],
            settings: { temperature: 0.2, max_tokens: 0, max_retries: 1, timeout: 30, provider_model: 'claude-3-5-sonnet-20241022' },
          },
        ],
      },
    });
    const r = await openRunsTab(a);
    await r.user.click(await screen.findByText('Acme scores 87.'));
    const dialog = await screen.findByRole('dialog', { name: 'Run trace' });
    const steps = within(await within(dialog).findByRole('region', { name: 'Steps' }));
    expect(steps.getByText('Sent to the model (4 messages)')).toBeInTheDocument();
    const sent = within(steps.getByRole('list', { name: 'Messages sent to the model' })).getAllByRole('listitem');
    expect(sent.map((li) => li.textContent)).toEqual([
      'System (instructions)You are a sales analyst.\n\nLead details: Acme',
      'UserEarlier question',
      'AssistantEarlier answer',
      'UserPURPLE-ELEPHANT: what does Acme do?',
    ]);
    expect(steps.getByText('temperature 0.2 · max tokens: provider default · 1 retry · timeout 30 s')).toBeInTheDocument();
    expect(steps.getByText('internal knowledge base search, HubSpot API')).toBeInTheDocument();
    // the older System and Prompt blocks give way to the messages
    expect(steps.queryByText('Qualify Acme in EMEA')).not.toBeInTheDocument();
  });

  it('shows a failed run’s error and a step error', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([runSummary({ id: 'run-3', status: 'failed' })]);
    a.getRun.mockResolvedValue(
      runDetail({
        id: 'run-3',
        status: 'failed',
        output: null,
        error: 'Local model server request timed out after 30 seconds.',
        trace: {
          depth: 1,
          thread_key: '',
          escalated: false,
          fallback: null,
          steps: [{ ...TRACED.trace!.steps[0]!, error: 'Local model server request timed out after 30 seconds.', tool_calls: [], warnings: [], output: '' }],
        },
      }),
    );
    const r = await openRunsTab(a);
    await r.user.click(await screen.findByRole('button', { name: /^View trace of the run at/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Run trace' });
    await within(dialog).findByText('Step 1: Qualify lead');
    expect(within(dialog).getAllByText('Local model server request timed out after 30 seconds.')).toHaveLength(2);
    expect(within(dialog).getByText('another agent (depth 1)')).toBeInTheDocument();
    expect(within(dialog).getByText('(no answer)')).toBeInTheDocument();
  });

  it('says when the trace cannot be loaded, and retries', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([runSummary({ id: 'run-4' })]);
    a.getRun.mockRejectedValueOnce(new Error('HTTP 404: Run not found')).mockResolvedValueOnce(runDetail({ id: 'run-4' }));
    const r = await openRunsTab(a);
    await r.user.click(await screen.findByRole('button', { name: /^View trace of the run at/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Run trace' });
    expect(await within(dialog).findByText('Failed to load the run: HTTP 404: Run not found')).toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).getByText('No step ran.')).toBeInTheDocument());
  });
});
