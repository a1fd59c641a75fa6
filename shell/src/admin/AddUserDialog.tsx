// "Add user": a modal form checked with the shared zod schema before it is sent; the server's answer
// (a duplicate email, a field it refuses) is shown next to the field, anything else above the buttons.
import { useId, useRef, useState, type FormEvent } from 'react';
import { adminCreateUserRequestSchema, PASSWORD_MIN_LENGTH, TEAMS, TEAM_LABELS, type AdminUser, type Team } from '@accent/shell-common';
import { APP_ROLES, ROLE_LABELS, type AppRole } from '@accent/shared';
import { ApiError, toast } from '@accent/shared/client';
import { Button, Modal, Select, TextField } from '@accent/shared/ui';
import { errorMessage, fieldErrorOf, issuesByField } from './format.js';
import { PasswordField } from './PasswordField.js';
import { useAdminServices } from './services.js';
import styles from './Admin.module.css';

const FIELDS = ['name', 'email', 'title', 'role', 'team', 'password'] as const;
type FieldName = (typeof FIELDS)[number];

export const ROLE_OPTIONS = APP_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
export const TEAM_OPTIONS = [{ value: '', label: 'No team' }, ...TEAMS.map((t) => ({ value: t, label: TEAM_LABELS[t] }))];

export interface AddUserDialogProps {
  onClose: () => void;
  onCreated: (user: AdminUser) => void;
}

/** Render it only while open: closing it forgets what was typed (the password included). */
export function AddUserDialog({ onClose, onCreated }: AddUserDialogProps) {
  const { admin } = useAdminServices();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', email: '', title: '', role: 'member' as AppRole, team: '' as Team | '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const focusField = (name: FieldName) => {
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const input = { ...values, email: values.email.trim(), team: values.team === '' ? null : values.team };
    const parsed = adminCreateUserRequestSchema.safeParse(input);
    if (!parsed.success) {
      const found = issuesByField(parsed.error.issues) as Partial<Record<FieldName, string>>;
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    try {
      const user = await admin.createUser(input);
      toast.success('User added', user.email);
      onCreated(user);
    } catch (e) {
      setBusy(false);
      const field = e instanceof ApiError && e.status === 409 ? { field: 'email', message: e.detail ?? e.message } : fieldErrorOf(e, FIELDS);
      if (field) {
        setErrors({ [field.field]: field.message });
        focusField(field.field as FieldName);
      } else {
        setFormError(errorMessage(e));
      }
    }
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Add user"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Add user
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          data-autofocus
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <TextField label="Title" name="title" autoComplete="off" value={values.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} />
        <div className={styles.formRow}>
          <Select
            label="Role"
            name="role"
            options={ROLE_OPTIONS}
            value={values.role}
            error={errors.role}
            onChange={(e) => set('role', e.currentTarget.value as AppRole)}
          />
          <Select label="Team" name="team" options={TEAM_OPTIONS} value={values.team} error={errors.team} onChange={(e) => set('team', e.currentTarget.value as Team | '')} />
        </div>
        <PasswordField
          label="Initial password"
          name="password"
          required
          autoComplete="new-password"
          value={values.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Give it to the user over a safe channel.`}
          error={errors.password}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
