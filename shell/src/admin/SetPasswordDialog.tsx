// Admin → Users → Set password: for a user who cannot reset by email (no SMTP on the server, a lost
// mailbox). The rules are the ones users choose by; the user's sessions end on the server.
import { useId } from 'react';
import { toast } from '@accent/shared/client';
import { FormDialog } from '@accent/shared/ui';
import { passwordProblem, type AdminUser } from '@accent/shell-common';
import { detailOf, useEmailSignInApi } from '../login/email-sign-in-api.js';
import { PasswordRules } from '../login/PasswordRules.js';
import { PasswordField } from './PasswordField.js';
import { useFieldForm } from './useFieldForm.js';
import styles from './Admin.module.css';

export const SET_PASSWORD_TEXTS = {
  title: (name: string) => `Set a password for ${name}`,
  lead: 'They are signed out everywhere and sign in with this password. Give it to them over a safe channel.',
  label: 'New password',
  save: 'Set password',
  done: 'Password set',
} as const;

export function SetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const emailApi = useEmailSignInApi();
  const rulesId = useId();
  const form = useFieldForm({ password: '' }, ['password']);
  const { password } = form.values;

  function submit() {
    const problem = passwordProblem(password, user.email);
    if (problem) return void form.show({ password: problem });
    // every refusal is about the password: it is said at the field
    void form.send(
      async () => {
        toast.success(SET_PASSWORD_TEXTS.done, await emailApi.setUserPassword(user.id, password));
        onClose();
      },
      (failure) => ({ field: 'password', message: detailOf(failure) }),
    );
  }

  return (
    <FormDialog
      title={SET_PASSWORD_TEXTS.title(user.name)}
      submitLabel={SET_PASSWORD_TEXTS.save}
      onClose={onClose}
      onSubmit={submit}
      {...form.dialog}
    >
      <p className={styles.muted}>{SET_PASSWORD_TEXTS.lead}</p>
      <PasswordField label={SET_PASSWORD_TEXTS.label} required autoComplete="new-password" {...form.field('password')} data-autofocus />
      <PasswordRules id={rulesId} password={password} email={user.email} />
    </FormDialog>
  );
}
