// /forgot-password: asks for the email and sends a reset link. The answer is the same whether or not
// the email has an account; Environment and Library are the login form's (kept in this browser).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { loadAdvancedSettings, loadSavedEmail } from '@accent/shared/client';
import { EMAIL_SIGN_IN_TEXTS } from '@accent/shell-common';
import { AuthCard } from './AuthCard.js';
import { AuthForm, EmailField } from './AuthForm.js';
import { detailOf, useEmailSignInApi } from './email-sign-in-api.js';
import styles from './EmailSignIn.module.css';
import { useEmailAvailable } from './useEmailAvailable.js';

export const FORGOT_PASSWORD_TEXTS = {
  title: 'Reset your password',
  lead: 'Enter the email you sign in with. We will send you a link to choose a new password.',
  submit: 'Email me a reset link',
  sending: 'Sending…',
  again: 'Send another link',
} as const;

export default function ForgotPasswordPage() {
  const emailApi = useEmailSignInApi();
  const available = useEmailAvailable();
  const [email, setEmail] = useState(() => loadSavedEmail()?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await emailApi.forgotPassword({ ...loadAdvancedSettings(), email: email.trim() });
      setSent(answer.detail);
    } catch (failure) {
      setError(detailOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={FORGOT_PASSWORD_TEXTS.title} lead={FORGOT_PASSWORD_TEXTS.lead}>
      {available === false ? (
        <p className={styles.notice} role="status">
          {EMAIL_SIGN_IN_TEXTS.emailUnavailable}
        </p>
      ) : sent ? (
        <>
          <p className={styles.notice} role="status">
            {sent}
          </p>
          <div className={styles.links}>
            <Link to="/login">Sign in</Link>
            <button type="button" className={styles.linkButton} onClick={() => setSent(null)}>
              {FORGOT_PASSWORD_TEXTS.again}
            </button>
          </div>
        </>
      ) : (
        <AuthForm
          label={FORGOT_PASSWORD_TEXTS.title}
          onSubmit={submit}
          error={error}
          busy={busy}
          submit={FORGOT_PASSWORD_TEXTS.submit}
          busyText={FORGOT_PASSWORD_TEXTS.sending}
        >
          <EmailField value={email} onChange={setEmail} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
