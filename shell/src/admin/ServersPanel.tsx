// Admin → Settings → Servers: the server processes sharing this studio's database (registered with a
// heartbeat): role, version, where each keeps files, last seen. Servers that keep files in different
// places split them (an upload through one is missing through another), so that is said above the table.
import type { ServerInfo } from '@accent/shell-common';
import { Button, DataTable, useQuery } from '@accent/shared/ui';
import { errorMessage, formatDateTime } from './format.js';
import { useServersApi } from './servers-api.js';
import { SettingsBlock } from './SettingsBlock.js';

export const SERVERS_TEXTS = {
  title: 'Servers',
  lead: 'The server processes sharing this database. Web servers serve people, workers run schedules and jobs; "all" does both (SERVER_ROLE).',
  loading: 'Loading servers...',
  loadFailed: 'Could not load the servers.',
  refresh: 'Refresh',
  none: 'No server has registered yet.',
  split:
    'These servers keep files in different places: a file uploaded through one is missing through another. Give them the same S3-compatible storage (STORAGE_S3_*).',
  roles: { all: 'Web and worker', web: 'Web', worker: 'Worker' },
  storage: { folder: 'Folder', s3: 'S3' },
  live: 'Running',
  gone: 'Not seen lately',
  thisServer: '(this server)',
} as const;

const placeOf = (server: ServerInfo) => `${server.storage_kind}:${server.storage_location}`;

export function ServersPanel() {
  const servers = useServersApi();
  const loaded = useQuery(['admin', 'servers'], () => servers.list());
  const live = loaded.status === 'ready' ? loaded.data.servers.filter((s) => s.live) : [];
  const split = new Set(live.map(placeOf)).size > 1;

  return (
    <SettingsBlock
      title={SERVERS_TEXTS.title}
      lead={SERVERS_TEXTS.lead}
      loadError={loaded.status === 'error' ? errorMessage(loaded.error) : null}
      loadFailed={SERVERS_TEXTS.loadFailed}
      onRetry={loaded.reload}
      data={loaded.status === 'ready' ? loaded.data : undefined}
      loading={SERVERS_TEXTS.loading}
    >
      {({ servers: list }) =>
        list.length === 0 ? (
          <p>{SERVERS_TEXTS.none}</p>
        ) : (
          <>
            {split && <p role="alert">{SERVERS_TEXTS.split}</p>}
            <DataTable label={SERVERS_TEXTS.title} columns={['Server', 'Role', 'Version', 'Storage', 'Last seen']}>
              {list.map((server) => (
                <tr key={server.id}>
                  <th scope="row">
                    {server.host} · {server.pid} {server.this_server && SERVERS_TEXTS.thisServer}
                  </th>
                  <td>{SERVERS_TEXTS.roles[server.role]}</td>
                  <td>{server.version}</td>
                  <td>
                    {SERVERS_TEXTS.storage[server.storage_kind]} <code>{server.storage_location}</code>
                  </td>
                  <td>
                    {formatDateTime(server.last_seen)} · {server.live ? SERVERS_TEXTS.live : SERVERS_TEXTS.gone}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Button variant="secondary" size="sm" onClick={loaded.reload}>
              {SERVERS_TEXTS.refresh}
            </Button>
          </>
        )
      }
    </SettingsBlock>
  );
}
