// /reset-password?token=…: the page the emailed link opens. Checks the link first (an expired or used
// one says so at once, with a way to ask again), then sets the new password with the rules ticked off
// as the user types. Every session of the account ends on the server; the user signs in again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, TextField } from '@accent/shared/ui';
import { EMAIL_SIGN_IN_TEXTS, passwordProblem } from '@accent/shell-common';
import { AuthCard } from './AuthCard.js';
import { detailOf, useEmailSignInApi } from './email-sign-in-api.js';
import styles from './EmailSignIn.module.css';
import { PasswordRules } from './PasswordRules.js';

export const RESET_PASSWORD_TEXTS = {
  title: 'Choose a new password',
  checking: 'Checking the link…',
  lead: (email: string) => `For ${email}.`,
  newPassword: 'New password',
  repeat: 'Repeat the new password',
  mismatch: 'The two passwords differ',
  submit: 'Set new password',
  saving: 'Saving…',
  askAgain: 'Ask for a new link',
  signIn: 'Sign in',
  doneTitle: 'Password changed',
  invalidTitle: 'This link no longer works',
} as const;

type LinkState = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'invalid'; detail: string } | { kind: 'done'; detail: string };

export default function ResetPasswordPage() {
  const emailApi = useEmailSignInApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [repeatError, setRepeatError] = useState<string | undefined>();
  const rulesId = useId();

  useEffect(() => {
    let live = true;
    if (!token) {
      setLink({ kind: 'invalid', detail: EMAIL_SIGN_IN_TEXTS.resetLinkInvalid });
      return;
    }
    emailApi.checkResetLink(token).then(
      (email) => live && setLink({ kind: 'valid', email }),
      (failure: unknown) => live && setLink({ kind: 'invalid', detail: detailOf(failure) }),
    );
    return () => {
      live = false;
    };
  }, [emailApi, token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || link.kind !== 'valid') return;
    const problem = passwordProblem(password, link.email);
    if (problem) return setError(problem);
    if (password !== repeat) return setRepeatError(RESET_PASSWORD_TEXTS.mismatch);
    setBusy(true);
    setError(null);
    try {
      setLink({ kind: 'done', detail: await emailApi.resetPassword(token, password) });
    } catch (failure) {
      const detail = detailOf(failure);
      // the link died meanwhile (used in another tab, expired while typing): say so as on arrival
      if (detail === EMAIL_SIGN_IN_TEXTS.resetLinkInvalid) setLink({ kind: 'invalid', detail });
      else setError(detail);
    } finally {
      setBusy(false);
    }
  }

  if (link.kind === 'checking')
    return (
      <AuthCard title={RESET_PASSWORD_TEXTS.title}>
        <p role="status">{RESET_PASSWORD_TEXTS.checking}</p>
      </AuthCard>
    );
  if (link.kind === 'invalid')
    return (
      <AuthCard title={RESET_PASSWORD_TEXTS.invalidTitle}>
        <p className={styles.error} role="alert">
          {link.detail}
        </p>
        <div className={styles.links}>
          <Link to="/forgot-password">{RESET_PASSWORD_TEXTS.askAgain}</Link>
        </div>
      </AuthCard>
    );
  if (link.kind === 'done')
    return (
      <AuthCard title={RESET_PASSWORD_TEXTS.doneTitle}>
        <p className={styles.notice} role="status">
          {link.detail}
        </p>
        <div className={styles.links}>
          <Link to="/login">{RESET_PASSWORD_TEXTS.signIn}</Link>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title={RESET_PASSWORD_TEXTS.title} lead={RESET_PASSWORD_TEXTS.lead(link.email)}>
      <form className={styles.form} onSubmit={submit} aria-label={RESET_PASSWORD_TEXTS.title}>
        {/* lets password managers file the new password under the right account */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <TextField
          label={RESET_PASSWORD_TEXTS.newPassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
        <PasswordRules id={rulesId} password={password} email={link.email} />
        <TextField
          label={RESET_PASSWORD_TEXTS.repeat}
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
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <Button type="submit" className={styles.submit} loading={busy}>
          {busy ? RESET_PASSWORD_TEXTS.saving : RESET_PASSWORD_TEXTS.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
