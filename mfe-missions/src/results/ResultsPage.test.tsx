import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, mission, run, renderMissions, signInAs } from '../testing/renderMissions.js';

const MISSIONS = [mission({ id: 'm1', name: 'Morning brief', user_id: 'u1' }), mission({ id: 'm2', name: 'Team digest', user_id: 'u2', scope: 'library' }), mission({ id: 'm3', name: 'Private of u2', user_id: 'u2' })];
const RUNS = [
  run({ id: 'r3', mission_id: 'm1', status: 'failed', output: null, error: 'No API key for openai', created_at: '2025-06-03T09:00:00Z', finished_at: '2025-06-03T09:00:02Z' }),
  run({
    id: 'r2',
    mission_id: 'm1',
    trigger: 'schedule',
    output: 'Top accounts:\n\n1. Acme\n2. Globex\n3. Initech\n4. Umbrella',
    deliveries: [
      { channel: 'feed', status: 'sent', detail: '' },
      { channel: 'email', status: 'sent', detail: 'to ops@acme.test' },
    ],
    created_at: '2025-06-02T09:00:00Z',
  }),
];

let signOut: () => void = () => {};
beforeEach(() => {
  signOut = signInAs('member', 'u1');
});
afterEach(() => act(() => signOut()));

describe('Mission results', () => {
  it("shows the user's runs newest first with mission name, status and the first lines of output", async () => {
    const r = renderMissions({ route: '/end-user/mission-results', api: fakeApi({ missions: MISSIONS, runs: RUNS }) });
    const feed = await screen.findByRole('list', { name: 'Mission results' });
    expect(r.api.listRuns).toHaveBeenCalledWith({ missionId: undefined, userId: 'u1', limit: 50 });
    const items = within(feed).getAllByRole('article');
    expect(items.map((a) => a.getAttribute('data-run'))).toEqual(['r3', 'r2']);
    expect(within(items[0]!).getByRole('heading', { name: 'Morning brief' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Failed')).toBeInTheDocument();
    expect(within(items[0]!).getByText('No API key for openai')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Scheduled')).toBeInTheDocument();
    // three non-empty lines
    expect(items[1]!.querySelector('p:nth-of-type(2)')!.textContent).toBe('Top accounts:\n1. Acme\n2. Globex');
  });

  it('opens the full output with whitespace kept, and the delivery results', async () => {
    const r = renderMissions({ route: '/end-user/mission-results', api: fakeApi({ missions: MISSIONS, runs: RUNS }) });
    const feed = await screen.findByRole('list', { name: 'Mission results' });
    await r.user.click(within(feed).getAllByRole('button', { name: 'View full result' })[1]!);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(/^Morning brief · /);
    expect(within(dialog).getByRole('region', { name: 'Output' }).querySelector('pre')!.textContent).toBe('Top accounts:\n\n1. Acme\n2. Globex\n3. Initech\n4. Umbrella');
    const deliveries = within(dialog).getByRole('region', { name: 'Deliveries' });
    expect(within(deliveries).getByText('Email')).toBeInTheDocument();
    expect(within(deliveries).getByText('to ops@acme.test')).toBeInTheDocument();
    await r.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a click anywhere on a result opens it', async () => {
    const r = renderMissions({ route: '/end-user/mission-results', api: fakeApi({ missions: MISSIONS, runs: RUNS }) });
    await screen.findByRole('list', { name: 'Mission results' });
    await r.user.click(screen.getByText('No API key for openai'));
    expect(within(screen.getByRole('dialog')).getByRole('region', { name: 'Error' })).toHaveTextContent('No API key for openai');
  });

  it('Refresh loads again, and the feed refreshes on its own', async () => {
    const api = fakeApi({ missions: MISSIONS, runs: [] });
    const r = renderMissions({ route: '/end-user/mission-results', api, refreshIntervalMs: 40 });
    expect(await screen.findByText('No mission results yet')).toBeInTheDocument();
    const before = api.listRuns.mock.calls.length;
    await waitFor(() => expect(api.listRuns.mock.calls.length).toBeGreaterThan(before));
    api.listRuns.mockResolvedValue(RUNS);
    await r.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('list', { name: 'Mission results' })).toBeInTheDocument();
  });

  it('can include runs of missions shared with the library (never private runs of others)', async () => {
    const runs = [...RUNS, run({ id: 'r9', mission_id: 'm2', user_id: 'u2' }), run({ id: 'r8', mission_id: 'm3', user_id: 'u2' })];
    const r = renderMissions({ route: '/end-user/mission-results', api: fakeApi({ missions: MISSIONS, runs }) });
    await screen.findByRole('list', { name: 'Mission results' });
    await r.user.click(screen.getByRole('checkbox', { name: 'Include missions shared with the library' }));
    await waitFor(() => expect(r.api.listRuns).toHaveBeenLastCalledWith({ missionId: undefined, userId: undefined, limit: 50 }));
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-run'))).toEqual(['r3', 'r2', 'r9']));
    expect(screen.getByRole('heading', { name: 'Team digest' })).toBeInTheDocument();
  });

  it('narrows to one mission with ?mission=', async () => {
    const r = renderMissions({ route: '/end-user/mission-results?mission=m1', api: fakeApi({ missions: MISSIONS, runs: RUNS }) });
    await screen.findByRole('list', { name: 'Mission results' });
    expect(r.api.listRuns).toHaveBeenCalledWith({ missionId: 'm1', userId: undefined, limit: 50 });
    expect(screen.getByText('Morning brief', { selector: 'strong' })).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Show all results' }));
    expect(r.location()).toBe('/end-user/mission-results');
  });

  it('shows a load error with Retry', async () => {
    const api = fakeApi({ missions: MISSIONS, runs: RUNS });
    api.listRuns.mockRejectedValueOnce(new Error('database error: relation "mission_runs" does not exist'));
    const r = renderMissions({ route: '/end-user/mission-results', api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load results: database error: relation "mission_runs" does not exist');
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Mission results' })).toBeInTheDocument();
  });
});
