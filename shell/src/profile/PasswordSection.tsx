// Profile → Password: change the password with the current one. The server ends the user's other
// sessions; this one stays signed in.
import { useState, type FormEvent } from 'react';
import { toast, useSession } from '@accent/shared/client';
import { Button, TextField } from '@accent/shared/ui';
import { Section } from '../app/Page.js';
import { FormError, NEW_PASSWORD_MISMATCH, NewPasswordFields, useNewPassword } from '../login/AuthForm.js';
import { detailOf, useEmailSignInApi } from '../login/email-sign-in-api.js';
import formStyles from '../login/EmailSignIn.module.css';
import styles from './Profile.module.css';

export const PASSWORD_SECTION_TEXTS = {
  title: 'Password',
  lead: 'Changing your password signs out your other sessions. This one stays signed in.',
  current: 'Current password',
  newPassword: 'New password',
  repeat: 'Repeat the new password',
  mismatch: NEW_PASSWORD_MISMATCH,
  submit: 'Change password',
  saving: 'Changing…',
} as const;

export function PasswordSection() {
  const emailApi = useEmailSignInApi();
  const { user } = useSession();
  const [current, setCurrent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [currentError, setCurrentError] = useState<string | undefined>();
  const next = useNewPassword(user?.email ?? '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!next.check(setError)) return;
    setBusy(true);
    setError(null);
    try {
      const detail = await emailApi.changePassword({ current_password: current, new_password: next.password });
      setCurrent('');
      next.clear();
      toast.success(detail);
    } catch (failure) {
      const detail = detailOf(failure);
      if (/current password/i.test(detail)) setCurrentError(detail);
      else setError(detail);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={PASSWORD_SECTION_TEXTS.title} id="profile-password">
      <p className={styles.lead}>{PASSWORD_SECTION_TEXTS.lead}</p>
      <form className={formStyles.form} onSubmit={submit} aria-label={PASSWORD_SECTION_TEXTS.submit}>
        <TextField
          label={PASSWORD_SECTION_TEXTS.current}
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          value={current}
          error={currentError}
          onChange={(e) => {
            setCurrent(e.target.value);
            setCurrentError(undefined);
          }}
        />
        <NewPasswordFields
          state={next}
          label={PASSWORD_SECTION_TEXTS.newPassword}
          repeatLabel={PASSWORD_SECTION_TEXTS.repeat}
          onChange={() => setError(null)}
        />
        <FormError error={error} />
        <div className={styles.row}>
          <Button type="submit" loading={busy}>
            {busy ? PASSWORD_SECTION_TEXTS.saving : PASSWORD_SECTION_TEXTS.submit}
          </Button>
        </div>
      </form>
    </Section>
  );
}
