// Admin → Users → Pending invitations: who was invited and not yet joined, with Resend (a new link, valid
// another 7 days) and Revoke (behind a confirmation). Expired ones stay until resent or revoked. Nothing
// is shown while there are none.
import { useState } from 'react';
import { ROLE_LABELS } from '@accent/shared';
import { TEAM_LABELS, type Invitation } from '@accent/shell-common';
import { ApiError, toast } from '@accent/shared/client';
import { ACTIONS_COLUMN, Button, Cell, ConfirmDialog, DataTable, ErrorState, useMutation, useQuery, StatusBadge } from '@accent/shared/ui';
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

  /** one call about an invitation, and a toast saying how it went */
  async function report(invitation: Invitation, call: Promise<unknown>, done: string, verb: string) {
    try {
      await call;
      toast.success(done, invitation.email);
    } catch (e) {
      toast.error(`Could not ${verb} the invitation to ${invitation.email}`, detailOf(e));
    }
  }

  async function resendOne(invitation: Invitation) {
    setBusyId(invitation.id);
    await report(invitation, resend.run(invitation.id), PENDING_TEXTS.resent, 'resend');
    setBusyId(null);
  }

  async function confirmRevoke() {
    if (!revoking) return;
    await report(revoking, revoke.run(revoking.id), PENDING_TEXTS.revoked, 'revoke');
    setRevoking(null);
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
                  <StatusBadge tone="neutral">{PENDING_TEXTS.expired}</StatusBadge>
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
