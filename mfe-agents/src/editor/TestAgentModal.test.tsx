import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { newStep } from '@accent/agents-common';
import { ApiError } from '@accent/shared/client';
import { runHttpError } from '@accent/agents-common/client';
import type { RunDetail } from '@accent/agents-common';
import { fakeApi, listItem, renderAgents, runDetail, scriptedRun, type Rendered } from '../testing/renderAgents.js';

const NO_KEY = 'No API key for OpenAI. An administrator can add one in Admin → Model providers, or set OPENAI_API_KEY on the server.';

function renderEditor() {
  const api = fakeApi([listItem('Lead Qualifier', 'Scores leads')], {
    'Lead Qualifier': {
      description: 'Scores leads',
      query: 'Qualify {company}',
      params: { company: 'Acme', region: 'EMEA' },
      steps: [{ ...newStep(0), name: 'Qualify lead' }, { ...newStep(1), name: 'Summarise' }],
      max_history_items: 7,
    },
  });
  const script = scriptedRun();
  api.invoke = script.invoke;
  const r = renderAgents({ route: '/agents/edit/Lead%20Qualifier', api });
  return { ...r, script };
}

async function openTest(r: Rendered) {
  await r.user.click(await screen.findByRole('button', { name: 'Test Agent' }));
  return screen.getByRole('dialog', { name: 'Test Agent: Lead Qualifier' });
}

describe('Test Agent modal', () => {
  it('opens prefilled with the agent’s query and params, with no result yet', async () => {
    const r = renderEditor();
    const dialog = await openTest(r);
    const query = within(dialog).getByLabelText('Query');
    expect(query).toHaveValue('Qualify {company}');
    expect(query).toHaveFocus();
    expect(within(dialog).getByLabelText('Value of company')).toHaveValue('Acme');
    expect(within(dialog).getByLabelText('Value of region')).toHaveValue('EMEA');
    expect(within(dialog).queryByText('Test Results')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument(); // nothing unsaved
  });

  it('runs the saved agent with a new thread, source test and no history, showing progress then Test Results with the elapsed ms', async () => {
    const r = renderEditor();
    const dialog = await openTest(r);
    await r.user.clear(within(dialog).getByLabelText('Value of company'));
    await r.user.type(within(dialog).getByLabelText('Value of company'), 'Globex');
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));

    const call = r.script.last();
    expect(call.body).toEqual({
      name: 'Lead Qualifier',
      query: 'Qualify {company}',
      params: { company: 'Globex', region: 'EMEA' },
      thread_id: 'thread-1',
      namespace: 'default',
      trace: false,
      use_history: false,
      save_history: false,
      max_history_items: 7,
      file_name: 'Lead Qualifier',
      source: 'test',
    });
    // running: Cancel replaces the buttons and takes focus; the inputs are locked
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByLabelText('Query')).toBeDisabled();
    expect(within(dialog).getByText('Starting the run…')).toBeInTheDocument();

    act(() => {
      call.emit({ type: 'run', run_id: 'run-42' });
      call.emit({ type: 'step', index: 0, name: 'Qualify lead' });
      call.emit({ type: 'delta', text: 'Globex looks ' });
      call.emit({ type: 'delta', text: 'promising' });
      call.emit({ type: 'tool', name: 'internal knowledge base search', status: 'started' });
    });
    expect(within(dialog).getByText('Step 1 of 2: Qualify lead')).toBeInTheDocument();
    const streamed = within(dialog).getByTestId('streamed-text');
    expect(streamed).toHaveTextContent('Globex looks promising');
    expect(streamed).toHaveAttribute('aria-live', 'polite');
    const chips = within(dialog).getByRole('list', { name: 'Tool calls' });
    expect(within(chips).getByRole('listitem')).toHaveTextContent('internal knowledge base search: running');

    act(() => {
      call.emit({ type: 'tool', name: 'internal knowledge base search', status: 'succeeded' });
      call.emit({ type: 'step', index: 1, name: 'Summarise' });
      call.emit({ type: 'delta', text: 'Score: 87' });
    });
    expect(within(dialog).getByText('Step 2 of 2: Summarise')).toBeInTheDocument();
    expect(within(chips).getByRole('listitem')).toHaveTextContent('internal knowledge base search: done');
    expect(streamed).toHaveTextContent(/^Score: 87$/);

    await act(async () => call.finish('Score: 87\nGlobex is a strong fit.', { runId: 'run-42', elapsedMs: 1234 }));
    const results = within(dialog).getByRole('heading', { name: 'Test Results' });
    expect(results).toHaveFocus();
    expect(within(dialog).getByTestId('run-answer')).toHaveTextContent('Score: 87 Globex is a strong fit.');
    expect(within(dialog).getByText('Completed in 1234 ms')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('streamed-text')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'View trace' })).toBeInTheDocument();
  });

  it('uses a new thread id for every test, and clears the earlier result when reopened', async () => {
    const r = renderEditor();
    let dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    await act(async () => r.script.last().finish('first'));
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Again' }));
    expect(within(dialog).queryByText('Test Results')).not.toBeInTheDocument(); // the earlier answer goes when a new run starts
    await act(async () => r.script.last().finish('second'));
    expect(r.script.calls.map((c) => c.body.thread_id)).toEqual(['thread-1', 'thread-2']);
    await r.user.clear(within(dialog).getByLabelText('Query'));
    await r.user.type(within(dialog).getByLabelText('Query'), 'Something else');

    await r.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test Agent' })).toHaveFocus();
    dialog = await openTest(r);
    expect(within(dialog).queryByText('Test Results')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('second')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Query')).toHaveValue('Qualify {company}');
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    expect(r.script.last().body.thread_id).toBe('thread-3');
  });

  it('shows HTTP {status}: {statusText} under Test Results as Error, with the server’s detail beneath', async () => {
    const r = renderEditor();
    const dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    await act(async () => r.script.last().fail(runHttpError(424, 'Failed Dependency', NO_KEY)));
    expect(within(dialog).getByRole('heading', { name: 'Test Results' })).toHaveFocus();
    const alert = within(dialog).getByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('HTTP 424: Failed Dependency')).toBeInTheDocument();
    expect(within(alert).getByText(NO_KEY)).toBeInTheDocument();
    // no run was recorded (refused before it started): no trace to offer
    expect(within(dialog).queryByRole('button', { name: 'View trace' })).not.toBeInTheDocument();
  });

  it('shows the network error’s message, or Test failed when it has none', async () => {
    const r = renderEditor();
    const dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    await act(async () => r.script.last().fail(new ApiError(0, '', undefined, 'Failed to fetch')));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^ErrorFailed to fetch$/);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Again' }));
    await act(async () => r.script.last().fail({}));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^ErrorTest failed$/);
  });

  it('offers the trace of a run that failed after it started', async () => {
    const r = renderEditor();
    r.api.getRun.mockResolvedValue(runDetail({ id: 'run-7', status: 'failed', error: 'OpenAI request failed: overloaded', output: null }));
    const dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    act(() => r.script.last().emit({ type: 'run', run_id: 'run-7' }));
    await act(async () => r.script.last().fail(Object.assign(runHttpError(502, '', 'OpenAI request failed: overloaded'), { runId: 'run-7' })));
    expect(within(dialog).getByText('HTTP 502: Bad Gateway')).toBeInTheDocument();
    expect(within(dialog).getByText('OpenAI request failed: overloaded')).toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'View trace' }));
    const trace = await screen.findByRole('dialog', { name: 'Run trace' });
    expect(r.api.getRun).toHaveBeenCalledWith('run-7');
    expect(await within(trace).findByText('Failed', { selector: 'span' })).toBeInTheDocument();
    // Escape closes the trace only
    await r.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Run trace' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Test Agent: Lead Qualifier' })).toBeInTheDocument();
  });

  it('Cancel aborts the run and shows Cancelled', async () => {
    const r = renderEditor();
    const dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    act(() => r.script.last().emit({ type: 'delta', text: 'partial' }));
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(r.script.last().signal?.aborted).toBe(true);
    expect(await within(dialog).findByText('Cancelled')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Run Again' })).toBeEnabled();
  });

  it('closing the modal while a test runs cancels it', async () => {
    const r = renderEditor();
    const dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    await r.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(r.script.last().signal?.aborted).toBe(true);
  });

  it('says that a test runs the saved version when there are unsaved changes', async () => {
    const r = renderEditor();
    const name = await screen.findByLabelText('Name');
    await r.user.type(name, ' v2');
    const dialog = await openTest(r);
    expect(within(dialog).getByRole('note')).toHaveTextContent('This test runs the saved version of the agent');
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    expect(r.script.last().body.name).toBe('Lead Qualifier'); // the saved name, not the draft's
  });

  it('refreshes the Runs tab after a test', async () => {
    const r = renderEditor();
    await r.user.click(await screen.findByRole('tab', { name: 'Runs' }));
    await waitFor(() => expect(r.api.listRuns).toHaveBeenCalledTimes(1));
    expect(r.api.listRuns).toHaveBeenCalledWith('Lead Qualifier', 20);
    const dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    await act(async () => r.script.last().finish('done'));
    await waitFor(() => expect(r.api.listRuns).toHaveBeenCalledTimes(2));
  });

  it('shows the sources the knowledge base search handed the model under the answer', async () => {
    const r = renderEditor();
    r.api.getRun.mockImplementation(async (id) =>
      runDetail({
        id,
        trace: {
          fallback: null,
          escalated: false,
          depth: 0,
          thread_key: '',
          steps: [{ tool_calls: [{ tool: 'internal knowledge base search', input: { query: 'flight time' }, output: { results: [{ source: 'Specs.pdf, page 2' }, { source: 'FAQ.md, Battery' }] }, error: null, duration_ms: 3 }] }],
        } as unknown as RunDetail['trace'],
      }),
    );
    const dialog = await openTest(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    await act(async () => r.script.last().finish('42 minutes.', { runId: 'run-7' }));
    const sources = await within(dialog).findByRole('region', { name: 'Sources' });
    expect(within(sources).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Specs.pdf, page 2', 'FAQ.md, Battery']);
    expect(r.api.getRun).toHaveBeenCalledWith('run-7');
  });
});
