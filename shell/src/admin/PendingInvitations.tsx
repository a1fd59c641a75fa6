// Admin → Users → Pending invitations: who was invited and not yet joined, with Resend (a new link, valid
// another 7 days) and Revoke (behind a confirmation). Expired ones stay until resent or revoked. Nothing
// is shown while there are none.
import { useState } from 'react';
import { ROLE_LABELS } from '@accent/shared';
import { TEAM_LABELS, type Invitation } from '@accent/shell-common';
import { ApiError, toast } from '@accent/shared/client';
import { ACTIONS_COLUMN, Button, Cell, ConfirmDialog, DataTable, ErrorState, useMutation, useQuery } from '@accent/shared/ui';
import { cx } from './cx.js';
import { formatDate } from './format.js';
import { INVITATIONS_QUERY } from './InviteDialog.js';
import { useInvitationsApi } from './invitations-api.js';
import styles from './Admin.module.css';

export const PENDING_TEXTS = {
  title: 'Pending invitations',
  resent: 'Invitation sent again',
  revoked: 'Invitation revoked',
  expired: 'Expired',
  pendingUntil: (date: string) => `Pending until ${date}`,
} as const;

const detailOf = (e: unknown) => (e instanceof ApiError && e.detail ? e.detail : e instanceof Error ? e.message : String(e));

export function PendingInvitations() {
  const invitations = useInvitationsApi();
  const list = useQuery(INVITATIONS_QUERY, () => invitations.list());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const resend = useMutation((id: string) => invitations.resend(id), { invalidates: [INVITATIONS_QUERY] });
  const revoke = useMutation((id: string) => invitations.revoke(id), { invalidates: [INVITATIONS_QUERY] });

  async function resendOne(invitation: Invitation) {
    setBusyId(invitation.id);
    try {
      await resend.run(invitation.id);
      toast.success(PENDING_TEXTS.resent, invitation.email);
    } catch (e) {
      toast.error(`Could not resend the invitation to ${invitation.email}`, detailOf(e));
    } finally {
      setBusyId(null);
    }
  }

  async function confirmRevoke() {
    const invitation = revoking;
    if (!invitation) return;
    try {
      await revoke.run(invitation.id);
      toast.success(PENDING_TEXTS.revoked, invitation.email);
    } catch (e) {
      toast.error(`Could not revoke the invitation to ${invitation.email}`, detailOf(e));
    } finally {
      setRevoking(null);
    }
  }

  if (list.status === 'error') return <ErrorState message={`Could not load invitations: ${detailOf(list.error)}`} onRetry={list.reload} />;
  if (list.status !== 'ready' || list.data.invitations.length === 0) return null;

  return (
    <section className={styles.block} aria-labelledby="pending-invitations-title">
      <h2 className={styles.blockTitle} id="pending-invitations-title">
        {PENDING_TEXTS.title}
      </h2>
      <DataTable caption={PENDING_TEXTS.title} hiddenCaption columns={['Email', 'Role', 'Team', 'Status', 'Invited by', ACTIONS_COLUMN]}>
        {list.data.invitations.map((invitation) => {
          const busy = busyId === invitation.id;
          const expired = invitation.status === 'expired';
          return (
            <tr key={invitation.id} aria-busy={busy || undefined}>
              <th scope="row" className={styles.breakable}>
                {invitation.email}
              </th>
              <td>{ROLE_LABELS[invitation.role]}</td>
              <td>{invitation.team ? TEAM_LABELS[invitation.team] : <span className={styles.muted}>—</span>}</td>
              <td>
                {expired ? (
                  <span className={cx(styles.badge, styles.badgeMuted)}>{PENDING_TEXTS.expired}</span>
                ) : (
                  PENDING_TEXTS.pendingUntil(formatDate(invitation.expires_at))
                )}
              </td>
              <td className={styles.breakable}>{invitation.invited_by ?? <span className={styles.muted}>—</span>}</td>
              <Cell kind="actions">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`Resend the invitation to ${invitation.email}`}
                  onClick={() => void resendOne(invitation)}
                >
                  Resend
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  onClick={() => setRevoking(invitation)}
                >
                  Revoke
                </Button>
              </Cell>
            </tr>
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={revoking !== null}
        danger
        busy={revoke.pending}
        title={`Revoke the invitation to ${revoking?.email ?? ''}?`}
        message="The link in their email stops working. You can invite them again later."
        confirmLabel="Revoke"
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
