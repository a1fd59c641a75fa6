// Admin → Audit log: who did what and when in this library (sign-ins, users and roles, credentials,
// agents, remotes, pages, flows), newest first, filtered by actor, action and period, a page at a time.
// Filters apply when the form is submitted, so typing an email does not send a request per key.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditResponse } from '@accent/shell-common';
import { Button, DataTable, LoadingState, EmptyState, ErrorState, Select, useQuery, TextField } from '@accent/shared/ui';
import { NO_AUDIT_FILTERS, useAuditApi, type AuditFilters } from './audit-api.js';
import { errorMessage, formatDateTime } from './format.js';
import styles from './Admin.module.css';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.password_reset': 'Reset a password by email',
  'auth.password_change': 'Changed their password',
  'user.create': 'Added a user',
  'user.update': 'Changed a user',
  'credential.save': 'Saved a credential',
  'credential.delete': 'Removed a credential',
  'agent.save': 'Saved an agent',
  'agent.delete': 'Deleted an agent',
  'agent.restore': 'Restored an agent version',
  'agent.test_set_create': 'Created an agent test set',
  'agent.test_set_update': 'Changed an agent test set',
  'agent.test_set_delete': 'Deleted an agent test set',
  'remote.register': 'Registered a remote version',
  'remote.promote': 'Made a remote version current',
  'remote.rollback': 'Rolled a remote back',
  'remote.canary': 'Changed a remote canary',
  'remote.reset': 'Reset a remote',
  'page.publish': 'Published a page',
  'page.unpublish': 'Unpublished a page',
  'flow.deploy': 'Deployed a flow',
  'flow.undeploy': 'Undeployed a flow',
  'flow.version_save': 'Saved a flow version',
  'flow.version_restore': 'Restored a flow version',
  'background.version_restore': 'Restored a background agent version',
  'settings.flow_hosts': 'Changed the allowed flow hosts',
  'invitation.create': 'Invited someone',
  'invitation.resend': 'Sent an invitation again',
  'invitation.revoke': 'Revoked an invitation',
  'invitation.accept': 'Accepted an invitation',
  'auth.sign_up': 'Signed up',
  'settings.sign_up_domains': 'Changed the sign-up domains',
  'settings.sign_up_domain_verified': 'Verified a sign-up domain',
  'two_factor.enable': 'Turned on two-factor authentication',
  'two_factor.disable': 'Turned off two-factor authentication',
  'two_factor.reset': 'Reset a user’s two-factor authentication',
  'settings.two_factor': 'Changed the two-factor requirement',
  'auth.sign_out': 'Signed out sessions',
  'knowledge.collection_create': 'Created a knowledge collection',
  'knowledge.collection_update': 'Changed a knowledge collection',
  'knowledge.collection_delete': 'Deleted a knowledge collection',
  'knowledge.file_upload': 'Added a knowledge file',
  'knowledge.file_delete': 'Deleted a knowledge file',
  'settings.sso': 'Changed single sign-on',
  'sso.link': 'Linked a sign-in account',
  'sso.unlink': 'Unlinked a sign-in account',
  'settings.wallet_sign_in': 'Changed sign-in with Ethereum',
  'wallet.link': 'Linked an Ethereum wallet',
  'wallet.unlink': 'Unlinked an Ethereum wallet',
  'settings.model_prices': 'Changed the model prices',
  'storage.bucket_create': 'Created a storage bucket',
  'storage.bucket_update': 'Changed a storage bucket',
  'storage.bucket_empty': 'Emptied a storage bucket',
  'storage.bucket_delete': 'Deleted a storage bucket',
  'storage.upload': 'Uploaded a file',
  'storage.move': 'Moved a file',
  'storage.copy': 'Copied a file',
  'storage.remove': 'Deleted files',
  'api_key.create': 'Created an API key',
  'api_key.revoke': 'Revoked an API key',
  'api_key.use': 'Used an API key',
  'api_key.refused': 'Refused an API key',
  'mcp_server.create': 'Added an MCP server',
  'mcp_server.delete': 'Removed an MCP server',
};

const ACTION_OPTIONS = [{ value: '', label: 'All actions' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))];

/** `{role: 'builder', active: false}` → `role: builder · active: false` */
function detailsText(details: AuditEntry['details']): string {
  return Object.entries(details)
    .map(
      ([key, value]) =>
        `${key.replace(/_/g, ' ')}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');
}

const isEmpty = (f: AuditFilters) => f.actor.trim() === '' && f.action === '' && f.from === '' && f.to === '';

export function AuditPanel() {
  const audit = useAuditApi();
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [offset, setOffset] = useState(0);
  // another page or other filters are other data: the loading state shows until they are in
  const state = useQuery<AuditResponse>(['admin', 'audit', filters, offset], () => audit.list(filters, { limit: AUDIT_PAGE_SIZE, offset }));
  const set = (field: keyof AuditFilters, value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const dateBound = (field: 'from' | 'to') => ({
    name: field,
    type: 'date',
    value: draft[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setOffset(0);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTERS);
    setFilters(NO_AUDIT_FILTERS);
    setOffset(0);
  };
  const filtered = !isEmpty(filters);

  return (
    <div className={styles.panelBody}>
      <p className={styles.lead}>
        Who did what and when in this library: sign-ins, users and roles, credentials, agents, remotes, published pages and deployed flows. Entries
        cannot be changed or removed.
      </p>

      <form className={styles.auditFilters} onSubmit={apply} aria-label="Filter the audit log">
        <TextField
          label="Actor"
          name="actor"
          type="search"
          placeholder="Part of an email"
          value={draft.actor}
          onChange={(e) => set('actor', e.currentTarget.value)}
        />
        <Select label="Action" name="action" options={ACTION_OPTIONS} value={draft.action} onChange={(e) => set('action', e.currentTarget.value)} />
        {/* each end of the period bounds the other */}
        <TextField label="From" {...dateBound('from')} max={draft.to || undefined} />
        <TextField label="To" {...dateBound('to')} min={draft.from || undefined} />
        <div className={styles.auditFilterActions}>
          <Button type="submit">Apply filters</Button>
          <Button type="button" variant="secondary" onClick={clear} disabled={!filtered && isEmpty(draft)}>
            Clear
          </Button>
        </div>
      </form>

      {state.status === 'loading' && <LoadingState text="Loading the audit log..." />}
      {state.status === 'error' && <ErrorState message={`Could not load the audit log: ${errorMessage(state.error)}`} onRetry={state.reload} />}
      {state.status === 'ready' && state.data.total === 0 && (
        <EmptyState
          title={filtered ? 'No matching entries' : 'Nothing recorded yet'}
          text={filtered ? 'Change or clear the filters.' : 'Actions in this library will appear here.'}
        />
      )}
      {state.status === 'ready' && state.data.total > 0 && (
        <>
          <DataTable
            hiddenCaption
            caption={`Audit log, newest first: entries ${offset + 1} to ${offset + state.data.entries.length} of ${state.data.total}`}
            columns={['When', 'Actor', 'Action', 'Target', 'Details', 'Address']}
          >
            {state.data.entries.map((e) => (
              <tr key={e.id}>
                <th scope="row">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                </th>
                <td className={styles.breakable}>{e.actor_email || <span className={styles.muted}>—</span>}</td>
                <td>{AUDIT_ACTION_LABELS[e.action]}</td>
                <td className={styles.breakable}>{e.target || <span className={styles.muted}>—</span>}</td>
                <td className={styles.breakable}>{detailsText(e.details) || <span className={styles.muted}>—</span>}</td>
                <td className={styles.mono}>{e.ip || <span className={styles.muted}>—</span>}</td>
              </tr>
            ))}
          </DataTable>
          <nav className={styles.auditPager} aria-label="Audit log pages">
            <span aria-live="polite">
              {offset + 1}–{offset + state.data.entries.length} of {state.data.total}
            </span>
            <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}>
              Newer
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={offset + state.data.entries.length >= state.data.total}
              onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
