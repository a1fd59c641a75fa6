// Admin → MCP servers: MCP servers whose tools the library's agents may use. Add one (address, transport,
// authentication; the secret is write-only), "Test connection" lists its tools before adding, each server
// shows its tools (Refresh reads them again), Remove after confirming. Private addresses need an entry
// in Settings → Allowed flow hosts (the server says so).
import { useMemo, useState, type FormEvent } from 'react';
import { api, ApiError, toast } from '@accent/shared/client';
import { ACTIONS_COLUMN, Button, Cell, ConfirmDialog, DataTable, Select, useQuery, TextField, StatusBadge } from '@accent/shared/ui';
import {
  MCP_AUTH_LABELS,
  MCP_AUTHS,
  MCP_TRANSPORT_LABELS,
  MCP_TRANSPORTS,
  type McpAuth,
  type McpServerInfo,
  type McpToolInfo,
  type McpTransport,
} from '@accent/shell-common';
import { errorMessage, formatDateTime } from './format.js';
import { createMcpServersApi, type McpServersApi } from './mcp-servers-api.js';
import styles from '../profile/Profile.module.css';

export const MCP_PANEL_TEXTS = {
  lead: 'Agents can use the tools of these MCP servers: attach them in the agent editor (Tools, or a step’s tools). A private address needs an entry in Settings → Allowed flow hosts.',
  none: 'No MCP servers yet.',
  loading: 'Loading MCP servers...',
  add: 'Add MCP server',
  name: 'Name',
  url: 'Server URL',
  transport: 'Transport',
  auth: 'Authentication',
  headerName: 'Header name',
  secret: 'Token or header value',
  test: 'Test connection',
  save: 'Add server',
  added: 'MCP server added',
  removed: 'MCP server removed',
  refresh: 'Refresh tools',
  remove: 'Remove',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeMessage: 'Agent steps using its tools report them missing until they are removed.',
  toolsFound: (n: number) => `${n} tool${n === 1 ? '' : 's'} found:`,
  tools: 'Tools',
  checked: 'Checked',
} as const;

const detailOf = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.detail ? error.detail : errorMessage(error));

export function McpServersPanel({ serversApi }: { serversApi?: McpServersApi }) {
  const mcp = useMemo(() => serversApi ?? createMcpServersApi(api), [serversApi]);
  const query = useQuery(['admin', 'mcp-servers'], () => mcp.list());
  const [removing, setRemoving] = useState<McpServerInfo | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      query.reload();
    } catch (e) {
      toast.error('Could not save', detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className={styles.lead}>{MCP_PANEL_TEXTS.lead}</p>
      <DataTable
        label="MCP servers"
        columns={[MCP_PANEL_TEXTS.name, MCP_PANEL_TEXTS.url, MCP_PANEL_TEXTS.tools, MCP_PANEL_TEXTS.checked, ACTIONS_COLUMN]}
        error={query.status === 'error' && detailOf(query.error)}
        loading={query.status === 'loading' && MCP_PANEL_TEXTS.loading}
        empty={MCP_PANEL_TEXTS.none}
      >
        {query.status === 'ready' &&
          query.data.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                {s.name}
                <StatusBadge tone="neutral">{MCP_TRANSPORT_LABELS[s.transport]}</StatusBadge>
              </th>
              <td className={styles.mono}>{s.url}</td>
              <td>{s.tools.map((t) => t.title ?? t.name).join(', ') || '—'}</td>
              <td>{s.tools_checked_at ? formatDateTime(s.tools_checked_at) : '—'}</td>
              <Cell kind="actions">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`${MCP_PANEL_TEXTS.refresh}: ${s.name}`}
                  onClick={() => void act(() => mcp.refresh(s.id), MCP_PANEL_TEXTS.refresh)}
                >
                  {MCP_PANEL_TEXTS.refresh}
                </Button>
                <Button size="sm" variant="ghost" aria-label={`${MCP_PANEL_TEXTS.remove}: ${s.name}`} onClick={() => setRemoving(s)}>
                  {MCP_PANEL_TEXTS.remove}
                </Button>
              </Cell>
            </tr>
          ))}
      </DataTable>
      <AddServerForm api={mcp} onAdded={() => query.reload()} />
      <ConfirmDialog
        open={removing !== null}
        title={MCP_PANEL_TEXTS.removeTitle(removing?.name ?? '')}
        message={MCP_PANEL_TEXTS.removeMessage}
        confirmLabel={MCP_PANEL_TEXTS.remove}
        danger
        busy={busy}
        onConfirm={() => {
          const server = removing;
          setRemoving(null);
          if (server) void act(() => mcp.remove(server.id), MCP_PANEL_TEXTS.removed);
        }}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function AddServerForm({ api: mcp, onAdded }: { api: McpServersApi; onAdded(): void }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [transport, setTransport] = useState<McpTransport>('streamable_http');
  const [auth, setAuth] = useState<McpAuth>('none');
  const [headerName, setHeaderName] = useState('');
  const [secret, setSecret] = useState('');
  const [tools, setTools] = useState<McpToolInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const body = () => ({ name, url, transport, auth, header_name: headerName, secret });

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(detailOf(e));
    } finally {
      setBusy(false);
    }
  }
  const test = () =>
    run(async () => {
      setTools(null);
      setTools(await mcp.test(body()));
    });
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await mcp.add(body());
      toast.success(MCP_PANEL_TEXTS.added);
      setName('');
      setUrl('');
      setSecret('');
      setTools(null);
      onAdded();
    });
  };

  return (
    <form className={styles.stack} onSubmit={add} aria-label={MCP_PANEL_TEXTS.add}>
      <h3 className={styles.subTitle}>{MCP_PANEL_TEXTS.add}</h3>
      <TextField label={MCP_PANEL_TEXTS.name} value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />
      <TextField
        label={MCP_PANEL_TEXTS.url}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        required
        placeholder="https://mcp.example.com/mcp"
      />
      <Select
        label={MCP_PANEL_TEXTS.transport}
        value={transport}
        options={MCP_TRANSPORTS.map((t) => ({ value: t, label: MCP_TRANSPORT_LABELS[t] }))}
        onChange={(e) => setTransport(e.target.value as McpTransport)}
      />
      <Select
        label={MCP_PANEL_TEXTS.auth}
        value={auth}
        options={MCP_AUTHS.map((a) => ({ value: a, label: MCP_AUTH_LABELS[a] }))}
        onChange={(e) => setAuth(e.target.value as McpAuth)}
      />
      {auth === 'header' && (
        <TextField label={MCP_PANEL_TEXTS.headerName} value={headerName} onChange={(e) => setHeaderName(e.target.value)} placeholder="X-Api-Key" />
      )}
      {auth !== 'none' && (
        <TextField label={MCP_PANEL_TEXTS.secret} type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} />
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {tools && (
        <div role="status">
          <p>{MCP_PANEL_TEXTS.toolsFound(tools.length)}</p>
          <ul aria-label="Tools found">
            {tools.map((t) => (
              <li key={t.name}>
                <strong>{t.title ?? t.name}</strong>
                {t.description ? ` — ${t.description}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" disabled={busy || !url} onClick={() => void test()}>
          {MCP_PANEL_TEXTS.test}
        </Button>
        <Button type="submit" disabled={busy}>
          {MCP_PANEL_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}
