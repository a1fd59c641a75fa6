// /login/code: sign in with a 6-digit code sent by email instead of the password. The first step asks
// for the email, the second for the code, with "Resend" once the cool-down has passed (counted down).
// The server sets the refresh cookie; the page's session takes it up through the session manager.
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { loadAdvancedSettings, loadSavedEmail, saveSavedEmail, useSession } from '@accent/shared/client';
import { Checkbox, TextField } from '@accent/shared/ui';
import { EMAIL_SIGN_IN_TEXTS, SIGN_IN_CODE_LENGTH } from '@accent/shell-common';
import { FullPageLoading } from '../app/FullPageLoading.js';
import { RESTORING_SESSION_TEXT } from '../app/guards.js';
import { returnPathFrom } from '../app/navigation.js';
import { AuthCard } from './AuthCard.js';
import { AuthForm, EmailField } from './AuthForm.js';
import { detailOf, useEmailSignInApi } from './email-sign-in-api.js';
import styles from './EmailSignIn.module.css';
import { useEmailAvailable } from './useEmailAvailable.js';

export const CODE_SIGN_IN_TEXTS = {
  title: 'Sign in with an emailed code',
  lead: 'We send a one-time code to your email. No password needed.',
  send: 'Email me a code',
  sending: 'Sending…',
  code: 'Sign-in code',
  codeHint: `The ${SIGN_IN_CODE_LENGTH} digits from the email.`,
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  resend: 'Resend code',
  resendIn: (seconds: number) => `Resend code in ${seconds} s`,
  otherEmail: 'Use another email',
} as const;

/** Seconds until `at`, counted down once a second (0 when passed or unset). */
function useCountdown(at: number | null): number {
  const left = () => (at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the one dependency
  useEffect(() => {
    setSeconds(left());
    if (at === null) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

export default function CodeSignInPage() {
  const emailApi = useEmailSignInApi();
  const available = useEmailAvailable();
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPathFrom(location.state);
  const [saved] = useState(() => loadSavedEmail());
  const [email, setEmail] = useState(saved?.email ?? '');
  const [rememberMe, setRememberMe] = useState(saved?.rememberMe ?? false);
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [sentDetail, setSentDetail] = useState('');
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resendIn = useCountdown(resendAt);

  if (status === 'unknown') return <FullPageLoading text={RESTORING_SESSION_TEXT} />;
  if (status === 'signed-in') return <Navigate to={target} replace />;

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const answer = await emailApi.sendCode({ ...loadAdvancedSettings(), email: email.trim() });
      setSentDetail(answer.detail);
      setResendAt(Date.now() + answer.resend_after * 1000);
      setStep('code');
    } catch (failure) {
      setError(detailOf(failure));
    } finally {
      setBusy(false);
    }
  }

  async function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) await send();
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await emailApi.verifyCode({ ...loadAdvancedSettings(), email: email.trim(), code, remember_me: rememberMe });
      saveSavedEmail(rememberMe ? email.trim() : null);
      // signed in on the server: this page's session takes it up from the cookie; if the sign-in still
      // waits for a second step, the login page asks for it
      if (await emailApi.adoptSession()) navigate(target, { replace: true });
      else navigate('/login', { replace: true, state: location.state });
    } catch (failure) {
      setError(detailOf(failure));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={CODE_SIGN_IN_TEXTS.title} lead={CODE_SIGN_IN_TEXTS.lead}>
      {available === false ? (
        <p className={styles.notice} role="status">
          {EMAIL_SIGN_IN_TEXTS.emailUnavailable}
        </p>
      ) : step === 'email' ? (
        <AuthForm
          label={CODE_SIGN_IN_TEXTS.title}
          onSubmit={submitEmail}
          error={error}
          busy={busy}
          submit={CODE_SIGN_IN_TEXTS.send}
          busyText={CODE_SIGN_IN_TEXTS.sending}
        >
          <EmailField value={email} onChange={setEmail} />
          <Checkbox label="Remember me" name="rememberMe" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        </AuthForm>
      ) : (
        <AuthForm
          label={CODE_SIGN_IN_TEXTS.title}
          onSubmit={submitCode}
          error={error}
          busy={busy}
          submit={CODE_SIGN_IN_TEXTS.signIn}
          busyText={CODE_SIGN_IN_TEXTS.signingIn}
          after={
            <div className={styles.links}>
              <button type="button" className={styles.linkButton} disabled={resendIn > 0 || busy} onClick={() => void send()}>
                {resendIn > 0 ? CODE_SIGN_IN_TEXTS.resendIn(resendIn) : CODE_SIGN_IN_TEXTS.resend}
              </button>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  setStep('email');
                  setCode('');
                  setError(null);
                }}
              >
                {CODE_SIGN_IN_TEXTS.otherEmail}
              </button>
            </div>
          }
        >
          <p className={styles.notice} role="status">
            {sentDetail}
          </p>
          <TextField
            label={CODE_SIGN_IN_TEXTS.code}
            hint={CODE_SIGN_IN_TEXTS.codeHint}
            name="code"
            className={styles.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIGN_IN_CODE_LENGTH + 4}
            required
            // biome-ignore lint/a11y/noAutofocus: the one field of this step, reached by the user's own action
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
