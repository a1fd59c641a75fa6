import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, mission, renderMissions, signInAs } from '../testing/renderMissions.js';

const MINE = [
  mission({ id: 'a', name: 'Morning brief', status: 'active', user_id: 'u1', schedule: { type: 'scheduled', frequency: 'daily', time: '08:00' }, execution_count: 3, success_rate: 66.67 }),
  mission({ id: 'b', name: 'Month close', status: 'paused', user_id: 'u1', schedule: { type: 'scheduled', frequency: 'monthly', time: '18:00', dayOfMonth: 28 } }),
  mission({ id: 'c', name: 'Someone else', user_id: 'u2' }),
];

const card = (name: string) => screen.getByRole('article', { name });

let signOut: () => void = () => {};
beforeEach(() => {
  signOut = signInAs('member', 'u1');
});
afterEach(() => act(() => signOut()));

describe('My Missions', () => {
  it("lists the user's own missions (by user_id) with schedule text, status and figures", async () => {
    const r = renderMissions({ route: '/end-user/my-missions', api: fakeApi({ missions: MINE }) });
    expect(await screen.findByRole('article', { name: 'Morning brief' })).toBeInTheDocument();
    expect(r.api.listMissionsByUser).toHaveBeenCalledWith('u1');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-mission'))).toEqual(['a', 'b']);
    expect(within(card('Morning brief')).getByText('Daily at 08:00')).toBeInTheDocument();
    expect(within(card('Morning brief')).getByText('66.67%')).toBeInTheDocument();
    expect(within(card('Month close')).getByText('Monthly on the 28th at 18:00')).toBeInTheDocument();
    expect(within(card('Month close')).getByText('Paused')).toBeInTheDocument();
    expect(within(card('Morning brief')).getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/end-user/mission-results?mission=a');
  });

  it('Pause and Resume update the status', async () => {
    const r = renderMissions({ route: '/end-user/my-missions', api: fakeApi({ missions: MINE }) });
    await screen.findByRole('article', { name: 'Morning brief' });
    await r.user.click(within(card('Morning brief')).getByRole('button', { name: 'Pause' }));
    expect(r.api.updateMission).toHaveBeenCalledWith('a', { status: 'paused' });
    await waitFor(() => expect(within(card('Morning brief')).getByRole('button', { name: 'Resume' })).toBeInTheDocument());
    expect(r.notify.success).toHaveBeenCalledWith('Mission paused', '"Morning brief" is paused.');
    await r.user.click(within(card('Month close')).getByRole('button', { name: 'Resume' }));
    expect(r.api.updateMission).toHaveBeenCalledWith('b', { status: 'active' });
  });

  it('shows database errors of an update as a toast', async () => {
    const api = fakeApi({ missions: MINE });
    api.updateMission.mockRejectedValueOnce(new Error('database error: permission denied'));
    const r = renderMissions({ route: '/end-user/my-missions', api });
    await screen.findByRole('article', { name: 'Morning brief' });
    await r.user.click(within(card('Morning brief')).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Update failed', 'database error: permission denied'));
  });

  it('Run now, Edit and Create', async () => {
    const r = renderMissions({ route: '/end-user/my-missions', api: fakeApi({ missions: MINE }) });
    await screen.findByRole('article', { name: 'Morning brief' });
    await r.user.click(within(card('Month close')).getByRole('button', { name: 'Run now' }));
    expect(r.api.runNow).toHaveBeenCalledWith('b');
    await r.user.click(within(card('Month close')).getByRole('button', { name: 'Edit' }));
    expect(r.location()).toBe('/end-user/missions/edit/b');
  });

  it('Create goes to the end-user editor', async () => {
    const r = renderMissions({ route: '/end-user/my-missions', api: fakeApi({ missions: MINE }) });
    await screen.findByRole('article', { name: 'Morning brief' });
    await r.user.click(screen.getByRole('button', { name: '+ Create Mission' }));
    expect(r.location()).toBe('/end-user/missions/create');
  });

  it('Delete asks first, then removes the card', async () => {
    const r = renderMissions({ route: '/end-user/my-missions', api: fakeApi({ missions: MINE }) });
    await screen.findByRole('article', { name: 'Morning brief' });
    await r.user.click(within(card('Morning brief')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Mission' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Morning brief"? This action cannot be undone.');
    await r.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Morning brief' })).not.toBeInTheDocument());
    expect(r.api.deleteMission).toHaveBeenCalledWith('a');
  });

  it('has an empty state with Create, and an error state with Retry', async () => {
    const api = fakeApi({ missions: [] });
    api.listMissionsByUser.mockRejectedValueOnce(new Error('database error: boom'));
    const r = renderMissions({ route: '/end-user/my-missions', api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load missions: database error: boom');
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have no missions yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '+ Create Mission' })).toHaveLength(2);
  });
});
