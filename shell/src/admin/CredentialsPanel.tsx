// Admin → Model providers and Admin → Connectors: one card per provider or connector, configured or
// not, with its masked hint and last update; Set key / Replace (PUT) and Remove (DELETE, confirmed).
// Nothing here ever holds a stored secret: the server answers hints only.
import { useCallback, useState } from 'react';
import { findCredentialDefinition, type CredentialItem, type CredentialKind } from '@accent/shell-common';
import { toast } from '@accent/shared/client';
import { Button, ConfirmDialog, EmptyState, ErrorState, LoadingState, useQuery, StatusBadge } from '@accent/shared/ui';
import { CredentialDialog } from './CredentialDialog.js';
import { CONNECTOR_DESCRIPTIONS, displayNameOf, PROVIDER_DESCRIPTIONS, toolsPoweredBy } from './credentialInfo.js';
import { errorMessage, formatDateTime } from './format.js';
import { useAdminServices } from './services.js';
import { useQuietRefresh } from './useQuietRefresh.js';
import styles from './Admin.module.css';

const LEADS: Record<CredentialKind, string> = {
  provider:
    'Keys for the model providers that agent steps and flows call. They are stored encrypted for this library and never shown again: only a masked hint.',
  connector:
    'Credentials for the external services that agent tools call. Without them, those tools answer “not connected”. Stored encrypted; only a masked hint is shown.',
};

export function CredentialsPanel({ kind }: { kind: CredentialKind }) {
  const { admin } = useAdminServices();
  const fetchItems = useCallback(async () => (await admin.listCredentials()).filter((c) => c.kind === kind), [admin, kind]);
  const state = useQuery(['admin', 'credentials', kind], fetchItems);
  const update = state.setData;
  const refresh = useQuietRefresh(state, fetchItems);
  const [editing, setEditing] = useState<CredentialItem | null>(null);
  const [removing, setRemoving] = useState<CredentialItem | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const noun = kind === 'provider' ? 'model providers' : 'connectors';

  async function confirmRemove() {
    const item = removing;
    if (!item) return;
    setRemoveBusy(true);
    try {
      await admin.deleteCredential(item.kind, item.key);
      toast.success(`${displayNameOf(item)} key removed`);
      // the server environment may still configure it: ask rather than guess
      update((list) =>
        list.map((c) =>
          c.kind === item.kind && c.key === item.key
            ? { ...c, configured: false, source: null, hint: null, updated_at: null, fields: c.fields.map((f) => ({ ...f, set: false })) }
            : c,
        ),
      );
      void refresh();
    } catch (e) {
      toast.error(`Could not remove the ${displayNameOf(item)} key`, errorMessage(e));
    } finally {
      setRemoveBusy(false);
      setRemoving(null);
    }
  }

  return (
    <div className={styles.panelBody}>
      <p className={styles.lead}>{LEADS[kind]}</p>
      {state.status === 'loading' && <LoadingState text={`Loading ${noun}...`} />}
      {state.status === 'error' && <ErrorState message={`Could not load ${noun}: ${errorMessage(state.error)}`} onRetry={state.reload} />}
      {state.status === 'ready' && state.data.length === 0 && <EmptyState title={`No ${noun}`} text="The server knows none." />}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className={styles.cards}>
          {state.data.map((item) => (
            <li key={item.key}>
              <CredentialCard item={item} onEdit={() => setEditing(item)} onRemove={() => setRemoving(item)} />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <CredentialDialog
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            update((list) => list.map((c) => (c.kind === saved.kind && c.key === saved.key ? saved : c)));
          }}
        />
      )}

      <ConfirmDialog
        open={removing !== null}
        danger
        busy={removeBusy}
        title={`Remove the ${removing ? displayNameOf(removing) : ''} key?`}
        message={removing ? removeMessage(removing) : ''}
        confirmLabel="Remove"
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function removeMessage(item: CredentialItem): string {
  const name = displayNameOf(item);
  if (item.kind === 'provider')
    return `Agent steps that use ${name} models stop working until a key is set again (unless the server's environment provides one).`;
  const tools = toolsPoweredBy(item.key);
  return `${tools.length ? tools.join(', ') : 'Tools that need it'} will answer “not connected” until ${name} is set up again.`;
}

function CredentialCard({ item, onEdit, onRemove }: { item: CredentialItem; onEdit: () => void; onRemove: () => void }) {
  const name = displayNameOf(item);
  const titleId = `credential-${item.kind}-${item.key}`;
  const stored = item.source === 'library';
  const hintField = findCredentialDefinition(item.kind, item.key)?.hintField;
  const hintLabel = item.fields.find((f) => f.name === hintField)?.label.replace(/\s*\(.*\)$/, '') ?? 'Value';
  const tools = item.kind === 'connector' ? toolsPoweredBy(item.key) : [];
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <h2 className={styles.cardTitle} id={titleId}>
          {name}
        </h2>
        <StatusBadge tone={item.configured ? 'success' : 'neutral'}>{item.configured ? 'Configured' : 'Not configured'}</StatusBadge>
      </header>
      {item.kind === 'provider' && PROVIDER_DESCRIPTIONS[item.key] && <p className={styles.cardText}>{PROVIDER_DESCRIPTIONS[item.key]}</p>}
      {item.kind === 'connector' && CONNECTOR_DESCRIPTIONS[item.key] && <p className={styles.cardText}>{CONNECTOR_DESCRIPTIONS[item.key]}</p>}
      {tools.length > 0 && (
        <p className={styles.cardText}>
          <span className={styles.muted}>Powers </span>
          {tools.join(', ')}
        </p>
      )}
      <dl className={styles.cardFacts}>
        {stored && item.hint && (
          <div>
            <dt>{hintLabel}</dt>
            <dd>
              <code className={styles.hintCode}>{item.hint}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>Last update</dt>
          <dd>
            {item.updated_at ? (
              <time dateTime={item.updated_at}>{formatDateTime(item.updated_at)}</time>
            ) : (
              <span className={styles.muted}>Never set</span>
            )}
          </dd>
        </div>
        {item.source === 'environment' && (
          <div>
            <dt>Source</dt>
            <dd>The server's environment. A key set here takes precedence.</dd>
          </div>
        )}
      </dl>
      <div className={styles.cardActions}>
        <Button
          size="sm"
          variant={stored ? 'secondary' : 'primary'}
          onClick={onEdit}
          aria-label={stored ? `Replace ${name} key` : `Set key for ${name}`}
        >
          {stored ? 'Replace' : 'Set key'}
        </Button>
        {stored && (
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${name} key`}>
            Remove
          </Button>
        )}
      </div>
    </article>
  );
}
