import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlowRun } from '@accent/flows-common';
import { fakeApi, graphFlow, renderFlows } from '../testing/renderFlows.js';

jest.setTimeout(20_000);
afterEach(() => {
  jest.useRealTimers();
});

const webhookRun: FlowRun = {
  id: 'run-new',
  flow_id: 'flow-1',
  status: 'failed',
  trigger: 'webhook',
  payload: { lead: 'ada' },
  started_at: '2025-06-02T11:00:00.000Z',
  finished_at: '2025-06-02T11:00:01.500Z',
  duration_ms: 1500,
  error: '"Check" failed: boom',
  nodes: [
    { nodeId: 't1', type: 'trigger', subtype: 'webhook', label: 'Start Trigger', status: 'succeeded', input: { payload: { lead: 'ada' } }, output: { lead: 'ada' }, error: null, started_at: '2025-06-02T11:00:00.000Z', duration_ms: 2, handle: null, reason: null },
    { nodeId: 'a1', type: 'llm', subtype: 'openai', label: 'Agent', status: 'succeeded', input: { last: { lead: 'ada' } }, output: { text: 'Call Ada today' }, error: null, started_at: '2025-06-02T11:00:00.010Z', duration_ms: 640, handle: null, reason: null },
    { nodeId: 'c1', type: 'condition', subtype: 'if_else', label: 'Check', status: 'failed', input: {}, output: null, error: 'boom', started_at: '2025-06-02T11:00:01.000Z', duration_ms: 7, handle: null, reason: null },
  ],
};
const scheduleRun: FlowRun = { ...webhookRun, id: 'run-mid', trigger: 'schedule', status: 'succeeded', error: null, duration_ms: 320, started_at: '2025-06-02T10:00:00.000Z', nodes: [] };
const testRun: FlowRun = { ...webhookRun, id: 'run-old', trigger: 'test', status: 'succeeded', error: null, duration_ms: 12, started_at: '2025-06-01T09:00:00.000Z', nodes: [] };
const formRun: FlowRun = { ...webhookRun, id: 'run-form', trigger: 'form', status: 'running', error: null, duration_ms: null, finished_at: null, started_at: '2025-06-01T12:00:00.000Z', nodes: [] };

async function openRuns(api = fakeApi([graphFlow()])) {
  const r = renderFlows({ route: '/flows/flow-1', api });
  await screen.findByRole('button', { name: 'New Workflow' });
  await r.user.click(screen.getByRole('button', { name: 'Runs' }));
  return { ...r, panel: screen.getByRole('complementary', { name: 'Runs' }) };
}

describe('Runs panel', () => {
  it('shows loading, then "No runs yet" for a flow that never ran; the button toggles the panel', async () => {
    const api = fakeApi([graphFlow()]);
    let resolve!: (runs: FlowRun[]) => void;
    api.listFlowRuns.mockImplementationOnce(() => new Promise((res) => (resolve = res)));
    const r = await openRuns(api);
    expect(within(r.panel).getByText('Loading runs…')).toBeInTheDocument();
    expect(api.listFlowRuns).toHaveBeenCalledWith('flow-1');
    await act(async () => resolve([]));
    expect(await within(r.panel).findByText('No runs yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Runs' })).toHaveAttribute('aria-pressed', 'true');
    // the existing header actions are still there
    for (const b of ['Test Flow', 'Save Flow', 'Deploy']) expect(screen.getByRole('button', { name: b })).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Runs' }));
    expect(screen.queryByRole('complementary', { name: 'Runs' })).not.toBeInTheDocument();
  });

  it('lists runs newest first with trigger, status and duration; a run shows its node results in the panel and on the canvas', async () => {
    const api = fakeApi([graphFlow()]);
    api.listFlowRuns.mockResolvedValue([testRun, webhookRun, formRun, scheduleRun]);
    const r = await openRuns(api);
    const list = await within(r.panel).findByRole('list', { name: 'Recent runs' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('button').textContent)).toEqual(['failedWebhook1.50 s', 'succeededSchedule320 ms', 'runningForm—', 'succeededTest12 ms']);
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2025-06-02T11:00:00.000Z');
    expect(screen.queryByTestId('result-a1')).not.toBeInTheDocument();

    await r.user.click(within(r.panel).getByTestId('run-run-new'));
    const details = within(r.panel).getByRole('region', { name: 'Run details' });
    expect(within(details).getByTestId('runs-run-status')).toHaveTextContent('failed');
    expect(within(details).getByText('"Check" failed: boom')).toBeInTheDocument();
    expect(within(details).getByText('boom')).toBeInTheDocument();
    expect(screen.getByTestId('result-a1')).toHaveTextContent('succeeded · 640 ms');
    expect(screen.getByTestId('result-c1')).toHaveTextContent('failed · 7 ms');
    await r.user.click(within(details).getByRole('button', { name: /Agent/ }));
    expect(within(details).getByText(/Call Ada today/)).toBeInTheDocument();
    expect(within(details).getByText('Input')).toBeInTheDocument();

    // a run without node results; then the canvas badges go with the selection
    await r.user.click(within(r.panel).getByTestId('run-run-mid'));
    expect(within(r.panel).getByText('No node results')).toBeInTheDocument();
    expect(screen.queryByTestId('result-a1')).not.toBeInTheDocument();

    // the Test Flow panel shows its own run, not the picked one
    await r.user.click(within(r.panel).getByTestId('run-run-new'));
    expect(screen.getByTestId('result-a1')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Test Flow' }));
    expect(screen.queryByRole('complementary', { name: 'Runs' })).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Test Flow' })).toBeInTheDocument();
    expect(screen.queryByTestId('result-a1')).not.toBeInTheDocument();
  });

  it('shows a load error, and Refresh loads again', async () => {
    const api = fakeApi([graphFlow()]);
    api.listFlowRuns.mockRejectedValueOnce(new Error('Request failed with status code 500'));
    const r = await openRuns(api);
    expect(await within(r.panel).findByRole('alert')).toHaveTextContent('Could not load runs: Request failed with status code 500');
    api.listFlowRuns.mockResolvedValueOnce([webhookRun]);
    await r.user.click(within(r.panel).getByRole('button', { name: 'Refresh' }));
    expect(await within(r.panel).findByTestId('run-run-new')).toHaveTextContent('Webhook');
    expect(within(r.panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.listFlowRuns).toHaveBeenCalledTimes(2);
  });

  it('refreshes every 5 s while open and stops when closed', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const api = fakeApi([graphFlow()]);
    api.listFlowRuns.mockResolvedValue([]);
    renderFlows({ route: '/flows/flow-1', api, user });
    await screen.findByRole('button', { name: 'New Workflow' });
    await user.click(screen.getByRole('button', { name: 'Runs' }));
    const panel = screen.getByRole('complementary', { name: 'Runs' });
    await within(panel).findByText('No runs yet');
    expect(api.listFlowRuns).toHaveBeenCalledTimes(1);

    api.listFlowRuns.mockResolvedValue([formRun]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(api.listFlowRuns).toHaveBeenCalledTimes(2);
    expect(within(panel).getByTestId('run-run-form')).toHaveTextContent('running');

    // the open run follows the refreshed data (a running run finishes)
    await user.click(within(panel).getByTestId('run-run-form'));
    expect(within(panel).getByTestId('runs-run-status')).toHaveTextContent('running');
    api.listFlowRuns.mockResolvedValue([{ ...formRun, status: 'succeeded', duration_ms: 90 }]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(within(panel).getByTestId('runs-run-status')).toHaveTextContent('succeeded');

    await user.click(screen.getByRole('button', { name: 'Close runs panel' }));
    const calls = api.listFlowRuns.mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(20_000);
    });
    expect(api.listFlowRuns).toHaveBeenCalledTimes(calls);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Runs' })).not.toBeInTheDocument());
  });
});
