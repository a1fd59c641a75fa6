import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import type { ServerInfo } from '@accent/shell-common';
import { ServersApiContext, type ServersApi } from './servers-api.js';
import { SERVERS_TEXTS, ServersPanel } from './ServersPanel.js';
import { renderWithApi } from '../app/testing.js';

const server = (over: Partial<ServerInfo>): ServerInfo => ({
  id: 'a',
  role: 'web',
  version: '0.1.0',
  host: 'web-1',
  pid: 101,
  storage_kind: 's3',
  storage_location: 'https://s3.example.com/studio-files',
  started_at: '2026-11-28T00:00:00.000Z',
  last_seen: '2026-11-28T01:00:00.000Z',
  live: true,
  this_server: false,
  ...over,
});

const renderPanel = (api: ServersApi) => renderWithApi(ServersApiContext, api, <ServersPanel />);

describe('Admin → Settings → Servers', () => {
  it('lists each server with its role, version, storage and last heartbeat', async () => {
    const list = jest.fn(async () => ({
      servers: [
        server({ id: 'a', this_server: true }),
        server({ id: 'b', role: 'worker', host: 'worker-1', pid: 202 }),
        server({ id: 'c', role: 'all', host: 'old', pid: 7, live: false, version: '0.0.9' }),
      ],
    }));
    renderPanel({ list });
    const table = await screen.findByRole('table', { name: 'Servers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['web-1 · 101 (this server)', 'worker-1 · 202 ', 'old · 7 ']);
    expect(within(rows[0]).getByText('Web')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Worker')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Web and worker')).toBeInTheDocument();
    expect(within(rows[2]).getByText('0.0.9')).toBeInTheDocument();
    expect(within(rows[0]).getByText('https://s3.example.com/studio-files')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/Running/)).toBeInTheDocument();
    expect(within(rows[2]).getByText(/Not seen lately/)).toBeInTheDocument();
    // one storage for the running ones: no warning
    expect(screen.queryByText(SERVERS_TEXTS.split)).not.toBeInTheDocument();
  });

  it('warns when running servers keep files in different places', async () => {
    renderPanel({
      list: async () => ({
        servers: [server({ id: 'a', storage_kind: 'folder', storage_location: 'web-1:/srv/data/storage' }), server({ id: 'b', host: 'web-2' })],
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVERS_TEXTS.split);
  });

  it('says a failed read with Retry, and reads again', async () => {
    const list = jest
      .fn<ServersApi['list']>()
      .mockRejectedValueOnce(new ApiError(403, 'Forbidden', 'Only administrators can do this.'))
      .mockResolvedValue({ servers: [server({})] });
    renderPanel({ list });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${SERVERS_TEXTS.loadFailed} HTTP 403: Only administrators can do this.`);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});
