// /sign-up: asks for a link to create an account in the library chosen on the sign-in page (its
// advanced settings), for the email domains an administrator allows; the answer never says whether the
// address already has an account. /sign-up?token=… is the page that link opens (see AcceptLink).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loadAdvancedSettings } from '@accent/shared/client';
import { TextField } from '@accent/shared/ui';
import { AcceptLink } from './AcceptLink.js';
import { AuthCard } from './AuthCard.js';
import { AuthForm } from './AuthForm.js';
import { detailOf } from './email-sign-in-api.js';
import styles from './EmailSignIn.module.css';
import { useLinksApi } from './links-api.js';

export const SIGN_UP_PAGE_TEXTS = {
  title: 'Sign up to Accent Studio',
  lead: 'Create your account with your work email. We email you a link to confirm it.',
  library: (library: string, environment: string) => `Library: ${library} (${environment})`,
  otherLibrary: 'Another library? Change it under Advanced settings on the sign-in page.',
  email: 'Work email',
  invalidEmail: 'Enter a valid email address',
  submit: 'Send link',
  haveAccount: 'Already have an account? Sign in',
} as const;

function RequestLink() {
  const links = useLinksApi();
  const { environment, library } = loadAdvancedSettings();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError(SIGN_UP_PAGE_TEXTS.invalidEmail);
    setBusy(true);
    try {
      setSent(await links.requestSignUp({ environment, library, email: email.trim() }));
    } catch (failure) {
      setError(detailOf(failure).replace(/^email: /, ''));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={SIGN_UP_PAGE_TEXTS.title} lead={SIGN_UP_PAGE_TEXTS.lead}>
      {sent ? (
        <p className={styles.notice} role="status">
          {sent}
        </p>
      ) : (
        <AuthForm label={SIGN_UP_PAGE_TEXTS.title} onSubmit={submit} busy={busy} submit={SIGN_UP_PAGE_TEXTS.submit} noValidate>
          <p>
            {SIGN_UP_PAGE_TEXTS.library(library, environment)}
            <br />
            <small>{SIGN_UP_PAGE_TEXTS.otherLibrary}</small>
          </p>
          <TextField
            label={SIGN_UP_PAGE_TEXTS.email}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
          />
        </AuthForm>
      )}
      <div className={styles.links}>
        <Link to="/login">{SIGN_UP_PAGE_TEXTS.haveAccount}</Link>
      </div>
    </AuthCard>
  );
}

export default function SignUpPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token !== null ? <AcceptLink token={token} signUpAgain /> : <RequestLink />;
}
