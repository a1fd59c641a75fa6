import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { demoAgent, fakeApi, listItem, renderAgents } from '../testing/renderAgents.js';

function setup(experimentalProjects: boolean, random = () => 0.5) {
  const api = fakeApi([listItem('Lead Qualifier', 'Scores inbound leads')]);
  api.demoAgents.mockResolvedValue([
    demoAgent('Pipeline Forecaster', 'Forecasts the quarter from the CRM pipeline', 'Sales'),
    demoAgent('Helpful Widget', 'Does a little of everything', 'General'),
  ]);
  return renderAgents({ api, adminSettings: { experimentalProjects }, random });
}

const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('presentation mode', () => {
  it('is off by default: no demo agents are loaded or shown', async () => {
    const r = setup(false);
    await screen.findByRole('heading', { level: 3, name: 'Lead Qualifier' });
    expect(cardNames()).toEqual(['Lead Qualifier']);
    expect(r.api.demoAgents).not.toHaveBeenCalled();
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
  });

  it('with experimentalProjects on, adds the demo agents with a Demo badge, rated 4.7 + random up to 0.6 (real agents 4.5)', async () => {
    const r = setup(true, () => 0.5);
    const demo = await screen.findByRole('article', { name: 'Pipeline Forecaster' });
    expect(r.api.demoAgents).toHaveBeenCalledTimes(1);
    expect(cardNames()).toEqual(['Lead Qualifier', 'Pipeline Forecaster', 'Helpful Widget']);
    expect(within(demo).getByText('Demo')).toBeInTheDocument();
    expect(within(demo).getByText('Sales')).toBeInTheDocument();
    expect(within(demo).getByText(/Rating/).parentElement).toHaveTextContent('Rating 5.0');
    const real = screen.getByRole('article', { name: 'Lead Qualifier' });
    expect(within(real).queryByText('Demo')).not.toBeInTheDocument();
    expect(within(real).getByText(/Rating/).parentElement).toHaveTextContent('Rating 4.5');
    // the keyword category (General) shows on the card
    expect(within(screen.getByRole('article', { name: 'Helpful Widget' })).getByText('General')).toBeInTheDocument();
  });

  it('keeps ratings between 4.7 and 5.3', async () => {
    setup(true, () => 0);
    expect(within(await screen.findByRole('article', { name: 'Pipeline Forecaster' })).getByText(/Rating/).parentElement).toHaveTextContent('Rating 4.7');
  });

  it('demo agents are read-only: no actions menu, and opening one shows its description instead of the editor', async () => {
    const r = setup(true);
    const demo = await screen.findByRole('article', { name: 'Pipeline Forecaster' });
    expect(within(demo).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    await r.user.click(demo);
    const dialog = screen.getByRole('dialog', { name: 'Pipeline Forecaster' });
    expect(within(dialog).getByText('Forecasts the quarter from the CRM pipeline')).toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent('read-only');
    expect(within(dialog).getByText('region')).toBeInTheDocument();
    expect(r.location()).toBe('/agents');
    await r.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('search and the category filter include demo agents', async () => {
    const r = setup(true);
    await screen.findByRole('article', { name: 'Pipeline Forecaster' });
    await r.user.type(screen.getByPlaceholderText('Search agents...'), 'forecast');
    expect(cardNames()).toEqual(['Pipeline Forecaster']);
  });

  it('says when the demo agents cannot be loaded, keeping the library’s agents, and retries', async () => {
    const api = fakeApi([listItem('Lead Qualifier', 'Scores inbound leads')]);
    api.demoAgents.mockRejectedValueOnce(new Error('HTTP 500: Internal Server Error')).mockResolvedValueOnce([demoAgent('Pipeline Forecaster', 'Forecasts', 'Sales')]);
    const r = renderAgents({ api, adminSettings: { experimentalProjects: true } });
    expect(await screen.findByText('Demo agents could not be loaded: HTTP 500: Internal Server Error')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Lead Qualifier' })).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Pipeline Forecaster' })).toBeInTheDocument();
  });
});
