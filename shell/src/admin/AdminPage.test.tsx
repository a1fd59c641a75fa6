import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { ADMIN, MEMBER, testSession } from '../app/testing.js';
import { NO_PERMISSION_MESSAGE } from './AdminPage.js';
import { adminCallCount, fakeAdminApi, renderAdmin } from './testing.js';

const session = testSession();
afterAll(() => session.stop());
afterEach(() => {
  localStorage.clear();
  toast.clear();
});

describe('Administration: access', () => {
  it.each([
    ['member', MEMBER],
    ['builder', { ...MEMBER, role: 'builder' as const }],
  ])('refuses a %s and requests no admin data', async (_name, user) => {
    await session.signIn(user);
    const admin = fakeAdminApi();
    await renderAdmin('?tab=users', { admin });
    expect(screen.getByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(NO_PERMISSION_MESSAGE);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(adminCallCount(admin)).toBe(0);
  });
});

describe('Administration: tabs', () => {
  it('opens on Users and loads only what the tab needs', async () => {
    await session.signIn(ADMIN);
    const { admin } = await renderAdmin();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'Users',
      'Model providers',
      'Connectors',
      'Settings',
      'Sign-in',
      'Remotes',
      'MCP servers',
      'API keys',
      'Audit log',
      'Analytics',
    ]);
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(admin.listUsers).toHaveBeenCalledTimes(1);
    expect(admin.listCredentials).not.toHaveBeenCalled();
  });

  it('deep links to a tab and keeps the tab in the address', async () => {
    await session.signIn(ADMIN);
    await renderAdmin('?tab=connectors');
    expect(screen.getByRole('tab', { name: 'Connectors' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Slack' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=settings');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Settings');
  });

  it('moves between tabs with the keyboard', async () => {
    await session.signIn(ADMIN);
    await renderAdmin('?tab=remotes');
    const remotes = screen.getByRole('tab', { name: 'Remotes' });
    remotes.focus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Model providers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=providers');
    expect(await screen.findByRole('heading', { name: 'Microsoft Azure' })).toBeInTheDocument();
  });

  it('falls back to Users for an unknown tab', async () => {
    await session.signIn(ADMIN);
    await renderAdmin('?tab=nope');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });
});
