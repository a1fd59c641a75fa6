import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteVersions, RemoteVersionsApi } from './remote-versions-api.js';
import { formatDateTime } from './format.js';
import { failureRate, RemoteVersionsDialog } from './RemoteVersions.js';

const at = '2026-11-23T20:00:00.000Z';
const data = (over: Partial<RemoteVersions> = {}): RemoteVersions => ({
  canChange: true,
  current: '1.1.0',
  canary: { version: '1.2.0', percent: 20 },
  versions: [
    {
      version: '1.2.0',
      entry: '/mfe/agents/1.2.0/mf-manifest.json',
      registeredAt: at,
      registeredBy: 'admin@accent.local',
      status: 'canary',
      requires: '^0.1',
      withdrawn: null,
      health: { loaded: 3, failed: 1 },
    },
    {
      version: '1.1.0',
      entry: '/mfe/agents/1.1.0/mf-manifest.json',
      registeredAt: at,
      registeredBy: 'admin@accent.local',
      status: 'current',
      requires: '^0.1',
      withdrawn: null,
      health: { loaded: 9, failed: 0 },
    },
    {
      version: '1.0.0',
      entry: '/mfe/agents/mf-manifest.json',
      registeredAt: at,
      registeredBy: null,
      status: 'withdrawn',
      requires: '^0.1',
      withdrawn: { at: '2026-11-23T21:30:00.000Z', reason: 'Canary Agents 1.0.0 was rolled back automatically: 4 of 4 visits failed (limit 25%).' },
      health: { loaded: 0, failed: 4 },
    },
  ],
  events: [
    {
      id: '3',
      action: 'canary-rolled-back',
      version: '1.0.1',
      detail: 'Canary Agents 1.0.1 was rolled back automatically: 3 of 4 visits failed (limit 25%).',
      at,
      by: null,
    },
    { id: '2', action: 'promote', version: '1.1.0', detail: 'from 1.0.0', at, by: 'admin@accent.local' },
  ],
  ...over,
});

function fakeApi() {
  return {
    get: jest.fn<RemoteVersionsApi['get']>(async () => data()),
    register: jest.fn<RemoteVersionsApi['register']>(async () => data()),
    promote: jest.fn<RemoteVersionsApi['promote']>(async (_id, v) => v),
    rollback: jest.fn<RemoteVersionsApi['rollback']>(async () => '1.0.0'),
    setCanary: jest.fn<RemoteVersionsApi['setCanary']>(async () => data()),
    stopCanary: jest.fn<RemoteVersionsApi['stopCanary']>(async () => data({ canary: null })),
  } satisfies RemoteVersionsApi;
}

describe('RemoteVersionsDialog', () => {
  it('shows history, current, canary, failures per version, and tells of an automatic rollback', async () => {
    const api = fakeApi();
    render(<RemoteVersionsDialog id="agents" api={api} onClose={() => {}} onChanged={async () => {}} />);
    const table = await screen.findByRole('table', { name: 'Agents versions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').firstChild?.textContent)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
    expect(rows[0]).toHaveTextContent('Canary');
    expect(rows[0]).toHaveTextContent('1 of 4 visits failed (25%)');
    expect(rows[1]).toHaveTextContent('Current');
    expect(rows[2]).toHaveTextContent('found at start');
    expect(screen.getByRole('alert')).toHaveTextContent('Canary Agents 1.0.1 was rolled back automatically: 3 of 4 visits failed (limit 25%).');
    expect(within(screen.getByRole('list', { name: 'Agents recent changes' })).getAllByRole('listitem')[1]).toHaveTextContent(
      'Promoted 1.1.0 · admin@accent.local',
    );
  });

  it('promotes, rolls back and starts a canary, then follows the change', async () => {
    const api = fakeApi();
    const onChanged = jest.fn(async () => {});
    const ui = userEvent.setup();
    render(<RemoteVersionsDialog id="agents" api={api} onClose={() => {}} onChanged={onChanged} />);
    await ui.click(await screen.findByRole('button', { name: 'Promote Agents 1.2.0' }));
    expect(api.promote).toHaveBeenCalledWith('agents', '1.2.0');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    await ui.click(screen.getByRole('button', { name: 'Roll back Agents' }));
    await waitFor(() => expect(api.rollback).toHaveBeenCalledWith('agents'));
    const share = screen.getByLabelText('Canary share (% of users)');
    await ui.clear(share);
    await ui.type(share, '150');
    expect(screen.getByRole('button', { name: 'Canary Agents 1.0.0' })).toBeDisabled();
    await ui.clear(share);
    await ui.type(share, '50');
    await ui.click(screen.getByRole('button', { name: 'Canary Agents 1.0.0' }));
    await waitFor(() => expect(api.setCanary).toHaveBeenCalledWith('agents', { version: '1.0.0', percent: 50 }));
  });

  it('promotes a withdrawn version only after saying when and why it was withdrawn', async () => {
    const api = fakeApi();
    const onChanged = jest.fn(async () => {});
    const ui = userEvent.setup();
    render(<RemoteVersionsDialog id="agents" api={api} onClose={() => {}} onChanged={onChanged} />);
    await ui.click(await screen.findByRole('button', { name: 'Promote Agents 1.0.0' }));
    const confirm = await screen.findByRole('dialog', { name: 'Promote Agents 1.0.0 again?' });
    expect(confirm).toHaveTextContent(
      `Agents 1.0.0 was withdrawn on ${formatDateTime('2026-11-23T21:30:00.000Z')}: Canary Agents 1.0.0 was rolled back automatically: 4 of 4 visits failed (limit 25%).`,
    );
    expect(confirm).toHaveTextContent('Promoting it serves it to every user at once.');
    expect(api.promote).not.toHaveBeenCalled();
    // cancelled: nothing happens
    await ui.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Promote Agents 1.0.0 again?' })).toBeNull();
    expect(api.promote).not.toHaveBeenCalled();
    // confirmed: promoted with the confirmation the server asks for
    await ui.click(screen.getByRole('button', { name: 'Promote Agents 1.0.0' }));
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Promote Agents 1.0.0 again?' })).getByRole('button', { name: 'Promote anyway' }),
    );
    await waitFor(() => expect(api.promote).toHaveBeenCalledWith('agents', '1.0.0', { confirmWithdrawn: true }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    // an available version is promoted at once, without the confirmation
    await ui.click(screen.getByRole('button', { name: 'Promote Agents 1.2.0' }));
    await waitFor(() => expect(api.promote).toHaveBeenLastCalledWith('agents', '1.2.0'));
  });

  it('shows a library administrator the registry read only, and says why', async () => {
    const api = fakeApi();
    api.get.mockResolvedValue(data({ canChange: false }));
    render(<RemoteVersionsDialog id="agents" api={api} onClose={() => {}} onChanged={async () => {}} />);
    await screen.findByRole('table', { name: 'Agents versions' });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Read only: releasing and promoting remotes is for studio operators, because every library of this studio loads the same remotes. An operator is named on the server with npm run admin -- operator --email <email>.',
    );
    for (const name of [/^Promote/, /^Canary Agents/, 'Roll back Agents', 'Stop canary', 'Register'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Register a Agents version' })).toBeNull();
    expect(screen.queryByLabelText('Canary share (% of users)')).toBeNull();
    // what it shows stays: versions, health and the trail
    expect(screen.getByRole('list', { name: 'Agents recent changes' })).toBeInTheDocument();
  });

  it('reads the versions again before the registry follows, keeping them on screen if that read fails', async () => {
    const api = fakeApi();
    api.get.mockResolvedValueOnce(data()).mockResolvedValueOnce(data({ current: '1.2.0', canary: null }));
    const readsWhenChanged: number[] = [];
    const onChanged = jest.fn(async () => void readsWhenChanged.push(api.get.mock.calls.length));
    const ui = userEvent.setup();
    render(<RemoteVersionsDialog id="agents" api={api} onClose={() => {}} onChanged={onChanged} />);
    await ui.click(await screen.findByRole('button', { name: 'Promote Agents 1.2.0' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(readsWhenChanged).toEqual([2]);
    expect(screen.getByText('Current:').querySelector('strong')).toHaveTextContent('1.2.0');
    expect(screen.queryByRole('button', { name: 'Stop canary' })).toBeNull();

    const { toast } = await import('@accent/shared/client');
    const error = jest.spyOn(toast, 'error');
    api.get.mockRejectedValueOnce(new Error('HTTP 503: Service Unavailable'));
    await ui.click(screen.getByRole('button', { name: 'Roll back Agents' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    expect(error).toHaveBeenCalledWith('Could not refresh', 'HTTP 503: Service Unavailable');
    expect(screen.getByRole('table', { name: 'Agents versions' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load the versions/)).toBeNull();
    error.mockRestore();
    toast.clear();
  });

  it('registers a version and shows the server’s refusal as it is', async () => {
    const api = fakeApi();
    const { ApiError } = await import('@accent/shared/client');
    const refusal = 'Agents 9.0.0 needs the studio contract ^9.0; this studio provides 0.1.0.';
    api.register.mockRejectedValueOnce(new ApiError(422, 'Unprocessable Entity', refusal, refusal));
    const ui = userEvent.setup();
    render(<RemoteVersionsDialog id="agents" api={api} onClose={() => {}} onChanged={async () => {}} />);
    const form = await screen.findByRole('form', { name: 'Register a Agents version' });
    await ui.click(within(form).getByRole('button', { name: 'Register' }));
    expect(within(form).getByText('Version is required')).toBeInTheDocument();
    await ui.type(within(form).getByLabelText(/Version/), '9.0.0');
    await ui.type(within(form).getByLabelText(/Manifest URL/), '/mfe/agents/9.0.0/mf-manifest.json');
    await ui.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Agents 9.0.0 needs the studio contract ^9.0; this studio provides 0.1.0.');
    expect(api.register).toHaveBeenCalledWith('agents', { version: '9.0.0', entry: '/mfe/agents/9.0.0/mf-manifest.json' });
  });

  it('words the health of a version', () => {
    expect(failureRate({ loaded: 0, failed: 0 })).toBe('No visits reported yet');
    expect(failureRate({ loaded: 1, failed: 3 })).toBe('3 of 4 visits failed (75%)');
  });
});
