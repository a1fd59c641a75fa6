import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER, agentItem, fakeServices, renderWithProviders, testSession } from '../app/testing.js';
import EndUserDashboard from './EndUserDashboard.js';
import MyToolsPage from './MyToolsPage.js';

const session = testSession();
beforeAll(() => session.signIn(MEMBER));
afterAll(() => session.stop());

describe('end-user pages', () => {
  it('dashboard greets the user, shows the library’s agents and links to the areas', async () => {
    const { services } = fakeServices({ agents: [agentItem('Lead Qualifier'), agentItem('Market Researcher')] });
    await renderWithProviders(<EndUserDashboard />, '/end-user/dashboard', { services });
    expect(screen.getByRole('heading', { name: 'Hello, Max Member' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Lead Qualifier' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Market Researcher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My Missions/ })).toHaveAttribute('href', '/end-user/my-missions');
    expect(screen.getByRole('link', { name: /Mission results/ })).toHaveAttribute('href', '/end-user/mission-results');
    // the end user's Analytics, in the route table but in no sidebar
    expect(screen.getByRole('link', { name: /Analytics/ })).toHaveAttribute('href', '/end-user/analytics');
  });

  it('my tools shows the spec’s loading, error and empty texts', async () => {
    const { services, listAgents } = fakeServices({ agents: new Error('HTTP 500: Internal Server Error') });
    await renderWithProviders(<MyToolsPage />, '/end-user/my-tools', { services });
    expect(await screen.findByText('Failed to load agents: HTTP 500: Internal Server Error')).toBeInTheDocument();
    listAgents.mockResolvedValueOnce([]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No agents found')).toBeInTheDocument();
  });
});
