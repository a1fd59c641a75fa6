// Admin → Remotes → Versions of one area: its history (who registered each version, when), the current
// version and the canary, loads and failures reported by browsers per version, and the buttons that
// register, promote, roll back and run a canary. Every change is in the registry's trail (Recent changes).
import { useCallback, useState, type FormEvent } from 'react';
import { REMOTE_TITLES, type RemoteId } from '@accent/shared';
import { toast } from '@accent/shared/client';
import {
  ACTIONS_COLUMN,
  Button,
  Cell,
  ConfirmDialog,
  DataTable,
  LoadingState,
  Modal,
  Notice,
  ErrorState,
  useQuery,
  TextField,
  StatusBadge,
  type StatusTone,
} from '@accent/shared/ui';
import { cx } from './cx.js';
import { errorMessage, formatDateTime } from './format.js';
import {
  remoteVersionsApi,
  type RemoteEvent,
  type RemoteVersion,
  type RemoteVersions as Versions,
  type RemoteVersionsApi,
} from './remote-versions-api.js';
import { useFieldForm, type FieldErrors } from './useFieldForm.js';
import { useQuietRefresh } from './useQuietRefresh.js';
import styles from './Admin.module.css';

const STATUS_TONE: Record<RemoteVersion['status'], StatusTone> = { current: 'success', canary: 'info', available: 'neutral', withdrawn: 'neutral' };

const STATUS_LABEL: Record<RemoteVersion['status'], string> = {
  current: 'Current',
  canary: 'Canary',
  available: 'Available',
  withdrawn: 'Withdrawn',
};

export const ACTION_LABEL: Record<string, string> = {
  register: 'Registered',
  promote: 'Promoted',
  rollback: 'Rolled back to',
  canary: 'Canary started',
  'canary-stop': 'Canary stopped',
  'canary-rolled-back': 'Canary rolled back automatically',
  reset: 'Reset to the configured build',
};

/** Share of a version's visits that failed, as text. */
export function failureRate({ loaded, failed }: RemoteVersion['health']): string {
  const total = loaded + failed;
  return total === 0 ? 'No visits reported yet' : `${failed} of ${total} visits failed (${Math.round((failed / total) * 100)}%)`;
}

/** What the admin is told before a withdrawn version is served again. */
export function withdrawnText(title: string, v: Pick<RemoteVersion, 'version' | 'withdrawn'>): string {
  const when = v.withdrawn?.at ? ` on ${formatDateTime(v.withdrawn.at)}` : '';
  return `${title} ${v.version} was withdrawn${when}: ${v.withdrawn?.reason ?? 'its reason was not recorded.'} Promoting it serves it to every user at once.`;
}

/** Why a library administrator sees the registry without its buttons (the server refuses them too). */
export const READ_ONLY_REGISTRY =
  'Read only: releasing and promoting remotes is for studio operators, because every library of this studio loads the same remotes. An operator is named on the server with npm run admin -- operator --email <email>.';

/** The automatic rollbacks among recent changes: what admins must be told. */
export const autoRollbacks = (events: RemoteEvent[]) => events.filter((e) => e.action === 'canary-rolled-back');

export interface RemoteVersionsDialogProps {
  id: RemoteId;
  onClose: () => void;
  /** after a change: the registry list and this tab's registry follow it */
  onChanged: () => Promise<void>;
  api?: RemoteVersionsApi;
}

export function RemoteVersionsDialog({ id, onClose, onChanged, api = remoteVersionsApi }: RemoteVersionsDialogProps) {
  const title = REMOTE_TITLES[id];
  const fetchVersions = useCallback(() => api.get(id), [api, id]);
  const state = useQuery(['admin', 'remote-versions', id], fetchVersions);
  const refresh = useQuietRefresh(state, fetchVersions);
  const [busy, setBusy] = useState<string | null>(null);
  const [canaryPercent, setCanaryPercent] = useState('10');
  /** a withdrawn version the admin asked to promote: confirmed first */
  const [promoting, setPromoting] = useState<RemoteVersion | null>(null);

  async function act(label: string, run: () => Promise<string>) {
    setBusy(label);
    try {
      const done = await run();
      toast.success(done);
      await refresh();
      await onChanged();
    } catch (e) {
      toast.error(`Could not ${label.toLowerCase()}`, errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  const promote = (v: string, options?: { confirmWithdrawn: true }) =>
    act(`Promote ${v}`, async () => `${title} ${await (options ? api.promote(id, v, options) : api.promote(id, v))} is now current.`);

  const percent = Number(canaryPercent);
  const percentOk = Number.isInteger(percent) && percent >= 1 && percent <= 99;

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title={`${title} versions`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {state.status === 'loading' && <LoadingState text="Loading the versions..." />}
      {state.status === 'error' && <ErrorState message={`Could not load the versions: ${errorMessage(state.error)}`} onRetry={state.reload} />}
      {state.status === 'ready' && (
        <VersionsBody
          title={title}
          data={state.data}
          busy={busy}
          canaryPercent={canaryPercent}
          percentOk={percentOk}
          onCanaryPercent={setCanaryPercent}
          onPromote={(v) => (v.withdrawn ? setPromoting(v) : void promote(v.version))}
          onRollback={() => void act('Roll back', async () => `${title} rolled back to ${(await api.rollback(id)) ?? 'its configured build'}.`)}
          onCanary={(v) =>
            void act(`Start canary ${v}`, async () => {
              await api.setCanary(id, { version: v, percent });
              return `${title} ${v} is served to ${percent}% of users.`;
            })
          }
          onStopCanary={() =>
            void act('Stop canary', async () => {
              await api.stopCanary(id);
              return `The ${title} canary is stopped.`;
            })
          }
        />
      )}
      <ConfirmDialog
        open={promoting !== null}
        title={`Promote ${title} ${promoting?.version ?? ''} again?`}
        message={promoting ? withdrawnText(title, promoting) : ''}
        confirmLabel="Promote anyway"
        danger
        onConfirm={() => {
          const v = promoting;
          setPromoting(null);
          if (v) void promote(v.version, { confirmWithdrawn: true });
        }}
        onCancel={() => setPromoting(null)}
      />
      {state.status === 'ready' && state.data.canChange && (
        <RegisterForm
          id={id}
          api={api}
          onRegistered={async () => {
            await refresh();
            await onChanged();
          }}
        />
      )}
    </Modal>
  );
}

interface VersionsBodyProps {
  title: string;
  data: Versions;
  busy: string | null;
  canaryPercent: string;
  percentOk: boolean;
  onCanaryPercent: (value: string) => void;
  onPromote: (version: RemoteVersion) => void;
  onRollback: () => void;
  onCanary: (version: string) => void;
  onStopCanary: () => void;
}

function VersionsBody({
  title,
  data,
  busy,
  canaryPercent,
  percentOk,
  onCanaryPercent,
  onPromote,
  onRollback,
  onCanary,
  onStopCanary,
}: VersionsBodyProps) {
  const rolledBack = autoRollbacks(data.events);
  const canChange = data.canChange;
  return (
    <div className={styles.form}>
      {rolledBack.map((e) => (
        <Notice key={e.id} tone="danger" role="alert">
          {e.detail} ({formatDateTime(e.at)})
        </Notice>
      ))}
      {!canChange && (
        <p className={styles.note} role="note">
          {READ_ONLY_REGISTRY}
        </p>
      )}
      <p>
        Current: <strong>{data.current ?? 'none'}</strong>
        {data.canary ? (
          <>
            {' '}
            · Canary: <strong>{data.canary.version}</strong> for {data.canary.percent}% of users{' '}
            {canChange && (
              <Button size="sm" variant="ghost" onClick={onStopCanary} disabled={busy !== null}>
                Stop canary
              </Button>
            )}
          </>
        ) : null}{' '}
        {canChange && (
          <Button size="sm" variant="secondary" onClick={onRollback} disabled={busy !== null} aria-label={`Roll back ${title}`}>
            Roll back
          </Button>
        )}
      </p>
      {canChange && (
        <TextField
          label="Canary share (% of users)"
          name="canaryPercent"
          inputMode="numeric"
          value={canaryPercent}
          error={percentOk ? undefined : 'A whole number from 1 to 99'}
          onChange={(e) => onCanaryPercent(e.currentTarget.value)}
        />
      )}
      <DataTable caption={`${title} versions`} hiddenCaption columns={['Version', 'Status', 'Registered', 'Health', ACTIONS_COLUMN]}>
        {data.versions.map((v) => (
          <tr key={v.version}>
            <th scope="row">
              {v.version}
              <span className={cx(styles.mono, styles.subtle)}>{v.entry}</span>
            </th>
            <td>
              <StatusBadge tone={STATUS_TONE[v.status]}>{STATUS_LABEL[v.status]}</StatusBadge>
            </td>
            <td>
              {formatDateTime(v.registeredAt)}
              <span className={styles.subtle}>{v.registeredBy ?? 'found at start'}</span>
            </td>
            <td>{failureRate(v.health)}</td>
            <Cell kind="actions">
              {canChange && v.status !== 'current' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onPromote(v)}
                  disabled={busy !== null}
                  aria-label={`Promote ${title} ${v.version}`}
                >
                  Promote
                </Button>
              )}
              {canChange && v.status !== 'current' && v.status !== 'canary' && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onCanary(v.version)}
                  disabled={busy !== null || !percentOk}
                  aria-label={`Canary ${title} ${v.version}`}
                >
                  Canary
                </Button>
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
      <h3>Recent changes</h3>
      <ul aria-label={`${title} recent changes`}>
        {data.events.map((e) => (
          <li key={e.id}>
            {formatDateTime(e.at)} · {ACTION_LABEL[e.action] ?? e.action} {e.version ?? ''} · {e.by ?? 'the studio'}
            {e.detail && e.action !== 'canary-rolled-back' ? <span className={styles.subtle}>{e.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An entry and a version, both required (a registry entry and a registered version alike). */
export function requiredErrors({ entry, version }: { entry: string; version: string }): FieldErrors {
  return { entry: entry.trim() ? undefined : 'Entry is required', version: version.trim() ? undefined : 'Version is required' };
}

function RegisterForm({ id, api, onRegistered }: { id: RemoteId; api: RemoteVersionsApi; onRegistered: () => Promise<void> }) {
  const form = useFieldForm({ version: '', entry: '' }, ['version', 'entry']);
  const { values } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy || form.show(requiredErrors(values))) return;
    void form.send(async () => {
      await api.register(id, values);
      toast.success('Version registered', `${REMOTE_TITLES[id]} ${values.version.trim()} can now be promoted.`);
      form.setValues({ version: '', entry: '' });
      await onRegistered();
      form.setBusy(false);
    });
  }

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate aria-label={`Register a ${REMOTE_TITLES[id]} version`}>
      <h3>Register a version</h3>
      <TextField label="Version" required hint={`As built: pnpm release ${id} --version <version>`} {...form.field('version')} />
      <TextField
        label="Manifest URL"
        required
        spellCheck={false}
        autoCapitalize="off"
        hint={`/mfe/${id}/<version>/mf-manifest.json for a release of this server, or the build's URL elsewhere`}
        {...form.field('entry')}
      />
      {form.formError && (
        <Notice tone="danger" role="alert">
          {form.formError}
        </Notice>
      )}
      <Button type="submit" loading={form.busy}>
        Register
      </Button>
    </form>
  );
}
