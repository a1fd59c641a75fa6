// Admin → Remotes: the runtime registry (DESIGN.md §3). "Edit" points one remote at another build
// (PUT /api/v1/remotes/:id: how a feature team deploys its remote alone), "Reset" removes that override
// (DELETE). Next to the registry: the Module Federation entry live in this tab (tab overrides included)
// and whether its module is loaded.
import { useCallback, useState } from 'react';
import { REMOTE_IDS, REMOTE_TITLES, type RemoteId, type RemoteRegistryEntry } from '@accent/shared';
import { ApiError, toast } from '@accent/shared/client';
import {
  ACTIONS_COLUMN,
  Button,
  Cell,
  ConfirmDialog,
  DataTable,
  FormDialog,
  LoadingState,
  Notice,
  ErrorState,
  useQuery,
  TextField,
  StatusBadge,
} from '@accent/shared/ui';
import { useServices } from '../app/services.js';
import { useRemotes } from '../remotes/RemotesProvider.js';
import { errorMessage } from './format.js';
import { remoteVersionsApi, type RemoteVersions, type RemoteVersionsApi } from './remote-versions-api.js';
import { autoRollbacks, READ_ONLY_REGISTRY, RemoteVersionsDialog, requiredErrors } from './RemoteVersions.js';
import { useAdminServices } from './services.js';
import { useFieldForm } from './useFieldForm.js';
import { useQuietRefresh } from './useQuietRefresh.js';
import styles from './Admin.module.css';

/** The server's rule for an entry: an http(s) URL or a path on this origin. */
export const isValidEntry = (v: string) => /^https?:\/\/\S+$/i.test(v) || /^\/\S*$/.test(v);

interface Row {
  id: RemoteId;
  title: string;
  registry: RemoteRegistryEntry | undefined;
}

/** Each area's versions; an area whose versions cannot be read is left out (the table still works). */
async function allVersions(api: RemoteVersionsApi): Promise<Partial<Record<RemoteId, RemoteVersions>>> {
  const found = await Promise.all(
    REMOTE_IDS.map((id) =>
      api.get(id).then(
        (v) => [id, v] as const,
        () => null,
      ),
    ),
  );
  return Object.fromEntries(found.filter((f) => f !== null));
}

export function RemotesPanel({ versionsApi = remoteVersionsApi }: { versionsApi?: RemoteVersionsApi } = {}) {
  const { remotes } = useServices();
  const { admin } = useAdminServices();
  const live = useRemotes();
  const fetchRegistry = useCallback(() => remotes.list(), [remotes]);
  const state = useQuery(['admin', 'remotes', 'registry'], fetchRegistry);
  const refreshRegistry = useQuietRefresh(state, fetchRegistry);
  const fetchVersions = useCallback(() => allVersions(versionsApi), [versionsApi]);
  const overview = useQuery(['admin', 'remotes', 'versions'], fetchVersions);
  const refreshVersions = useQuietRefresh(overview, fetchVersions);
  const [versionsOf, setVersionsOf] = useState<RemoteId | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const [resetting, setResetting] = useState<Row | null>(null);
  const [resetBusy, setResetBusy] = useState(false);

  /** The registry changed: show it, and let this tab's federation runtime follow it. */
  const afterChange = async () => {
    await Promise.all([refreshRegistry(), refreshVersions()]);
    await live.refresh();
  };
  const versions = overview.status === 'ready' ? overview.data : {};
  // read only when the server says so (a library administrator); unknown: the buttons stay and the server decides
  const known = Object.values(versions);
  const readOnly = known.length > 0 && known.every((v) => !v.canChange);
  const rolledBack = REMOTE_IDS.flatMap((id) => autoRollbacks(versions[id]?.events ?? []));

  async function confirmReset() {
    const row = resetting;
    if (!row) return;
    setResetBusy(true);
    try {
      await admin.resetRemote(row.id);
      toast.success(`${row.title} reset`, 'Back to the configured build.');
      await afterChange();
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) toast.info(`${row.title} has no registry override`, 'Nothing to reset.');
      else toast.error(`Could not reset ${row.title}`, errorMessage(e));
    } finally {
      setResetBusy(false);
      setResetting(null);
    }
  }

  const rows: Row[] =
    state.status === 'ready' ? REMOTE_IDS.map((id) => ({ id, title: REMOTE_TITLES[id], registry: state.data.find((e) => e.id === id) })) : [];
  const tabOverrides = live.registry.entries.filter((e) => e.overridden);

  return (
    <div className={styles.panelBody}>
      <p className={styles.lead}>
        Where each feature area is loaded from. A team releases a new version of its area alone (<code>pnpm release &lt;area&gt;</code>), registers it
        under Versions (its <code>mf-manifest.json</code> is checked first), then promotes it or gives it to a share of users as a canary; open pages
        switch the next time someone enters the area. Reset goes back to the build this server is configured with.
      </p>
      {rolledBack.map((e) => (
        <Notice key={e.id} tone="danger" role="alert">
          {e.detail}
        </Notice>
      ))}
      {readOnly && (
        <p className={styles.note} role="note">
          {READ_ONLY_REGISTRY}
        </p>
      )}
      {state.status === 'loading' && <LoadingState text="Loading the registry..." />}
      {state.status === 'error' && <ErrorState message={`Could not load the registry: ${errorMessage(state.error)}`} onRetry={state.reload} />}
      {state.status === 'ready' && (
        <DataTable caption="Remote registry" hiddenCaption columns={['Area', 'Registry entry', 'Version', 'Live in this tab', ACTIONS_COLUMN]}>
          {rows.map((row) => {
            const current = live.entryFor(row.id);
            const loaded = current ? live.cache.peek(current) !== undefined : false;
            return (
              <tr key={row.id}>
                <th scope="row">
                  {row.title}
                  <span className={styles.subtle}>{row.id}</span>
                </th>
                <td>
                  {row.registry ? (
                    <>
                      <span className={styles.mono}>{row.registry.entry}</span>
                      <span className={styles.subtle}>{row.registry.name}</span>
                    </>
                  ) : (
                    <StatusBadge tone="neutral">Not installed</StatusBadge>
                  )}
                </td>
                <td>
                  {row.registry?.version ?? <span className={styles.muted}>—</span>}
                  {versions[row.id]?.canary && (
                    <span className={styles.badgeRow}>
                      <StatusBadge tone="info">{`Canary ${versions[row.id]!.canary!.version} · ${versions[row.id]!.canary!.percent}%`}</StatusBadge>
                    </span>
                  )}
                </td>
                <td>
                  {current ? (
                    <>
                      <span className={styles.mono}>{current.entry}</span>
                      <span className={styles.badgeRow}>
                        {current.overridden && <StatusBadge tone="info">Tab override</StatusBadge>}
                        <StatusBadge tone={loaded ? 'success' : 'neutral'}>{loaded ? 'Loaded' : 'Not loaded yet'}</StatusBadge>
                      </span>
                    </>
                  ) : (
                    <span className={styles.muted}>Not registered</span>
                  )}
                </td>
                <Cell kind="actions">
                  <Button size="sm" variant="secondary" onClick={() => setVersionsOf(row.id)} aria-label={`${row.title} versions`}>
                    Versions
                  </Button>
                  {!readOnly && (
                    <>
                      <Button size="sm" variant="secondary" onClick={() => setEditing(row)} aria-label={`Edit ${row.title} entry`}>
                        Edit
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setResetting(row)} disabled={!row.registry} aria-label={`Reset ${row.title}`}>
                        Reset
                      </Button>
                    </>
                  )}
                </Cell>
              </tr>
            );
          })}
        </DataTable>
      )}
      {tabOverrides.length > 0 && (
        <div className={styles.note} role="note">
          <strong>Overridden in this tab only:</strong>
          <ul>
            {tabOverrides.map((o) => (
              <li key={o.id}>
                {REMOTE_TITLES[o.id]} → <code>{o.entry}</code>
              </li>
            ))}
          </ul>
          <span>
            Set with <code>?remote.&lt;id&gt;=&lt;url&gt;</code>; remove one with <code>?remote.&lt;id&gt;=</code>.
          </span>
        </div>
      )}

      {versionsOf && <RemoteVersionsDialog id={versionsOf} api={versionsApi} onClose={() => setVersionsOf(null)} onChanged={afterChange} />}
      {editing && (
        <RemoteDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await afterChange();
          }}
        />
      )}
      <ConfirmDialog
        open={resetting !== null}
        busy={resetBusy}
        title={`Reset ${resetting?.title ?? ''}?`}
        message={`The registry override of ${resetting?.title ?? ''} is removed: it goes back to the build this server is configured with (or the one built with it).`}
        confirmLabel="Reset"
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetting(null)}
      />
    </div>
  );
}

function RemoteDialog({ row, onClose, onSaved }: { row: Row; onClose: () => void; onSaved: () => Promise<void> }) {
  const { admin } = useAdminServices();
  const form = useFieldForm({ entry: row.registry?.entry ?? `/mfe/${row.id}/mf-manifest.json`, version: row.registry?.version ?? '' }, [
    'entry',
    'version',
  ]);
  const { values } = form;

  function submit() {
    const { entry, version } = values;
    const found = requiredErrors(values);
    if (!found.entry && !isValidEntry(entry.trim())) found.entry = 'Entry must be an http(s) URL or a path starting with /';
    if (form.show(found)) return;
    void form.send(async () => {
      const saved = await admin.setRemote(row.id, { entry, version });
      toast.success('Registry updated', `${row.title} is now version ${saved.version}.`);
      await onSaved();
    });
  }

  return (
    <FormDialog title={`Edit ${row.title} entry`} submitLabel="Save" onClose={onClose} onSubmit={submit} {...form.dialog}>
      <TextField
        label="Entry"
        required
        spellCheck={false}
        autoCapitalize="off"
        hint="The URL of the build's mf-manifest.json, e.g. https://cdn.example.com/agents/1.4.0/mf-manifest.json"
        {...form.field('entry')}
      />
      <TextField label="Version" required {...form.field('version')} />
    </FormDialog>
  );
}
