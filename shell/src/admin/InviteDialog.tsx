// "Invite user": email, role and team, checked with the contract's schema before it is sent; the server
// emails a link valid 7 days. When the server cannot send email the dialog says so before anything is
// typed, and points at Add user. A refusal about the address (an existing member, a pending invitation)
// is shown at the field.
import { INVITATION_TTL_DAYS, inviteRequestSchema, type Invitation, type Team } from '@accent/shell-common';
import type { AppRole } from '@accent/shared';
import { ApiError, toast } from '@accent/shared/client';
import { FormDialog, invalidateQueries, Notice, TextField, useQuery } from '@accent/shared/ui';
import { RoleTeamFields } from './AddUserDialog.js';
import { errorMessage, fieldErrorOf, issuesByField } from './format.js';
import { useInvitationsApi } from './invitations-api.js';
import { useFieldForm } from './useFieldForm.js';
import styles from './Admin.module.css';

export const INVITATIONS_QUERY = ['admin', 'invitations'] as const;

export const INVITE_TEXTS = {
  title: 'Invite user',
  lead: `We email a link to set their name and password. It works once and expires in ${INVITATION_TTL_DAYS} days.`,
  noEmail: 'This server cannot send email (SMTP_URL is not set), so invitations cannot be sent. Use Add user and give the person a password instead.',
  send: 'Send invitation',
  sent: 'Invitation sent',
} as const;

const FIELDS = ['email', 'role', 'team'] as const;

export interface InviteDialogProps {
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
}

/** Render it only while open. */
export function InviteDialog({ onClose, onInvited }: InviteDialogProps) {
  const invitations = useInvitationsApi();
  const status = useQuery(INVITATIONS_QUERY, () => invitations.list());
  const emailConfigured = status.status === 'ready' ? status.data.email_configured : null;
  const form = useFieldForm({ email: '', role: 'member' as AppRole, team: '' as Team | '' }, FIELDS);
  const { values, field } = form;

  function submit() {
    if (emailConfigured === false) return;
    const input = { email: values.email.trim(), role: values.role, team: values.team === '' ? null : values.team };
    const parsed = inviteRequestSchema.safeParse(input);
    if (!parsed.success) return void form.show(issuesByField(parsed.error.issues));
    void form.send(
      async () => {
        const invitation = await invitations.invite(input);
        toast.success(INVITE_TEXTS.sent, invitation.email);
        invalidateQueries(INVITATIONS_QUERY);
        onInvited(invitation);
      },
      // a 409 about the address (member or pending invitation) belongs at the field; without email, above the buttons
      (e) =>
        e instanceof ApiError && e.status === 409 && e.detail?.includes(parsed.data.email)
          ? { field: 'email', message: e.detail }
          : fieldErrorOf(e, FIELDS),
      (e) => (e instanceof ApiError && e.detail ? e.detail : errorMessage(e)),
    );
  }

  return (
    <FormDialog
      title={INVITE_TEXTS.title}
      submitLabel={INVITE_TEXTS.send}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={emailConfigured === false}
      {...form.dialog}
    >
      {emailConfigured === false ? (
        <Notice tone="danger" role="alert">
          {INVITE_TEXTS.noEmail}
        </Notice>
      ) : (
        <p className={styles.lead}>{INVITE_TEXTS.lead}</p>
      )}
      <TextField label="Email" type="email" required autoComplete="off" {...field('email')} data-autofocus />
      <RoleTeamFields field={field} />
    </FormDialog>
  );
}
