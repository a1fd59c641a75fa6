import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMember } from '@accent/shell-common';
import { ApiError } from '@accent/shared/client';
import { ADMIN, MEMBER, renderWithProviders, testSession, provide } from '../app/testing.js';
import MyTeamPage, { MY_TEAM_TEXTS } from './MyTeamPage.js';
import { TeamApiContext, type TeamApi } from './team-api.js';

const session = testSession();
afterAll(() => session.stop());

const MEMBERS: TeamMember[] = [
  { id: ADMIN.user_id, name: ADMIN.name, title: ADMIN.title, role: 'admin', team: null, last_active: '2026-11-23T09:30:00.000Z' },
  { id: 'u-bob', name: 'Bob Builder', title: 'Solutions engineer', role: 'builder', team: 'sales', last_active: '2026-11-20T15:00:00.000Z' },
  { id: MEMBER.user_id, name: MEMBER.name, title: '', role: 'member', team: 'marketing', last_active: null },
];

async function renderTeam(list: TeamApi['list'] = async () => MEMBERS) {
  const api = { list: jest.fn(list) };
  await renderWithProviders(provide(TeamApiContext, api, <MyTeamPage />), '/end-user/my-team');
  return api;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('My Team', () => {
  it("lists the library's members with title, role, team and last active, and marks you", async () => {
    await session.signIn(MEMBER);
    await renderTeam();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Title', 'Role', 'Team', 'Last active']);
    expect(cells(rowOf('Bob Builder'))).toEqual(['Solutions engineer', 'Builder', 'Sales', expect.stringMatching(/2026/)]);
    expect(within(rowOf('Max Member')).getByText('(you)')).toBeInTheDocument();
    expect(cells(rowOf('Max Member'))).toEqual(['—', 'End User', 'Marketing', 'Never']);
    // an end user gets no manage links
    expect(screen.queryByRole('link', { name: /^Manage / })).not.toBeInTheDocument();
  });

  it('finds people by any word of their name, title, role or team', async () => {
    await session.signIn(MEMBER);
    await renderTeam();
    const search = await screen.findByRole('searchbox', { name: MY_TEAM_TEXTS.search });
    await userEvent.type(search, 'builder');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(rowOf('Bob Builder')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'end user');
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual([expect.any(String), expect.stringContaining('Max Member')]);
    await userEvent.type(search, ' nobody');
    expect(screen.getByText(MY_TEAM_TEXTS.noMatch)).toBeInTheDocument();
  });

  it('gives an administrator a link to manage each member in Admin → Users', async () => {
    await session.signIn(ADMIN);
    await renderTeam();
    await screen.findByRole('table', { name: 'Members' });
    const manage = within(rowOf('Bob Builder')).getByRole('link', { name: 'Manage Bob Builder' });
    expect(manage).toHaveAttribute('href', '/admin?tab=users&user=u-bob');
    await userEvent.click(manage);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=users&user=u-bob');
  });

  it('says why it could not load, with Retry', async () => {
    await session.signIn(MEMBER);
    const api = await renderTeam(async () => {
      throw new ApiError(503, 'Service Unavailable', 'Database unavailable');
    });
    expect(await screen.findByText('Could not load your team: HTTP 503: Database unavailable')).toBeInTheDocument();
    api.list.mockResolvedValueOnce(MEMBERS);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
  });
});
