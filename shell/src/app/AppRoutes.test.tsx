import { afterAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteModule } from '@accent/shared';
import { ADMIN, MEMBER, agentItem, fakeLoader, fakeServices, registryEntry, renderApp, settle, testSession } from './testing.js';

const session = testSession();
afterAll(() => session.stop());
const location = () => screen.getByTestId('location').textContent;

// The first test runs before anything has settled the session: status is still 'unknown'.
describe('while the session is being restored', () => {
  it('shows a loading state on a protected route, not the login page', async () => {
    await renderApp('/home');
    expect(screen.getByText('Restoring your session...')).toBeInTheDocument();
    expect(location()).toBe('/home');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});

describe('signed out', () => {
  beforeEach(() => session.signOut());

  it('sends a protected route to /login and back there after signing in', async () => {
    await renderApp('/end-user/my-tools?tab=1');
    expect(location()).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    await session.signIn(ADMIN);
    expect(await screen.findByRole('heading', { name: 'My Tools' })).toBeInTheDocument();
    expect(location()).toBe('/end-user/my-tools?tab=1');
  });

  it('sends / to the landing page', async () => {
    await renderApp('/');
    expect(location()).toBe('/landing');
    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
  });

  it('protects remote areas too', async () => {
    await renderApp('/agents');
    expect(location()).toBe('/login');
  });

  it('shows /landing and /login without the sidebar', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows the published page route without signing in', async () => {
    const page: RemoteModule = { id: 'pages', routes: [{ path: '/p/:slug', Component: () => <h1>Published page</h1> }] };
    const { services } = fakeServices({ registry: [registryEntry('pages')] });
    const { loader } = fakeLoader(async () => ({ default: page }));
    await renderApp('/p/welcome', { services, loader });
    expect(await screen.findByRole('heading', { name: 'Published page' })).toBeInTheDocument();
    expect(location()).toBe('/p/welcome');
  });
});

describe('signed in', () => {
  beforeEach(() => session.signIn(ADMIN));

  it('sends / to /home', async () => {
    await renderApp('/');
    expect(location()).toBe('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeInTheDocument();
  });

  it('sends /login to /home', async () => {
    await renderApp('/login');
    expect(location()).toBe('/home');
  });

  it('sends /end-user to the end-user dashboard', async () => {
    await renderApp('/end-user');
    expect(location()).toBe('/end-user/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
  });

  it('sends /analytics to the analytics each role may see: Admin → Analytics, or /end-user/analytics', async () => {
    await renderApp('/analytics');
    expect(location()).toBe('/admin?tab=analytics');
    expect(await screen.findByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    cleanup();
    await session.signIn(MEMBER);
    await renderApp('/analytics');
    expect(location()).toBe('/end-user/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
  });

  it('renders pages inside the sidebar layout', async () => {
    await renderApp('/deploy');
    expect(await screen.findByRole('heading', { name: 'Agent Deployment' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows Not Found with a link home for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(location()).toBe('/home');
  });

  it('shows the not-installed screen for areas missing from the registry', async () => {
    const { services } = fakeServices({ registry: [registryEntry('agents')] });
    for (const [path, title] of [
      ['/missions', 'Missions'],
      ['/flows', 'AI Flows'],
      ['/background', 'Background Agents'],
      ['/pages', 'Pages'],
    ] as const) {
      const view = await renderApp(path, { services });
      expect(await screen.findByText(`The ${title} area is not installed.`)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('Logout goes to the landing page, not to the login page, and /home then needs a login', async () => {
    const { services } = fakeServices();
    const logout = jest.fn(() => session.manager.logout());
    await renderApp('/home', { services: { ...services, session: { logout } } });
    await userEvent.click(screen.getByRole('button', { name: /account menu/i }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    expect(location()).toBe('/landing');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }));
    expect(location()).toBe('/login');
    await session.signIn(ADMIN);
    expect(location()).toBe('/home');
  });

  it('keeps the sidebar and the other areas working when a remote fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { services } = fakeServices({ registry: [registryEntry('agents', 'http://127.0.0.1:9/mf-manifest.json')], agents: [agentItem('Lead Qualifier')] });
      const { loader } = fakeLoader(async () => {
        throw new Error('Failed to fetch');
      });
      await renderApp('/agents', { services, loader });
      expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
      await userEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Home' }));
      expect(location()).toBe('/home');
      expect(await screen.findByTestId('agent-count')).toHaveTextContent('1');
      expect(screen.queryByText('This area is unavailable')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('the login page', () => {
  beforeEach(() => session.signOut());
  afterEach(() => localStorage.clear());

  it('centres the shared login form', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('goes to /home after signing in when no page was remembered', async () => {
    await renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' });
    await session.signIn(ADMIN);
    await settle();
    expect(location()).toBe('/home');
  });
});
