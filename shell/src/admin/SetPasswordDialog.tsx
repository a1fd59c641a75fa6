// Admin → Users → Set password: for a user who cannot reset by email (no SMTP on the server, a lost
// mailbox). The rules are the ones users choose by; the user's sessions end on the server.
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@accent/shared/client';
import { Button, Modal } from '@accent/shared/ui';
import { passwordProblem, type AdminUser } from '@accent/shell-common';
import { detailOf, useEmailSignInApi } from '../login/email-sign-in-api.js';
import { PasswordRules } from '../login/PasswordRules.js';
import { PasswordField } from './PasswordField.js';
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
  const formId = useId();
  const rulesId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(password, user.email);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      toast.success(SET_PASSWORD_TEXTS.done, await emailApi.setUserPassword(user.id, password));
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(detailOf(failure));
    }
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={SET_PASSWORD_TEXTS.title(user.name)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {SET_PASSWORD_TEXTS.save}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.muted}>{SET_PASSWORD_TEXTS.lead}</p>
        <PasswordField
          label={SET_PASSWORD_TEXTS.label}
          name="password"
          required
          autoComplete="new-password"
          value={password}
          error={error}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setError(undefined);
          }}
          data-autofocus
        />
        <PasswordRules id={rulesId} password={password} email={user.email} />
      </form>
    </Modal>
  );
}
