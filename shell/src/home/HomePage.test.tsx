import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, agentItem, fakeServices, registryEntry, renderWithProviders, testSession } from '../app/testing.js';
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
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('agent-count')).toHaveTextContent('1');
  });

  it('has the shortcuts', async () => {
    await renderWithProviders(<HomePage />, '/home');
    expect(screen.getByRole('link', { name: 'Create agent' })).toHaveAttribute('href', '/agents/new');
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
});
