// A password input with a Show/Hide toggle, labelled and described like the shared fields.
import { useId, useState, type ComponentPropsWithRef } from 'react';
import styles from './Admin.module.css';

export interface PasswordFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: string;
  hint?: string;
  error?: string;
}

export function PasswordField({ label, hint, error, id, required, ...inputProps }: PasswordFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  const hintId = hint && !error ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor={inputId}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className={styles.passwordRow}>
        <input
          {...inputProps}
          id={inputId}
          type={visible ? 'text' : 'password'}
          required={required}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          spellCheck={false}
          autoCapitalize="off"
        />
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={visible}
          aria-controls={inputId}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hintId && (
        <span id={hintId} className={styles.fieldHint}>
          {hint}
        </span>
      )}
      {errorId && (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
