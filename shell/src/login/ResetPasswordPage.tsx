// /reset-password?token=…: the page the emailed link opens. Checks the link first (an expired or used
// one says so at once, with a way to ask again), then sets the new password with the rules ticked off
// as the user types. Every session of the account ends on the server; the user signs in again.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_SIGN_IN_TEXTS } from '@accent/shell-common';
import { AuthCard } from './AuthCard.js';
import { AuthForm, FormError, NEW_PASSWORD_MISMATCH, NewPasswordFields, useNewPassword } from './AuthForm.js';
import { detailOf, useEmailSignInApi } from './email-sign-in-api.js';
import styles from './EmailSignIn.module.css';

export const RESET_PASSWORD_TEXTS = {
  title: 'Choose a new password',
  checking: 'Checking the link…',
  lead: (email: string) => `For ${email}.`,
  newPassword: 'New password',
  repeat: 'Repeat the new password',
  mismatch: NEW_PASSWORD_MISMATCH,
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
  const password = useNewPassword(link.kind === 'valid' ? link.email : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
    if (!password.check(setError)) return;
    setBusy(true);
    setError(null);
    try {
      setLink({ kind: 'done', detail: await emailApi.resetPassword(token, password.password) });
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
        <FormError error={link.detail} />
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
      <AuthForm
        label={RESET_PASSWORD_TEXTS.title}
        onSubmit={submit}
        error={error}
        busy={busy}
        submit={RESET_PASSWORD_TEXTS.submit}
        busyText={RESET_PASSWORD_TEXTS.saving}
      >
        <NewPasswordFields
          state={password}
          label={RESET_PASSWORD_TEXTS.newPassword}
          repeatLabel={RESET_PASSWORD_TEXTS.repeat}
          onChange={() => setError(null)}
        />
      </AuthForm>
    </AuthCard>
  );
}
