// Profile → Password: change the password with the current one. The server ends the user's other
// sessions; this one stays signed in.
import { useId, useState, type FormEvent } from 'react';
import { toast, useSession } from '@accent/shared/client';
import { Button, TextField } from '@accent/shared/ui';
import { passwordProblem } from '@accent/shell-common';
import { Section } from '../app/Page.js';
import { detailOf, useEmailSignInApi } from '../login/email-sign-in-api.js';
import formStyles from '../login/EmailSignIn.module.css';
import { PasswordRules } from '../login/PasswordRules.js';
import styles from './Profile.module.css';

export const PASSWORD_SECTION_TEXTS = {
  title: 'Password',
  lead: 'Changing your password signs out your other sessions. This one stays signed in.',
  current: 'Current password',
  newPassword: 'New password',
  repeat: 'Repeat the new password',
  mismatch: 'The two passwords differ',
  submit: 'Change password',
  saving: 'Changing…',
} as const;

export function PasswordSection() {
  const emailApi = useEmailSignInApi();
  const { user } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [repeatError, setRepeatError] = useState<string | undefined>();
  const rulesId = useId();
  const email = user?.email ?? '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(next, email);
    if (problem) return setError(problem);
    if (next !== repeat) return setRepeatError(PASSWORD_SECTION_TEXTS.mismatch);
    setBusy(true);
    setError(null);
    try {
      const detail = await emailApi.changePassword({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setRepeat('');
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
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
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
        <TextField
          label={PASSWORD_SECTION_TEXTS.newPassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => {
            setNext(e.target.value);
            setError(null);
          }}
        />
        <PasswordRules id={rulesId} password={next} email={email} />
        <TextField
          label={PASSWORD_SECTION_TEXTS.repeat}
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          required
          value={repeat}
          error={repeatError}
          onChange={(e) => {
            setRepeat(e.target.value);
            setRepeatError(undefined);
          }}
        />
        {error && (
          <p className={formStyles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.row}>
          <Button type="submit" loading={busy}>
            {busy ? PASSWORD_SECTION_TEXTS.saving : PASSWORD_SECTION_TEXTS.submit}
          </Button>
        </div>
      </form>
    </Section>
  );
}
