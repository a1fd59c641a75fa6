import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SecondFactorRequiredError, secondFactorPending, session, SignInBusyError, type LoginCredentials } from '@accent/shared/client';
import { loadAdvancedSettings, loadSavedEmail, saveAdvancedSettings, saveSavedEmail } from '@accent/shared/client';
import { SHARED_MESSAGES } from '@accent/shared';
import type { User } from '@accent/shared';
import { Button } from './Button.js';
import { Checkbox } from './Checkbox.js';
import { cx } from './class-names.js';
import styles from './LoginForm.module.css';
import { TextField } from './TextField.js';

export interface LoginFormProps {
  onSuccess: (user: User) => void;
  /** how to sign in; the shared session manager by default (tests pass their own) */
  login?: (credentials: LoginCredentials) => Promise<User>;
  /** the second step (a code from the authenticator app or a recovery code); the session manager by default */
  verifySecondFactor?: (code: string) => Promise<User>;
  /** abandons a pending second step; the session manager by default */
  cancelSecondFactor?: () => Promise<void>;
  /** open on the code step (a sign-in elsewhere, e.g. single sign-on, waits for it); read from the marker cookie by default */
  secondFactorPending?: boolean;
}

export const SECOND_STEP_TEXTS = {
  title: 'Two-factor authentication',
  lead: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Authentication code',
  verify: 'Verify',
  verifying: 'Verifying...',
  back: 'Back to sign in',
  required: 'Enter the code from your authenticator app',
} as const;

/** A busy server (503 with Retry-After): tried again by itself this often, when the wait is this short at most. */
const BUSY_RETRIES = 3;
const BUSY_LONGEST_WAIT_S = 30;
const retryingText = (seconds: number) => `Trying again by itself in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}…`;

/**
 * The sign-in form of spec 01 §2: Email, Password, Remember me, and a collapsible Advanced Settings area
 * (Environment, Library) kept in the browser. Remember me keeps the email for next time and asks for
 * a persistent session; the password is never stored.
 */
export function LoginForm({
  onSuccess,
  login = (credentials) => session.login(credentials),
  verifySecondFactor = (code) => session.completeSecondFactor(code),
  cancelSecondFactor = () => session.cancelSecondFactor(),
  secondFactorPending: pendingAtStart = secondFactorPending(),
}: LoginFormProps) {
  const [step, setStep] = useState<'password' | 'code'>(pendingAtStart ? 'code' : 'password');
  if (step === 'code') {
    return (
      <SecondStep
        verify={verifySecondFactor}
        onSuccess={onSuccess}
        onBack={() => {
          void cancelSecondFactor();
          setStep('password');
        }}
      />
    );
  }
  return <PasswordStep login={login} onSuccess={onSuccess} onSecondFactor={() => setStep('code')} />;
}

function PasswordStep({ onSuccess, login, onSecondFactor }: { onSuccess: (user: User) => void; login: (credentials: LoginCredentials) => Promise<User>; onSecondFactor: () => void }) {
  const [saved] = useState(() => loadSavedEmail());
  const [email, setEmail] = useState(saved?.email ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(saved?.rememberMe ?? false);
  const [advanced, setAdvanced] = useState(loadAdvancedSettings);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** the server's words while the form waits out its Retry-After */
  const [waiting, setWaiting] = useState<string | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);
  const advancedId = useId();

  async function attempt(credentials: LoginCredentials, retriesLeft: number) {
    try {
      const user = await login(credentials);
      saveSavedEmail(credentials.rememberMe ? credentials.email : null);
      setBusy(false);
      setWaiting(null);
      onSuccess(user);
    } catch (failure) {
      if (failure instanceof SignInBusyError && retriesLeft > 0 && failure.retryAfterSeconds <= BUSY_LONGEST_WAIT_S) {
        // many people sign in at once: say so in the server's words, and try again when it said to
        setWaiting(`${failure.message} ${retryingText(failure.retryAfterSeconds)}`);
        retryTimer.current = setTimeout(() => void attempt(credentials, retriesLeft - 1), failure.retryAfterSeconds * 1000);
        return;
      }
      setBusy(false);
      setWaiting(null);
      if (failure instanceof SecondFactorRequiredError) {
        saveSavedEmail(credentials.rememberMe ? credentials.email : null);
        onSecondFactor();
        return;
      }
      setError(failure instanceof Error && failure.message ? failure.message : SHARED_MESSAGES.loginFailed);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const environment = advanced.environment.trim();
    const library = advanced.library.trim();
    // The advanced fields may be collapsed, where the browser's own required check cannot point at them.
    if (!environment || !library) {
      setAdvancedOpen(true);
      setError(!environment ? 'Environment is required' : 'Library is required');
      return;
    }
    setBusy(true);
    setError(null);
    saveAdvancedSettings({ environment, library });
    await attempt({ email: email.trim(), password, environment, library, rememberMe }, BUSY_RETRIES);
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className={styles.row}>
        <Checkbox label="Remember me" name="rememberMe" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        <button
          type="button"
          className={styles.advancedToggle}
          aria-expanded={advancedOpen}
          aria-controls={advancedOpen ? advancedId : undefined}
          onClick={() => setAdvancedOpen((open) => !open)}
        >
          <span className={cx(styles.chevron, advancedOpen && styles.chevronOpen)} aria-hidden="true">
            ›
          </span>
          Advanced Settings
        </button>
      </div>
      {advancedOpen && (
        <div id={advancedId} className={styles.advanced}>
          <TextField
            label="Environment"
            name="environment"
            required
            value={advanced.environment}
            onChange={(e) => setAdvanced((s) => ({ ...s, environment: e.target.value }))}
          />
          <TextField
            label="Library"
            name="library"
            required
            value={advanced.library}
            onChange={(e) => setAdvanced((s) => ({ ...s, library: e.target.value }))}
          />
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {waiting && <p role="status">{waiting}</p>}
      <Button type="submit" className={styles.submit} disabled={busy}>
        {busy ? SHARED_MESSAGES.signingIn : SHARED_MESSAGES.signIn}
      </Button>
    </form>
  );
}

/** The second step: one field for a code from the app or a recovery code. */
function SecondStep({ verify, onSuccess, onBack }: { verify: (code: string) => Promise<User>; onSuccess: (user: User) => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (!value) {
      setError(SECOND_STEP_TEXTS.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await verify(value);
      setBusy(false);
      onSuccess(user);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof Error && failure.message ? failure.message : SHARED_MESSAGES.loginFailed);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={SECOND_STEP_TEXTS.title}>
      <div>
        <h2 className={styles.stepTitle}>{SECOND_STEP_TEXTS.title}</h2>
        <p className={styles.stepLead}>{SECOND_STEP_TEXTS.lead}</p>
      </div>
      <TextField
        label={SECOND_STEP_TEXTS.codeLabel}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        maxLength={40}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" className={styles.submit} disabled={busy}>
        {busy ? SECOND_STEP_TEXTS.verifying : SECOND_STEP_TEXTS.verify}
      </Button>
      <button type="button" className={styles.advancedToggle} onClick={onBack}>
        {SECOND_STEP_TEXTS.back}
      </button>
    </form>
  );
}
