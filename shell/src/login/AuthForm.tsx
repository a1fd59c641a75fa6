// The form frame of the signed-out pages (and the profile's password form): its error line, a submit
// button that says what it is doing, and the new-password pair with the rules ticked off as the user
// types, written once so every page checks and says it the same way.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, TextField } from '@accent/shared/ui';
import { passwordProblem } from '@accent/shell-common';
import styles from './EmailSignIn.module.css';
import { PasswordRules } from './PasswordRules.js';

/** The form's own error line (an answer that belongs to no one field). */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className={styles.error} role="alert">
      {error}
    </p>
  );
}

export interface AuthFormProps {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error?: string | null;
  busy: boolean;
  submit: string;
  /** the button's text while busy (the submit text when unset) */
  busyText?: string;
  noValidate?: boolean;
  children: ReactNode;
  /** below the submit button (links, a second way) */
  after?: ReactNode;
}

export function AuthForm({ label, onSubmit, error, busy, submit, busyText = submit, noValidate, children, after }: AuthFormProps) {
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={label} noValidate={noValidate}>
      {children}
      <FormError error={error} />
      <Button type="submit" className={styles.submit} loading={busy}>
        {busy ? busyText : submit}
      </Button>
      {after}
    </form>
  );
}

/** The address a link or code is emailed to (the sign-in name, for password managers). */
export function EmailField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  return (
    <TextField label="Email" type="email" name="email" autoComplete="username" required value={value} onChange={(e) => onChange(e.target.value)} />
  );
}

export const NEW_PASSWORD_MISMATCH = 'The two passwords differ';

/** The state of a new password and its repeat, checked by the same rules as the server. */
export function useNewPassword(email: string) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [repeatError, setRepeatError] = useState<string | undefined>();
  return {
    email,
    password,
    repeat,
    passwordError,
    repeatError,
    setPasswordError,
    change(key: 'password' | 'repeat', value: string) {
      if (key === 'password') {
        setPassword(value);
        setPasswordError(undefined);
      } else {
        setRepeat(value);
        setRepeatError(undefined);
      }
    },
    /** true when the password may be sent; else the broken rule goes to `showRule` (the form's error
     * line or the field) and a repeat that differs is marked at its field */
    check(showRule: (problem: string) => void): boolean {
      const problem = passwordProblem(password, email);
      if (problem) showRule(problem);
      else if (password !== repeat) setRepeatError(NEW_PASSWORD_MISMATCH);
      return !problem && password === repeat;
    },
    clear() {
      setPassword('');
      setRepeat('');
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** The new password (rules ticked off below it) and its repeat; with the hidden username that lets
 * password managers file it under the right account. */
export function NewPasswordFields({
  state,
  label,
  repeatLabel,
  onChange,
}: {
  state: NewPassword;
  label: string;
  repeatLabel: string;
  onChange?: () => void;
}) {
  const rulesId = useId();
  // the two fields differ only in their label, name, value and error
  const field = (key: 'password' | 'repeat', fieldLabel: string, name: string) => (
    <TextField
      label={fieldLabel}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      value={state[key]}
      error={key === 'password' ? state.passwordError : state.repeatError}
      onChange={(e) => {
        state.change(key, e.target.value);
        onChange?.();
      }}
    />
  );
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={state.email} readOnly hidden />
      {field('password', label, 'new-password')}
      <PasswordRules id={rulesId} password={state.password} email={state.email} />
      {field('repeat', repeatLabel, 'repeat-password')}
    </>
  );
}
