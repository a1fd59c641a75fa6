import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { Route } from 'react-router';
import type { AgentListItem } from '@accent/agents-common';
import { renderRoutes } from '../../../shared/src/ui/testing/renderWithSession.js';
import { routes } from '../routes.js';
import { fakeApi, listItem } from '../testing/renderAgents.js';
import { AgentsDataProvider } from './AgentsDataContext.js';
import { startAgentListEarly, takeEarlyAgentList } from './earlyList.js';

describe('agent list requested with the dashboard chunk', () => {
  it('hands the early request to the first load, once', async () => {
    const list = jest.fn(async (): Promise<AgentListItem[]> => [listItem('Early')]);
    startAgentListEarly(list);
    const taken = takeEarlyAgentList();
    expect(taken).not.toBeNull();
    expect(await taken).toEqual([listItem('Early')]);
    expect(takeEarlyAgentList()).toBeNull();
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('does not hand over a request older than a few seconds', () => {
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      startAgentListEarly(async () => []);
      now.mockReturnValue(1_006_000);
      expect(takeEarlyAgentList()).toBeNull();
    } finally {
      now.mockRestore();
    }
  });

  it('the /agents route asks for the list once: the dashboard takes the route’s request', async () => {
    const api = fakeApi([listItem('Lead Qualifier', 'Scores leads')]);
    const Dashboard = routes.find((r) => r.path === '/agents')!.Component!;
    renderRoutes({
      route: '/agents',
      store: createStore(),
      wrap: (router) => <AgentsDataProvider value={{ api }}>{router}</AgentsDataProvider>,
      routes: <Route path="/agents" element={<Dashboard />} />,
    });
    expect(await screen.findByText('Lead Qualifier')).toBeTruthy();
    expect(api.list).toHaveBeenCalledTimes(1);
  });
});
