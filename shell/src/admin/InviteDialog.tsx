// "Invite user": email, role and team, checked with the contract's schema before it is sent; the server
// emails a link valid 7 days. When the server cannot send email the dialog says so before anything is
// typed, and points at Add user. A refusal about the address (an existing member, a pending invitation)
// is shown at the field.
import { useId, useRef, useState, type FormEvent } from 'react';
import { INVITATION_TTL_DAYS, inviteRequestSchema, type Invitation, type Team } from '@accent/shell-common';
import type { AppRole } from '@accent/shared';
import { ApiError, toast } from '@accent/shared/client';
import { Button, invalidateQueries, Modal, Select, TextField, useQuery } from '@accent/shared/ui';
import { ROLE_OPTIONS, TEAM_OPTIONS } from './AddUserDialog.js';
import { errorMessage, fieldErrorOf, issuesByField } from './format.js';
import { useInvitationsApi } from './invitations-api.js';
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
type FieldName = (typeof FIELDS)[number];

export interface InviteDialogProps {
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
}

/** Render it only while open. */
export function InviteDialog({ onClose, onInvited }: InviteDialogProps) {
  const invitations = useInvitationsApi();
  const status = useQuery(INVITATIONS_QUERY, () => invitations.list());
  const emailConfigured = status.status === 'ready' ? status.data.email_configured : null;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: '', role: 'member' as AppRole, team: '' as Team | '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const focusField = (name: FieldName) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || emailConfigured === false) return;
    setFormError(null);
    const input = { email: values.email.trim(), role: values.role, team: values.team === '' ? null : values.team };
    const parsed = inviteRequestSchema.safeParse(input);
    if (!parsed.success) {
      const found = issuesByField(parsed.error.issues) as Partial<Record<FieldName, string>>;
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    try {
      const invitation = await invitations.invite(input);
      toast.success(INVITE_TEXTS.sent, invitation.email);
      invalidateQueries(INVITATIONS_QUERY);
      onInvited(invitation);
    } catch (e) {
      setBusy(false);
      // a 409 about the address (member or pending invitation) belongs at the field; without email, above the buttons
      const aboutAddress = e instanceof ApiError && e.status === 409 && e.detail?.includes(parsed.data.email);
      const field = aboutAddress ? { field: 'email', message: (e as ApiError).detail! } : fieldErrorOf(e, FIELDS);
      if (field) {
        setErrors({ [field.field]: field.message });
        focusField(field.field as FieldName);
      } else {
        setFormError(e instanceof ApiError && e.detail ? e.detail : errorMessage(e));
      }
    }
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={INVITE_TEXTS.title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={emailConfigured === false}>
            {INVITE_TEXTS.send}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        {emailConfigured === false ? (
          <p className={styles.formError} role="alert">
            {INVITE_TEXTS.noEmail}
          </p>
        ) : (
          <p className={styles.lead}>{INVITE_TEXTS.lead}</p>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          data-autofocus
        />
        <div className={styles.formRow}>
          <Select label="Role" name="role" options={ROLE_OPTIONS} value={values.role} error={errors.role} onChange={(e) => set('role', e.currentTarget.value as AppRole)} />
          <Select label="Team" name="team" options={TEAM_OPTIONS} value={values.team} error={errors.team} onChange={(e) => set('team', e.currentTarget.value as Team | '')} />
        </div>
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
