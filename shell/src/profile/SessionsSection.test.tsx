import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { ADMIN, fakeServices, renderWithProviders, testSession, provide } from '../app/testing.js';
import { AccountSecurityApiContext, type AccountSecurityApi } from './account-security-api.js';
import { SESSIONS_TEXTS as T, SessionsSection } from './SessionsSection.js';
import { fakeAccountSecurityApi, sessionRow } from './testing.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());
afterEach(() => toast.clear());

const ROWS = [
  sessionRow('s-here', { device: 'Chrome on macOS', current: true, two_factor: true }),
  sessionRow('s-phone', { device: 'Safari on iOS', ip: '10.0.0.2', last_ip: '10.0.0.9' }),
  sessionRow('s-laptop', { device: 'Firefox on Windows', ip: '10.0.0.3', last_ip: '10.0.0.3' }),
];

const renderSection = (api: AccountSecurityApi, services = fakeServices().services) =>
  renderWithProviders(provide(AccountSecurityApiContext, api, <SessionsSection />), '/profile', { services });

const location = () => screen.getByTestId('location').textContent;

describe('Profile → Sessions', () => {
  it('lists the sessions with device, address and which one is this', async () => {
    await renderSection(fakeAccountSecurityApi({ sessions: ROWS }));
    const table = await screen.findByRole('table', { name: T.title });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent(`Chrome on macOS${T.thisSession}`);
    expect(rows[1]).toHaveTextContent('10.0.0.9 (from 10.0.0.2)');
  });

  it('signs out one other session after confirming', async () => {
    const api = fakeAccountSecurityApi({ sessions: ROWS });
    await renderSection(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out: Safari on iOS' }));
    const dialog = screen.getByRole('dialog', { name: T.oneTitle('Safari on iOS') });
    await userEvent.click(within(dialog).getByRole('button', { name: T.signOut }));
    expect(api.endSession).toHaveBeenCalledWith('s-phone');
    expect(await screen.findByText(T.signedOutOne)).toBeInTheDocument();
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
  });

  it('signs out the other sessions, keeping this one', async () => {
    const api = fakeAccountSecurityApi({ sessions: ROWS });
    await renderSection(api);
    await userEvent.click(await screen.findByRole('button', { name: T.signOutOthers }));
    await userEvent.click(within(screen.getByRole('dialog', { name: T.othersTitle })).getByRole('button', { name: T.signOutOthers }));
    expect(api.signOut).toHaveBeenCalledWith('others');
    expect(await screen.findByText(T.noOthers)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.signOutOthers })).toBeDisabled();
    expect(location()).toBe('/profile');
  });

  it('signs out everywhere: the server ends every session, then this browser signs out', async () => {
    const api = fakeAccountSecurityApi({ sessions: ROWS });
    const { services, logout } = fakeServices();
    await renderSection(api, services);
    await userEvent.click(await screen.findByRole('button', { name: T.signOutEverywhere }));
    await userEvent.click(within(screen.getByRole('dialog', { name: T.everywhereTitle })).getByRole('button', { name: T.signOutEverywhere }));
    expect(api.signOut).toHaveBeenCalledWith('global');
    await waitFor(() => expect(location()).toBe('/landing'));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
