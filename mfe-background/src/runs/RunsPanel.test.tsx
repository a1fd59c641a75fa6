import '../testing/jest-dom.d.ts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import { agent, fakeApi, renderBackground, run } from '../testing/renderBackground.js';

jest.setTimeout(20_000);
afterEach(() => {
  jest.useRealTimers();
});

const watcher = (status: 'active' | 'paused' | 'draft' = 'active') =>
  agent('bg-1', { name: 'Pipeline Watcher', category: 'Sales Analytics', description: 'd', systemPrompt: 'p', dataSources: ['salesforce'], deliveryChannels: ['email', 'dashboard'] }, status);

const failed = run('run-failed', {
  trigger: 'schedule',
  status: 'failed',
  output: null,
  error: 'The model provider answered 500',
  attempt: 2,
  max_attempts: 4,
  deliveries: [],
  sources: [{ source: 'salesforce', status: 'not_connected', detail: 'No Salesforce credentials' }],
  created_at: '2025-06-02T09:00:00.000Z',
  started_at: '2025-06-02T09:00:00.000Z',
  duration_ms: 800,
  in_feed: false,
});
const delivered = run('run-ok', {
  deliveries: [
    { channel: 'dashboard', status: 'sent', detail: 'Posted to the results feed' },
    { channel: 'email', status: 'failed', detail: 'SMTP is not configured' },
  ],
});

describe('Runs section', () => {
  it('lists runs with status, trigger, duration, attempt, deliveries, sources and errors; the output expands', async () => {
    const api = fakeApi([watcher()], [delivered, failed, run('other', { agent_id: 'bg-2' })]);
    const { user } = renderBackground({ route: '/background/bg-1', api });
    const section = await screen.findByRole('region', { name: 'Runs' });
    const list = await within(section).findByRole('list', { name: 'Agent runs' });
    expect(api.listRuns).toHaveBeenCalledWith('bg-1');
    const items = within(list).getAllByRole('article');
    expect(items).toHaveLength(2);

    const ok = screen.getByTestId('bg-run-run-ok');
    expect(within(ok).getByTestId('run-status')).toHaveTextContent('succeeded');
    expect(ok).toHaveTextContent('Run now');
    expect(ok).toHaveTextContent('2.5 s');
    expect(ok).toHaveTextContent('Attempt 1 of 4');
    expect(within(ok).getByTestId('delivery-dashboard')).toHaveTextContent('Dashboardsent');
    expect(within(ok).getByTestId('delivery-email')).toHaveTextContent('EmailfailedSMTP is not configured');
    expect(within(ok).getByTestId('source-salesforce')).toHaveTextContent('Salesforcecollected3 records');
    expect(ok.querySelector('time')).toHaveAttribute('dateTime', '2025-06-02T10:00:01.000Z');

    const bad = screen.getByTestId('bg-run-run-failed');
    expect(within(bad).getByTestId('run-status')).toHaveTextContent('failed');
    expect(bad).toHaveTextContent('Scheduled');
    expect(bad).toHaveTextContent('Attempt 2 of 4');
    expect(within(bad).getByTestId('run-error')).toHaveTextContent('The model provider answered 500');
    expect(within(bad).getByTestId('source-salesforce')).toHaveTextContent('not connected');
    expect(within(bad).queryByRole('button', { name: 'Show output' })).not.toBeInTheDocument();

    const show = within(ok).getByRole('button', { name: 'Show output' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(within(ok).getByRole('button', { name: 'Hide output' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(ok).getByLabelText('Run output')).toHaveTextContent('# Pipeline Three deals moved today.');
  });

  it('a run whose only source was not connected is "succeeded with warnings", saying why, in the Runs list and the results feed', async () => {
    const blind = run('run-blind', { sources: [{ source: 'salesforce', status: 'not_connected', detail: 'No Salesforce credentials' }] });
    const api = fakeApi([watcher()], [blind]);
    renderBackground({ route: '/background/bg-1', api });
    const item = await screen.findByTestId('bg-run-run-blind');
    expect(within(item).getByTestId('run-status')).toHaveTextContent('succeeded with warnings');
    expect(within(item).getByRole('note')).toHaveTextContent('No data source could be read (Salesforce: not connected): the output was written without their data.');
    // a run that read its source has no warning
    cleanup();
    renderBackground({ route: '/background/bg-1', api: fakeApi([watcher()], [run('run-fine')]) });
    const fine = await screen.findByTestId('bg-run-run-fine');
    expect(within(fine).getByTestId('run-status')).toHaveTextContent(/^succeeded$/);
    expect(within(fine).queryByRole('note')).not.toBeInTheDocument();
    // the dashboard's results feed says it too
    cleanup();
    renderBackground({ route: '/background', api: fakeApi([watcher()], [blind]) });
    expect(await within(await screen.findByTestId('feed-run-blind')).findByRole('note')).toHaveTextContent('No data source could be read');
  });

  it('downloads the formatted document with its file name', async () => {
    const api = fakeApi([watcher()], [run('run-ok', { format: 'pdf' })]);
    const { user, saveFile } = renderBackground({ route: '/background/bg-1', api });
    await user.click(await screen.findByRole('button', { name: 'Download PDF document' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(api.downloadDocument).toHaveBeenCalledWith('bg-1', 'run-ok');
    const [blob, filename] = saveFile.mock.calls[0]!;
    expect(filename).toBe('run-ok.md');
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('text/markdown');
  });

  it('reports a failed download', async () => {
    const api = fakeApi([watcher()], [run('run-ok')]);
    api.downloadDocument.mockRejectedValueOnce(new ApiError(404, 'Not Found', 'This run has no document'));
    const { user, notify, saveFile } = renderBackground({ route: '/background/bg-1', api });
    await user.click(await screen.findByRole('button', { name: 'Download Markdown document' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Download Failed', 'This run has no document'));
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('shows "No runs yet" and Run now for a saved agent', async () => {
    renderBackground({ route: '/background/bg-1', api: fakeApi([watcher()]) });
    expect(await screen.findByText('No runs yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run now' })).toBeInTheDocument();
  });

  it('has neither Runs nor Run now for a new agent', () => {
    const { api } = renderBackground({ route: '/background/new' });
    expect(screen.queryByRole('region', { name: 'Runs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
    expect(api.listRuns).not.toHaveBeenCalled();
  });

  it('Run now queues a run, then polls every 3 s until it has finished; polling stops on unmount', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const api = fakeApi([watcher()], []);
    const { notify, unmount } = renderBackground({ route: '/background/bg-1', api, user });
    await screen.findByText('No runs yet');
    expect(api.listRuns).toHaveBeenCalledTimes(1);

    // the queued run is not listed at once: keep looking
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(api.runNow).toHaveBeenCalledWith('bg-1'));
    expect(notify.success).toHaveBeenCalledWith('Run Queued', 'Pipeline Watcher is running now.');
    await waitFor(() => expect(api.listRuns).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Updating…')).toBeInTheDocument();

    api.runs.push(run('run-1', { status: 'queued', output: null, deliveries: [], sources: [], started_at: null, duration_ms: null }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(api.listRuns).toHaveBeenCalledTimes(3);
    expect(within(screen.getByTestId('bg-run-run-1')).getByTestId('run-status')).toHaveTextContent('queued');
    expect(screen.getByTestId('bg-run-run-1')).toHaveTextContent('Waiting to start…');

    api.runs[0] = { ...api.runs[0]!, status: 'running', started_at: '2025-06-02T10:00:01.000Z' };
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(within(screen.getByTestId('bg-run-run-1')).getByTestId('run-status')).toHaveTextContent('running');

    api.runs[0] = run('run-1');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(within(screen.getByTestId('bg-run-run-1')).getByTestId('run-status')).toHaveTextContent('succeeded');
    expect(within(screen.getByTestId('bg-run-run-1')).getByTestId('delivery-dashboard')).toHaveTextContent('sent');
    await waitFor(() => expect(screen.queryByText('Updating…')).not.toBeInTheDocument());
    const calls = api.listRuns.mock.calls.length;

    // finished: no more reads
    await act(async () => {
      await jest.advanceTimersByTimeAsync(15_000);
    });
    expect(api.listRuns).toHaveBeenCalledTimes(calls);

    // a pending run polls; leaving the editor stops it
    api.runs[0] = { ...api.runs[0]!, status: 'running' };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(screen.getByTestId('bg-run-run-1')).getByTestId('run-status')).toHaveTextContent('running'));
    unmount();
    const after = api.listRuns.mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(15_000);
    });
    expect(api.listRuns).toHaveBeenCalledTimes(after);
  });

  it("shows the server's reason when the agent may not run", async () => {
    const api = fakeApi([watcher('draft')]);
    api.runNow.mockRejectedValueOnce(new ApiError(409, 'Conflict', 'Publish the agent before running it.'));
    const { user, notify } = renderBackground({ route: '/background/bg-1', api });
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Run Failed', 'Publish the agent before running it.'));
    expect(notify.success).not.toHaveBeenCalled();
  });
});
