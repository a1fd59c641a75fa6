import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@accent/shared';
import { ADMIN, MEMBER, fakeServices, renderWithProviders, testSession } from '../app/testing.js';
import { Sidebar } from './Sidebar.js';
import { setContentEnabled } from './navItems.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());
afterEach(() => localStorage.clear());

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const navLink = (name: string) => within(nav()).queryByRole('link', { name });
const location = () => screen.getByTestId('location').textContent;
/** The visible labels of the sidebar's links, in order. */
const labels = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.querySelector('span')?.textContent);

describe('Sidebar', () => {
  it('shows the admin items and the Admin link outside /end-user', async () => {
    await renderWithProviders(<Sidebar />, '/home');
    expect(labels()).toEqual(['Home', 'Agents', 'Flows', 'Magic Pages', 'Missions', 'Knowledge', 'Files', 'Admin']);
    expect(navLink('Home')).toHaveAttribute('href', '/home');
    expect(navLink('Agents')).toHaveAttribute('href', '/agents');
    expect(navLink('Flows')).toHaveAttribute('href', '/flows');
    expect(navLink('Magic Pages')).toHaveAttribute('href', '/pages2');
    expect(navLink('Missions')).toHaveAttribute('href', '/missions');
    expect(navLink('Knowledge')).toHaveAttribute('href', '/knowledge');
    expect(navLink('Files')).toHaveAttribute('href', '/files');
    expect(navLink('Admin')).toHaveAttribute('href', '/admin');
  });

  it('shows a member the admin-mode items without the Admin link, which would only say no permission', async () => {
    await session.signIn(MEMBER);
    try {
      await renderWithProviders(<Sidebar />, '/home');
      expect(labels()).toEqual(['Home', 'Agents', 'Flows', 'Magic Pages', 'Missions', 'Knowledge', 'Files']);
      expect(navLink('Admin')).toBeNull();
    } finally {
      await session.signIn(ADMIN);
    }
  });

  it('shows the end-user items under /end-user', async () => {
    await renderWithProviders(<Sidebar />, '/end-user/dashboard');
    expect(labels()).toEqual(['Dashboard', 'My Team', 'Magic Pages', 'Missions', 'Files']);
    expect(navLink('Dashboard')).toHaveAttribute('href', '/end-user/dashboard');
    expect(navLink('My Team')).toHaveAttribute('href', '/end-user/my-team');
    expect(navLink('Magic Pages')).toHaveAttribute('href', '/end-user/magic-pages');
    expect(navLink('Missions')).toHaveAttribute('href', '/end-user/mission-results');
    expect(navLink('Files')).toHaveAttribute('href', '/end-user/files');
    expect(navLink('Agents')).toBeNull();
    expect(navLink('Admin')).toBeNull();
  });

  it('marks the active item', async () => {
    await renderWithProviders(<Sidebar />, '/agents/new');
    expect(navLink('Agents')).toHaveAttribute('aria-current', 'page');
    expect(navLink('Home')).not.toHaveAttribute('aria-current');
  });

  it('starts collapsed and expands and collapses with its toggle', async () => {
    await renderWithProviders(<Sidebar />, '/home');
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // collapsed: icons with accessible names, and tooltips hidden from assistive technology
    const tooltip = navLink('Agents')!.querySelector('[data-tooltip]');
    expect(tooltip).toHaveTextContent('Agents');
    expect(tooltip).toHaveAttribute('aria-hidden', 'true');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Collapse sidebar');
    expect(navLink('Agents')!.querySelector('[data-tooltip]')).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Expand sidebar');
  });

  it('shows Content (experimental) only when the feature flag is on', async () => {
    await renderWithProviders(<Sidebar />, '/home');
    expect(screen.queryByText('Content')).toBeNull();

    act(() => setContentEnabled(true));
    expect(localStorage.getItem(STORAGE_KEYS.contentFeatureFlag)).toBe('on');
    const content = within(nav()).getByRole('link', { name: /^Content/ });
    expect(content).toHaveAttribute('href', '/content');
    expect(within(content).getByText('experimental')).toBeInTheDocument();

    act(() => setContentEnabled(false));
    expect(within(nav()).queryByRole('link', { name: /^Content/ })).toBeNull();
  });

  it('reads the flag from localStorage on start, and only the value "on" counts', async () => {
    localStorage.setItem(STORAGE_KEYS.contentFeatureFlag, 'true');
    const first = await renderWithProviders(<Sidebar />, '/home');
    expect(within(nav()).queryByRole('link', { name: /^Content/ })).toBeNull();
    first.unmount();
    localStorage.setItem(STORAGE_KEYS.contentFeatureFlag, 'on');
    await renderWithProviders(<Sidebar />, '/home');
    expect(within(nav()).getByRole('link', { name: /^Content/ })).toBeInTheDocument();
  });

  it('never shows Content in end-user mode', async () => {
    localStorage.setItem(STORAGE_KEYS.contentFeatureFlag, 'on');
    await renderWithProviders(<Sidebar />, '/end-user/dashboard');
    expect(within(nav()).queryByRole('link', { name: /^Content/ })).toBeNull();
  });

  it('falls back to the text "Accent" when the logo image fails to load', async () => {
    await renderWithProviders(<Sidebar />, '/home');
    const img = screen.getByRole('img', { name: 'Accent' });
    fireEvent.error(img);
    expect(screen.queryByRole('img', { name: 'Accent' })).toBeNull();
    expect(screen.getByTestId('logo-fallback')).toHaveTextContent('Accent');
  });
});

describe('profile menu', () => {
  const trigger = () => screen.getByRole('button', { name: /account menu/i });

  it('shows the user’s initials, name and role', async () => {
    await renderWithProviders(<Sidebar defaultExpanded />, '/home');
    expect(trigger()).toHaveAccessibleName('Account menu: Ada Lovelace, Administrator');
    expect(trigger().querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AL');
    expect(within(trigger()).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(trigger()).getByText('Administrator')).toBeInTheDocument();
  });

  it('Settings only closes the menu', async () => {
    await renderWithProviders(<Sidebar />, '/home');
    await userEvent.click(trigger());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(location()).toBe('/home');
  });

  it('switches to end-user mode and back', async () => {
    await renderWithProviders(<Sidebar />, '/home');
    await userEvent.click(trigger());
    expect(screen.queryByRole('menuitem', { name: 'Switch to Admin Mode' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Switch to End-User Mode' }));
    expect(location()).toBe('/end-user/dashboard');
    expect(navLink('Dashboard')).toBeInTheDocument();

    await userEvent.click(trigger());
    expect(screen.queryByRole('menuitem', { name: 'Switch to End-User Mode' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Switch to Admin Mode' }));
    expect(location()).toBe('/home');
    expect(navLink('Agents')).toBeInTheDocument();
  });

  it('works from the keyboard', async () => {
    await renderWithProviders(<Sidebar />, '/home');
    trigger().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Switch to End-User Mode' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(location()).toBe('/end-user/dashboard');
  });

  it('Profile opens the account page', async () => {
    await renderWithProviders(<Sidebar />, '/end-user/dashboard');
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(location()).toBe('/profile');
  });

  it('Logout signs out and goes to the landing page', async () => {
    const { services, logout } = fakeServices();
    await renderWithProviders(<Sidebar />, '/home', { services });
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/landing');
  });

  it('shows an end user’s role', async () => {
    await session.signIn(MEMBER);
    try {
      await renderWithProviders(<Sidebar />, '/end-user/dashboard');
      expect(trigger()).toHaveAccessibleName('Account menu: Max Member, End User');
    } finally {
      await session.signIn(ADMIN);
    }
  });
});
