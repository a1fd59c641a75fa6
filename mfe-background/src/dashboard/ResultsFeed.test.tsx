import '../testing/jest-dom.d.ts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import { agent, fakeApi, renderBackground, run } from '../testing/renderBackground.js';

jest.setTimeout(20_000);
afterEach(() => {
  jest.useRealTimers();
});

const longOutput = ['# Weekly pipeline', 'Line two', 'Line three', 'Line four is only in the full result'].join('\n');

describe('Results feed', () => {
  it("lists what agents delivered to the dashboard, newest first, with the agent's name, time and an expandable output", async () => {
    const api = fakeApi(
      [agent('bg-1', { name: 'Pipeline Watcher' }, 'active')],
      [
        run('r2', { agent_id: 'bg-1', agent_name: 'Pipeline Watcher', output: longOutput, started_at: '2025-06-03T08:00:00.000Z' }),
        run('r1', { agent_id: 'bg-2', agent_name: 'Competitor Radar', output: 'Prices unchanged.' }),
        run('hidden', { in_feed: false, output: 'not in the feed' }),
      ],
    );
    const { user, location } = renderBackground({ api });
    const section = await screen.findByRole('region', { name: 'Results' });
    const list = await within(section).findByRole('list', { name: 'Delivered results' });
    expect(api.listFeed).toHaveBeenCalledTimes(1);
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading').textContent)).toEqual(['Pipeline Watcher', 'Competitor Radar']);
    expect(within(section).queryByText('not in the feed')).not.toBeInTheDocument();

    const first = screen.getByTestId('feed-r2');
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2025-06-03T08:00:00.000Z');
    expect(first).toHaveTextContent('# Weekly pipeline Line two Line three');
    expect(first).not.toHaveTextContent('Line four');
    await user.click(within(first).getByRole('button', { name: 'Show full result' }));
    expect(within(first).getByLabelText('Result of Pipeline Watcher')).toHaveTextContent('Line four is only in the full result');
    expect(within(first).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    // a short output has nothing more to show
    expect(within(screen.getByTestId('feed-r1')).queryByRole('button', { name: 'Show full result' })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('link', { name: 'Pipeline Watcher' }));
    expect(location()).toBe('/background/bg-1');
  });

  it('says when there are no results, and shows a load error with Retry', async () => {
    const api = fakeApi();
    api.listFeed.mockRejectedValueOnce(new Error('database error: down'));
    const { user } = renderBackground({ api });
    const section = await screen.findByRole('region', { name: 'Results' });
    expect(await within(section).findByText('Could not load results: database error: down')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: /Retry/ }));
    expect(await within(section).findByText('No results yet')).toBeInTheDocument();
  });
});

describe('Run now from the card menu', () => {
  it('queues a run and polls the feed every 3 s until its result arrives', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const api = fakeApi([agent('bg-1', { name: 'Pipeline Watcher' }, 'active')]);
    const { notify } = renderBackground({ api, user });
    await screen.findByText('No results yet');
    await user.click(screen.getByRole('button', { name: 'Actions for Pipeline Watcher' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Duplicate', 'Run now', 'Pause', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Run now' }));
    await waitFor(() => expect(api.runNow).toHaveBeenCalledWith('bg-1'));
    expect(notify.success).toHaveBeenCalledWith('Run Queued', 'Pipeline Watcher is running now.');
    expect(await screen.findByText('Waiting for results…')).toBeInTheDocument();

    const calls = api.listFeed.mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(api.listFeed).toHaveBeenCalledTimes(calls + 1);

    api.runs.push(run('run-1', { agent_id: 'bg-1', output: 'Fresh result' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByTestId('feed-run-1')).toHaveTextContent('Fresh result');
    await waitFor(() => expect(screen.queryByText('Waiting for results…')).not.toBeInTheDocument());
    const done = api.listFeed.mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(15_000);
    });
    expect(api.listFeed).toHaveBeenCalledTimes(done);
  });

  it("shows the server's reason when the agent may not run", async () => {
    const api = fakeApi([agent('bg-1', { name: 'Draft One' }, 'draft')]);
    api.runNow.mockRejectedValueOnce(new ApiError(409, 'Conflict', 'Only active or paused agents can run.'));
    const { user, notify } = renderBackground({ api });
    await user.click(await screen.findByRole('button', { name: 'Actions for Draft One' }));
    await user.click(screen.getByRole('menuitem', { name: 'Run now' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Run Failed', 'Only active or paused agents can run.'));
    expect(screen.queryByText('Waiting for results…')).not.toBeInTheDocument();
  });
});
