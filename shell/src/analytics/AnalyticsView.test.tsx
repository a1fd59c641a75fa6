import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import type { AnalyticsResponse } from '@accent/shell-common';
import { ADMIN, MEMBER, agentItem, fakeServices, renderWithProviders, testSession } from '../app/testing.js';
import AnalyticsPage from '../end-user/AnalyticsPage.js';
import { AnalyticsApiContext, type AnalyticsApi } from './analytics-api.js';
import { ANALYTICS_TEXTS, AnalyticsView } from './AnalyticsView.js';
import { toCsv } from './csv.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());

const zero = { runs: 0, succeeded: 0, failed: 0, tokens_in: 0, tokens_out: 0, cost_usd: 0, unpriced: 0 };
const answer = (over: Partial<AnalyticsResponse> = {}): AnalyticsResponse => ({
  scope: 'library',
  period: { from: '2026-03-02T00:00:00.000Z', to: '2026-03-04T00:00:00.000Z', tz: 'UTC', bucket: 'day' },
  totals: { runs: 3, succeeded: 2, failed: 1, tokens_in: 1200, tokens_out: 300, cost_usd: 0.00036, unpriced: 1, success_rate: 2 / 3, p50_ms: 850, p95_ms: 12_400 },
  series: [
    { label: '2026-03-02', start: '2026-03-02T00:00:00.000Z', ...zero },
    { label: '2026-03-03', start: '2026-03-03T00:00:00.000Z', runs: 3, succeeded: 2, failed: 1, tokens_in: 1200, tokens_out: 300, cost_usd: 0.00036, unpriced: 1 },
  ],
  top_agents: [{ name: 'Lead Qualifier', runs: 3, succeeded: 2, failed: 1, tokens_in: 1200, tokens_out: 300, cost_usd: 0.00036, unpriced: 1 }],
  top_failures: [{ source: 'chatbot', name: 'Lead Qualifier', error: 'The model timed out', count: 1, last_run_id: '6f1c2a9e-0000-4000-8000-000000000001', last_at: '2026-03-03T10:00:00.000Z' }],
  ...over,
});

function fakeApi(first: AnalyticsResponse | Error = answer()) {
  const get = jest.fn<AnalyticsApi['get']>(async () => {
    if (first instanceof Error) throw first;
    return first;
  });
  const users = jest.fn<AnalyticsApi['users']>(async () => [{ id: '11111111-1111-4111-8111-111111111111', label: 'Max Member (max@accent.local)' }]);
  return { api: { get, users } satisfies AnalyticsApi, get, users };
}

const renderView = (api: AnalyticsApi, ui = <AnalyticsView admin />) =>
  renderWithProviders(<AnalyticsApiContext.Provider value={api}>{ui}</AnalyticsApiContext.Provider>, '/admin?tab=analytics', {
    services: fakeServices({ agents: [agentItem('Lead Qualifier'), agentItem('Writer')] }).services,
  });

describe('analytics view', () => {
  it('shows the figures, with the cost of unpriced runs left out and said why', async () => {
    const { api, get } = fakeApi();
    await renderView(api);
    expect(await screen.findByTestId('analytics-runs')).toHaveTextContent('3');
    expect(screen.getByTestId('analytics-success')).toHaveTextContent('66.7%');
    expect(screen.getByTestId('analytics-p50')).toHaveTextContent('850 ms');
    expect(screen.getByTestId('analytics-p95')).toHaveTextContent('12 s');
    expect(screen.getByTestId('analytics-tokens-in')).toHaveTextContent('1,200');
    expect(screen.getByTestId('analytics-cost')).toHaveTextContent('$0.000360+');
    expect(screen.getByText(/1 run used a model with no price/)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ period: '7d', tz: expect.any(String) }));
  });

  it('gives each chart a table for screen readers, shown instead of the chart on request', async () => {
    await renderView(fakeApi().api);
    const runs = await screen.findByRole('region', { name: ANALYTICS_TEXTS.runsTitle });
    const table = within(runs).getByRole('table', { name: ANALYTICS_TEXTS.runsTitle });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['DayRunsSucceededFailed', 'Mar 2000', 'Mar 3321']);
    const toggle = within(runs).getByRole('button', { name: ANALYTICS_TEXTS.showTable });
    await userEvent.click(toggle);
    expect(within(runs).getByRole('button', { name: ANALYTICS_TEXTS.showChart })).toHaveAttribute('aria-pressed', 'true');
    // one of the bucket's runs lacks a price: the known part, marked
    const usage = screen.getByRole('table', { name: ANALYTICS_TEXTS.usageTitle });
    expect(within(usage).getAllByRole('row')[2]).toHaveTextContent('Mar 31,200300$0.000360+');
  });

  it('lists the top failures with a link to the agent whose runs hold the trace', async () => {
    await renderView(fakeApi().api);
    const failures = await screen.findByRole('table', { name: ANALYTICS_TEXTS.failuresTitle });
    const link = within(failures).getByRole('link', { name: /Run 6f1c2a9e/ });
    expect(link).toHaveAttribute('href', '/agents/edit/Lead%20Qualifier?run=6f1c2a9e-0000-4000-8000-000000000001');
    expect(within(failures).getByText('The model timed out')).toBeInTheDocument();
  });

  it('asks again with the chosen filters; a custom range waits for both days', async () => {
    const { api, get } = fakeApi();
    await renderView(api);
    await screen.findByTestId('analytics-runs');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'chatbot');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'Writer');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'User' }), '11111111-1111-4111-8111-111111111111');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(expect.objectContaining({ period: '7d', source: 'chatbot', agent: 'Writer', user: '11111111-1111-4111-8111-111111111111' })),
    );
    const calls = get.mock.calls.length;
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'custom');
    expect(screen.getByText('Choose the first and last day of the range.')).toBeInTheDocument();
    expect(get.mock.calls.length).toBe(calls);
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-03');
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(expect.objectContaining({ period: 'custom', from: '2026-03-01', to: '2026-03-03' })));
  });

  it('says when there are no runs, and shows an error with Retry', async () => {
    const empty = fakeApi(answer({ totals: { ...zero, success_rate: null, p50_ms: null, p95_ms: null }, series: [], top_agents: [], top_failures: [] }));
    const first = await renderView(empty.api);
    expect(await screen.findByText('No runs in this period.')).toBeInTheDocument();
    expect(screen.getByTestId('analytics-success')).toHaveTextContent('—');
    expect(screen.getByText(ANALYTICS_TEXTS.noFailures)).toBeInTheDocument();
    first.unmount();

    const failing = fakeApi(new ApiError(400, 'Bad Request', 'tz: "X" is not a time zone this server knows'));
    await renderView(failing.api);
    expect(await screen.findByText('Could not load analytics: tz: "X" is not a time zone this server knows')).toBeInTheDocument();
    failing.get.mockResolvedValueOnce(answer());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('analytics-runs')).toHaveTextContent('3');
  });

  it("gives end users their own runs without the user filter or links into the editor", async () => {
    await session.signIn(MEMBER);
    try {
      const { api, users } = fakeApi(answer({ scope: 'own' }));
      await renderView(api, <AnalyticsPage />);
      expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
      expect(await screen.findByTestId('analytics-runs')).toHaveTextContent('3');
      expect(screen.queryByRole('combobox', { name: 'User' })).not.toBeInTheDocument();
      expect(users).not.toHaveBeenCalled();
      const failures = screen.getByRole('table', { name: ANALYTICS_TEXTS.failuresTitle });
      expect(within(failures).queryByRole('link')).not.toBeInTheDocument();
    } finally {
      await session.signIn(ADMIN);
    }
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(toCsv(['Agent', 'Runs'], [['A, "quoted"', 3], ['=cmd()', null]])).toBe('Agent,Runs\r\n"A, ""quoted""",3\r\n\'=cmd(),\r\n');
  });
});
