import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, agentItem, fakeServices, registryEntry, renderWithProviders, testSession } from '../app/testing.js';
import { AnalyticsApiContext, type AnalyticsApi } from '../analytics/analytics-api.js';
import HomePage from './HomePage.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());
const location = () => screen.getByTestId('location').textContent;

describe('Home', () => {
  it('welcomes the user and offers Configure Assist and Configure Magic', async () => {
    await renderWithProviders(<HomePage />, '/home');
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Configure Assist/ })).toHaveAttribute('href', '/accent-assist');
    await userEvent.click(screen.getByRole('link', { name: /Configure Magic/ }));
    expect(location()).toBe('/deploy');
  });

  it('counts the agents the server lists', async () => {
    const { services, listAgents } = fakeServices({ agents: [agentItem('A'), agentItem('B'), agentItem('C')] });
    await renderWithProviders(<HomePage />, '/home', { services });
    expect(await screen.findByTestId('agent-count')).toHaveTextContent('3');
    expect(screen.getByText('agents in your library')).toBeInTheDocument();
    expect(listAgents).toHaveBeenCalledTimes(1);
  });

  it('says when the count cannot be loaded, and retries', async () => {
    const { services, listAgents } = fakeServices({ agents: new Error('HTTP 503: Service Unavailable') });
    await renderWithProviders(<HomePage />, '/home', { services });
    expect(await screen.findByText('Could not count agents: HTTP 503: Service Unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('agent-count')).toBeNull();
    listAgents.mockResolvedValueOnce([agentItem('A')]);
    // the library's Retry (the analytics section below has its own)
    await userEvent.click(within(screen.getByRole('region', { name: 'Your library' })).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('agent-count')).toHaveTextContent('1');
  });

  it('has the shortcuts', async () => {
    await renderWithProviders(<HomePage />, '/home');
    expect(screen.getByRole('link', { name: 'Create agent' })).toHaveAttribute('href', '/agents?create');
    expect(screen.getByRole('link', { name: 'Open Agents' })).toHaveAttribute('href', '/agents');
    expect(screen.getByRole('link', { name: 'Agent Deployment' })).toHaveAttribute('href', '/deploy');
  });

  it('lists which areas are installed', async () => {
    const { services } = fakeServices({ registry: [registryEntry('agents')] });
    await renderWithProviders(<HomePage />, '/home', { services });
    const areas = screen.getByRole('region', { name: 'Installed areas' });
    const row = (title: string) => within(areas).getByText(title).closest('li')!;
    expect(row('Agents')).toHaveTextContent('Installed · v1.0.0');
    expect(row('AI Flows')).toHaveTextContent('Not installed');
    expect(row('Missions')).toHaveTextContent('Not installed');
  });

  it("shows administrators the library's analytics, with a link to the full screen", async () => {
    const figures = { runs: 4, succeeded: 3, failed: 1, tokens_in: 10, tokens_out: 5, cost_usd: 0.01, unpriced: 0 };
    const analyticsApi: AnalyticsApi = {
      get: async () => ({
        scope: 'library',
        period: { from: '2026-03-02T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z', tz: 'UTC', bucket: 'day' },
        totals: { ...figures, success_rate: 0.75, p50_ms: 100, p95_ms: 900 },
        series: [{ label: '2026-03-08', start: '2026-03-08T00:00:00.000Z', ...figures }],
        top_agents: [],
        top_failures: [],
      }),
      users: async () => [],
    };
    await renderWithProviders(
      <AnalyticsApiContext.Provider value={analyticsApi}>
        <HomePage />
      </AnalyticsApiContext.Provider>,
      '/home',
    );
    const section = screen.getByRole('region', { name: 'Analytics' });
    expect(await within(section).findByTestId('analytics-runs')).toHaveTextContent('4');
    expect(within(section).getByTestId('analytics-success')).toHaveTextContent('75.0%');
    expect(within(section).getByRole('link', { name: 'Open analytics' })).toHaveAttribute('href', '/admin?tab=analytics');
  });
});
