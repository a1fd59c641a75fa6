// "Add user": a modal form checked with the shared zod schema before it is sent; the server's answer
// (a duplicate email, a field it refuses) is shown next to the field, anything else above the buttons.
import { adminCreateUserRequestSchema, PASSWORD_MIN_LENGTH, TEAMS, TEAM_LABELS, type AdminUser, type Team } from '@accent/shell-common';
import { APP_ROLES, ROLE_LABELS, type AppRole } from '@accent/shared';
import { ApiError, toast } from '@accent/shared/client';
import { FormDialog, FormGrid, Select, TextField } from '@accent/shared/ui';
import { fieldErrorOf, issuesByField } from './format.js';
import { PasswordField } from './PasswordField.js';
import { useAdminServices } from './services.js';
import { useFieldForm, type FieldBinder } from './useFieldForm.js';

const FIELDS = ['name', 'email', 'title', 'role', 'team', 'password'] as const;

export const ROLE_OPTIONS = APP_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
export const TEAM_OPTIONS = [{ value: '', label: 'No team' }, ...TEAMS.map((t) => ({ value: t, label: TEAM_LABELS[t] }))];

export interface AddUserDialogProps {
  onClose: () => void;
  onCreated: (user: AdminUser) => void;
}

/** Render it only while open: closing it forgets what was typed (the password included). */
export function AddUserDialog({ onClose, onCreated }: AddUserDialogProps) {
  const { admin } = useAdminServices();
  const form = useFieldForm({ name: '', email: '', title: '', role: 'member' as AppRole, team: '' as Team | '', password: '' }, FIELDS);
  const { values, field } = form;

  function submit() {
    const input = { ...values, email: values.email.trim(), team: values.team === '' ? null : values.team };
    const parsed = adminCreateUserRequestSchema.safeParse(input);
    if (!parsed.success) return void form.show(issuesByField(parsed.error.issues));
    void form.send(
      async () => {
        const user = await admin.createUser(input);
        toast.success('User added', user.email);
        onCreated(user);
      },
      (e) => (e instanceof ApiError && e.status === 409 ? { field: 'email', message: e.detail ?? e.message } : fieldErrorOf(e, FIELDS)),
    );
  }

  return (
    <FormDialog title="Add user" submitLabel="Add user" onClose={onClose} onSubmit={submit} {...form.dialog}>
      <TextField label="Name" required autoComplete="off" {...field('name')} data-autofocus />
      <TextField label="Email" type="email" required autoComplete="off" {...field('email')} />
      <TextField label="Title" autoComplete="off" {...field('title')} />
      <RoleTeamFields field={field} />
      <PasswordField
        label="Initial password"
        required
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Give it to the user over a safe channel.`}
        {...field('password')}
      />
    </FormDialog>
  );
}

/** The Role and Team selects side by side, as Add user and Invite user ask them. */
export function RoleTeamFields({ field }: { field: FieldBinder<'role' | 'team'> }) {
  return (
    <FormGrid columns={2}>
      <Select label="Role" options={ROLE_OPTIONS} {...field('role')} />
      <Select label="Team" options={TEAM_OPTIONS} {...field('team')} />
    </FormGrid>
  );
}
