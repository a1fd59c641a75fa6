import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditResponse } from '@accent/shell-common';
import { auditQueryParams, AuditApiContext, NO_AUDIT_FILTERS, type AuditApi, type AuditFilters } from './audit-api.js';
import { AuditPanel } from './AuditPanel.js';
import { renderWithApi } from '../app/testing.js';

const entry = (i: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: String(i),
  at: new Date(Date.UTC(2026, 10, 23, 10, 0, 0) - i * 60_000).toISOString(),
  actor_id: 'u-admin',
  actor_email: 'admin@accent.local',
  action: 'agent.save',
  target: `Agent ${i}`,
  details: { version: i },
  ip: '10.0.0.1',
  ...overrides,
});

/** Answers like the server: filters by actor and action, pages by limit and offset. */
function fakeAudit(entries: AuditEntry[]) {
  const list = jest.fn(async (filters: AuditFilters, page: { limit: number; offset: number }): Promise<AuditResponse> => {
    const matching = entries.filter(
      (e) => (!filters.actor || e.actor_email.includes(filters.actor.toLowerCase())) && (!filters.action || e.action === filters.action),
    );
    return { entries: matching.slice(page.offset, page.offset + page.limit), total: matching.length };
  });
  const api: AuditApi = { list };
  return { api, list };
}

const renderPanel = (api: AuditApi) => renderWithApi(AuditApiContext, api, <AuditPanel />);

describe('Admin → Audit log', () => {
  it('shows the newest entries in a table with a caption and column headers', async () => {
    const { api } = fakeAudit([
      entry(1, { action: 'user.update', target: 'max@accent.local', details: { role: 'builder', active: false } }),
      entry(2, {
        action: 'auth.sign_in_failed',
        actor_id: null,
        actor_email: 'nobody@accent.local',
        target: '',
        details: { reason: 'unknown account' },
      }),
    ]);
    renderPanel(api);
    const table = await screen.findByRole('table', { name: 'Audit log, newest first: entries 1 to 2 of 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Actor', 'Action', 'Target', 'Details', 'Address']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Changed a user')).toBeInTheDocument();
    expect(within(rows[0]).getByText('role: builder · active: false')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Sign-in failed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('nobody@accent.local')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('rowheader').querySelector('time')).toHaveAttribute('datetime', entry(2).at);
  });

  it('applies the filters when the form is submitted, not on every key', async () => {
    const { api, list } = fakeAudit([entry(1), entry(2, { actor_email: 'bob@accent.local', action: 'flow.deploy', target: 'Leads', details: {} })]);
    renderPanel(api);
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Actor' }), 'bob');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Deployed a flow');
    expect(list).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const table = await screen.findByRole('table', { name: /of 1$/ });
    expect(within(table).getByText('Deployed a flow')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ actor: 'bob', action: 'flow.deploy', from: '', to: '' }, { limit: 50, offset: 0 });

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('table', { name: /of 2$/ })).toBeInTheDocument();
  });

  it('pages through older entries', async () => {
    const { api, list } = fakeAudit(Array.from({ length: 120 }, (_, i) => entry(i + 1)));
    renderPanel(api);
    await screen.findByRole('table', { name: 'Audit log, newest first: entries 1 to 50 of 120' });
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByRole('table', { name: 'Audit log, newest first: entries 51 to 100 of 120' });
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByRole('table', { name: 'Audit log, newest first: entries 101 to 120 of 120' });
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(list).toHaveBeenLastCalledWith(NO_AUDIT_FILTERS, { limit: 50, offset: 100 });
  });

  it('says so when nothing matches, and shows a failure with Retry', async () => {
    const { api } = fakeAudit([]);
    renderPanel(api);
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();

    const failing: AuditApi = { list: jest.fn(async () => Promise.reject(new Error('Only administrators can do this.'))) };
    renderPanel(failing);
    expect(await screen.findByText('Could not load the audit log: Only administrators can do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the loading state while another page loads, and reads the same page again on Retry', async () => {
    const { api, list } = fakeAudit(Array.from({ length: 60 }, (_, i) => entry(i + 1)));
    renderPanel(api);
    await screen.findByRole('table', { name: /entries 1 to 50 of 60/ });
    let fail!: () => void;
    list.mockImplementationOnce(() => new Promise((_, reject) => (fail = () => reject(new Error('HTTP 503: Service Unavailable')))));
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(screen.getByText('Loading the audit log...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    fail();
    expect(await screen.findByText('Could not load the audit log: HTTP 503: Service Unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /entries 51 to 60 of 60/ })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(NO_AUDIT_FILTERS, { limit: 50, offset: 50 });
  });
});

describe('auditQueryParams', () => {
  it("sends the calendar days as the instants they start and end in the browser's time zone", () => {
    const params = auditQueryParams({ actor: '  Bob ', action: 'agent.save', from: '2026-11-01', to: '2026-11-23' }, { limit: 50, offset: 0 });
    expect(params).toEqual({
      limit: 50,
      offset: 0,
      actor: 'Bob',
      action: 'agent.save',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 24).toISOString(),
    });
    expect(auditQueryParams(NO_AUDIT_FILTERS, { limit: 10, offset: 20 })).toEqual({ limit: 10, offset: 20 });
  });
});
