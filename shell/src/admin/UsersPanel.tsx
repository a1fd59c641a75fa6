// Admin → Users: the library's users with inline role and team changes (optimistic, reverted when the
// server refuses), Deactivate/Reactivate behind a confirmation, and "Add user". The signed-in admin's
// own row cannot be demoted or deactivated (the server refuses it too).
import { useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { useSearchParams } from 'react-router';
import { ROLE_LABELS, type AppRole } from '@accent/shared';
import { TEAM_LABELS, type AdminUser, type AdminUpdateUserRequest, type Team } from '@accent/shell-common';
import { toast, useSession } from '@accent/shared/client';
import {
  ACTIONS_COLUMN,
  Button,
  Cell,
  ConfirmDialog,
  DataTable,
  LoadingState,
  EmptyState,
  ErrorState,
  useQuery,
  StatusBadge,
} from '@accent/shared/ui';
import { cx } from './cx.js';
import { AddUserDialog, ROLE_OPTIONS, TEAM_OPTIONS } from './AddUserDialog.js';
import { InviteDialog } from './InviteDialog.js';
import { SetPasswordDialog } from './SetPasswordDialog.js';
import { TwoFactorAdminPanel } from './TwoFactorAdmin.js';
import { PendingInvitations } from './PendingInvitations.js';
import { errorMessage, formatDate } from './format.js';
import { useAdminServices } from './services.js';
import styles from './Admin.module.css';

const USERS_QUERY = ['admin', 'users'] as const;

export const OWN_ROW_HINT = 'You cannot change your own role or deactivate your own account.';

const byEmail = (a: AdminUser, b: AdminUser) => a.email.localeCompare(b.email);

export function UsersPanel() {
  const { admin } = useAdminServices();
  const { user: me } = useSession();
  const state = useQuery(USERS_QUERY, () => admin.listUsers());
  const update = state.setData;
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  // /admin?tab=users&user=<id> (My Team's manage link): that row is marked and scrolled to
  const [params] = useSearchParams();
  const focusId = params.get('user');
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [settingPassword, setSettingPassword] = useState<AdminUser | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);

  const setBusy = (id: string, busy: boolean) =>
    setBusyIds((prev) => {
      const next = new Set(prev);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  const replace = (user: AdminUser) => update((list) => list.map((u) => (u.id === user.id ? user : u)));

  /** Shows the change at once, sends it, keeps the server's answer or puts the row back. */
  async function change(user: AdminUser, changes: AdminUpdateUserRequest, success: (updated: AdminUser) => [string, string]) {
    replace({ ...user, ...changes } as AdminUser);
    setBusy(user.id, true);
    try {
      const updated = await admin.updateUser(user.id, changes);
      replace(updated);
      toast.success(...success(updated));
    } catch (e) {
      replace(user);
      toast.error(`Could not update ${user.name}`, errorMessage(e));
    } finally {
      setBusy(user.id, false);
    }
  }

  const changeRole = (user: AdminUser, role: AppRole) => change(user, { role }, (u) => ['Role updated', `${u.name} is now ${ROLE_LABELS[u.role]}.`]);
  const changeTeam = (user: AdminUser, team: Team | null) =>
    change(user, { team }, (u) => ['Team updated', u.team ? `${u.name} is now in ${TEAM_LABELS[u.team]}.` : `${u.name} is no longer in a team.`]);

  async function confirmActive() {
    const user = confirming;
    if (!user) return;
    const active = !user.active;
    setConfirmBusy(true);
    setBusy(user.id, true);
    try {
      const updated = await admin.updateUser(user.id, { active });
      replace(updated);
      toast.success(
        active ? 'User reactivated' : 'User deactivated',
        active ? `${updated.name} can sign in again.` : `${updated.name} can no longer sign in.`,
      );
    } catch (e) {
      toast.error(`Could not update ${user.name}`, errorMessage(e));
    } finally {
      setBusy(user.id, false);
      setConfirmBusy(false);
      setConfirming(null);
    }
  }

  const addButton = (
    <div className={styles.rowActions}>
      <Button variant="secondary" onClick={() => setInviting(true)} disabled={state.status !== 'ready'}>
        Invite user
      </Button>
      <Button onClick={() => setAdding(true)} disabled={state.status !== 'ready'}>
        Add user
      </Button>
    </div>
  );
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready && focusId) document.getElementById(`user-row-${focusId}`)?.scrollIntoView?.({ block: 'center' });
  }, [ready, focusId]);

  return (
    <div className={styles.panelBody}>
      <div className={styles.panelHead}>
        <p className={styles.lead}>
          Everyone who can sign in to this library. Administrators manage users, keys and the registry; builders create and edit agents, flows and
          pages; end users run them.
        </p>
        {addButton}
      </div>

      {state.status === 'loading' && <LoadingState text="Loading users..." />}
      {state.status === 'error' && <ErrorState message={`Could not load users: ${errorMessage(state.error)}`} onRetry={state.reload} />}
      {state.status === 'ready' && state.data.length === 0 && <EmptyState title="No users yet" text="Add the first user of this library." />}
      {state.status === 'ready' && state.data.length > 0 && (
        <DataTable caption="Users" hiddenCaption columns={['Name', 'Email', 'Title', 'Role', 'Team', 'Status', 'Created', ACTIONS_COLUMN]}>
          {state.data.map((u) => {
            const own = u.id === me?.user_id;
            const busy = busyIds.has(u.id);
            const hintId = own ? `own-row-hint-${u.id}` : undefined;
            return (
              <tr
                key={u.id}
                id={`user-row-${u.id}`}
                className={cx(!u.active && styles.inactiveRow, u.id === focusId && styles.focusedRow)}
                aria-current={u.id === focusId || undefined}
                aria-busy={busy || undefined}
              >
                <th scope="row">
                  {u.name}
                  {own && <span className={styles.youBadge}>you</span>}
                </th>
                <Cell kind="email" title={u.email}>
                  {u.email}
                </Cell>
                <td>{u.title || <span className={styles.muted}>—</span>}</td>
                <td>
                  <InlineSelect
                    aria-label={`Role of ${u.name}`}
                    options={ROLE_OPTIONS}
                    value={u.role}
                    disabled={own || busy}
                    aria-describedby={hintId}
                    title={own ? OWN_ROW_HINT : undefined}
                    onPick={(role) => void changeRole(u, role as AppRole)}
                  />
                </td>
                <td>
                  <InlineSelect
                    aria-label={`Team of ${u.name}`}
                    options={TEAM_OPTIONS}
                    value={u.team ?? ''}
                    disabled={busy}
                    onPick={(team) => void changeTeam(u, (team || null) as Team | null)}
                  />
                </td>
                <td>
                  <StatusBadge tone={u.active ? 'success' : 'neutral'}>{u.active ? 'Active' : 'Deactivated'}</StatusBadge>
                </td>
                <td>
                  <time dateTime={u.created_at}>{formatDate(u.created_at)}</time>
                </td>
                <Cell kind="actions">
                  {!own && u.active && (
                    <Button variant="ghost" size="sm" disabled={busy} aria-label={`Set password of ${u.name}`} onClick={() => setSettingPassword(u)}>
                      Set password
                    </Button>
                  )}
                  <Button
                    variant={u.active ? 'ghost' : 'secondary'}
                    size="sm"
                    disabled={own || busy}
                    aria-describedby={hintId}
                    aria-label={`${u.active ? 'Deactivate' : 'Reactivate'} ${u.name}`}
                    onClick={() => setConfirming(u)}
                  >
                    {u.active ? 'Deactivate' : 'Reactivate'}
                  </Button>
                  {own && (
                    <span id={hintId} className={styles.rowHint}>
                      {OWN_ROW_HINT}
                    </span>
                  )}
                </Cell>
              </tr>
            );
          })}
        </DataTable>
      )}

      <PendingInvitations />

      <TwoFactorAdminPanel users={state.status === 'ready' ? state.data : []} />

      {inviting && <InviteDialog onClose={() => setInviting(false)} onInvited={() => setInviting(false)} />}
      {settingPassword && <SetPasswordDialog user={settingPassword} onClose={() => setSettingPassword(null)} />}

      {adding && (
        <AddUserDialog
          onClose={() => setAdding(false)}
          onCreated={(user) => {
            setAdding(false);
            update((list) => [...list.filter((u) => u.id !== user.id), user].sort(byEmail));
          }}
        />
      )}

      <ConfirmDialog
        open={confirming !== null}
        danger={confirming?.active ?? false}
        busy={confirmBusy}
        title={confirming?.active ? `Deactivate ${confirming.name}?` : `Reactivate ${confirming?.name ?? ''}?`}
        message={
          confirming?.active
            ? `${confirming.name} is signed out everywhere and can no longer sign in. Their agents, flows and pages stay. You can reactivate the account later.`
            : `${confirming?.name ?? ''} will be able to sign in again with their existing password.`
        }
        confirmLabel={confirming?.active ? 'Deactivate' : 'Reactivate'}
        onConfirm={() => void confirmActive()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

interface InlineSelectProps extends Omit<ComponentPropsWithoutRef<'select'>, 'onChange' | 'className' | 'children'> {
  options: readonly { value: string; label: string }[];
  /** the value chosen: the change is sent at once (no Save) */
  onPick: (value: string) => void;
}

/** A select inside a user's row (role, team): compact, named by its aria-label. */
function InlineSelect({ options, onPick, ...props }: InlineSelectProps) {
  return (
    <select {...props} className={styles.inlineSelect} onChange={(e) => onPick(e.currentTarget.value)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
