// API keys for programs (a CI job, a script, an MCP client): the list (name, prefix, scopes, last use,
// expiry), New key (name, scopes, optional expiry; the key is shown once, to copy) and Revoke (at once).
// One component for Profile → API keys (personal keys) and Admin → API keys (service keys, and every key
// of the library to revoke).
import { useState } from 'react';
import { ApiError, toast } from '@accent/shared/client';
import { Button, Checkbox, ConfirmDialog, DataTable, FormDialog, Modal, useQuery, TextField } from '@accent/shared/ui';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, API_KEY_TEXTS, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@accent/shell-common';
import { errorMessage, formatDateTime } from '../admin/format.js';
import type { ApiKeysApi } from './api-keys-api.js';
import styles from '../profile/Profile.module.css';

export const API_KEYS_TEXTS = {
  loading: 'Loading API keys...',
  loadFailed: 'Could not load the API keys.',
  none: 'No API keys yet.',
  name: 'Name',
  key: 'Key',
  scopes: 'Scopes',
  owner: 'Owner',
  lastUsed: 'Last used',
  expires: 'Expires',
  never: 'never',
  notUsed: 'not yet',
  revoked: 'revoked',
  newKey: 'New API key',
  create: 'Create key',
  cancel: 'Cancel',
  expiry: 'Expires on (optional)',
  expiryHint: 'Leave empty for a key that does not expire.',
  created: 'API key created',
  createdTitle: 'Your new API key',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke ${name}?`,
  revokeMessage: 'Programs using this key are refused from their next request.',
  revokedToast: 'API key revoked',
  failed: 'Could not save',
  needScope: 'Choose at least one scope.',
} as const;

const detailOf = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.detail ? error.detail : errorMessage(error));

export interface ApiKeysManagerProps {
  api: ApiKeysApi;
  /** the scopes offered when making a key (the admin scope only to administrators) */
  scopes?: readonly ApiKeyScope[];
  /** show each key's owner and kind (the administrators' list of the library's keys) */
  showOwner?: boolean;
  lead: string;
}

export function ApiKeysManager({ api, scopes = API_KEY_SCOPES, showOwner = false, lead }: ApiKeysManagerProps) {
  const query = useQuery(['api-keys', showOwner ? 'library' : 'mine'], () => api.list());
  const keys = query.status === 'ready' ? query.data : null;
  const loadError = query.status === 'error' ? detailOf(query.error) : null;
  const load = query.reload;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await api.revoke(revoking.id);
      toast.success(API_KEYS_TEXTS.revokedToast);
      load();
    } catch (e) {
      toast.error(API_KEYS_TEXTS.failed, detailOf(e));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  return (
    <>
      <p className={styles.lead}>{lead}</p>
      {loadError ? (
        <p role="alert">
          {API_KEYS_TEXTS.loadFailed} {loadError}
        </p>
      ) : !keys ? (
        <p role="status">{API_KEYS_TEXTS.loading}</p>
      ) : keys.length === 0 ? (
        <p className={styles.muted}>{API_KEYS_TEXTS.none}</p>
      ) : (
        <DataTable
          label="API keys"
          columns={[
            API_KEYS_TEXTS.name,
            API_KEYS_TEXTS.key,
            API_KEYS_TEXTS.scopes,
            showOwner && API_KEYS_TEXTS.owner,
            API_KEYS_TEXTS.lastUsed,
            API_KEYS_TEXTS.expires,
            { label: API_KEYS_TEXTS.revoke, hiddenLabel: true },
          ]}
        >
          {keys.map((k) => (
            <tr key={k.id}>
              <th scope="row">
                {k.name}
                {showOwner && <span className={styles.badge}>{k.kind}</span>}
              </th>
              <td className={styles.mono}>{k.prefix}…</td>
              <td>{k.scopes.join(', ')}</td>
              {showOwner && <td>{k.owner_email}</td>}
              <td>{k.last_used_at ? formatDateTime(k.last_used_at) : API_KEYS_TEXTS.notUsed}</td>
              <td>{k.expires_at ? formatDateTime(k.expires_at) : API_KEYS_TEXTS.never}</td>
              <td>
                {k.revoked_at ? (
                  <span className={styles.muted}>{API_KEYS_TEXTS.revoked}</span>
                ) : (
                  <Button size="sm" variant="ghost" aria-label={`${API_KEYS_TEXTS.revoke}: ${k.name}`} onClick={() => setRevoking(k)}>
                    {API_KEYS_TEXTS.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className={styles.actions}>
        <Button onClick={() => setCreating(true)}>{API_KEYS_TEXTS.newKey}</Button>
      </div>
      {creating && (
        <NewKeyDialog
          api={api}
          scopes={scopes}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            toast.success(API_KEYS_TEXTS.created);
            load();
          }}
        />
      )}
      <Modal
        open={created !== null}
        onClose={() => setCreated(null)}
        title={API_KEYS_TEXTS.createdTitle}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => void navigator.clipboard?.writeText(created?.key ?? '').then(() => toast.success(API_KEYS_TEXTS.copied))}
            >
              {API_KEYS_TEXTS.copy}
            </Button>
            <Button onClick={() => setCreated(null)}>{API_KEYS_TEXTS.done}</Button>
          </>
        }
      >
        <p className={styles.notice}>{API_KEY_TEXTS.shownOnce}</p>
        <p className={styles.mono} data-testid="new-api-key">
          {created?.key}
        </p>
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        title={API_KEYS_TEXTS.revokeTitle(revoking?.name ?? '')}
        message={API_KEYS_TEXTS.revokeMessage}
        confirmLabel={API_KEYS_TEXTS.revoke}
        danger
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}

function NewKeyDialog({
  api,
  scopes,
  onClose,
  onCreated,
}: {
  api: ApiKeysApi;
  scopes: readonly ApiKeyScope[];
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ApiKeyScope[]>([]);
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (chosen.length === 0) return setError(API_KEYS_TEXTS.needScope);
    setBusy(true);
    setError(null);
    try {
      // a date means the end of that day in the user's time
      const expires_at = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
      onCreated(await api.create({ name, scopes: chosen, expires_at }));
    } catch (e) {
      setError(detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (scope: ApiKeyScope, on: boolean) => setChosen((prev) => (on ? [...prev, scope] : prev.filter((s) => s !== scope)));
  return (
    <FormDialog
      title={API_KEYS_TEXTS.newKey}
      submitLabel={API_KEYS_TEXTS.create}
      cancelLabel={API_KEYS_TEXTS.cancel}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      noValidate={false}
    >
      <TextField label={API_KEYS_TEXTS.name} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} data-autofocus />
      <fieldset className={styles.stack}>
        <legend>{API_KEYS_TEXTS.scopes}</legend>
        {scopes.map((scope) => (
          <Checkbox
            key={scope}
            label={`${scope}: ${API_KEY_SCOPE_LABELS[scope]}`}
            checked={chosen.includes(scope)}
            onChange={(e) => toggle(scope, e.target.checked)}
          />
        ))}
      </fieldset>
      <TextField
        label={API_KEYS_TEXTS.expiry}
        hint={API_KEYS_TEXTS.expiryHint}
        type="date"
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
      />
    </FormDialog>
  );
}
