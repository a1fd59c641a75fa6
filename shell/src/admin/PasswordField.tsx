// A password input with a Show/Hide toggle, in the kit's Field frame (label, required mark, hint, error),
// so it is labelled and described like the shared fields.
import { useState, type ComponentPropsWithRef } from 'react';
import { Field } from '@accent/shared/ui';
import styles from './Admin.module.css';

export interface PasswordFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: string;
  hint?: string;
  error?: string;
}

export function PasswordField({ label, hint, error, id, required, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} id={id} required={required} hint={hint} error={error}>
      {(control) => (
        <div className={styles.passwordRow}>
          <input
            {...inputProps}
            {...control}
            type={visible ? 'text' : 'password'}
            required={required}
            // the row draws the border, so the input keeps the row's look rather than the kit's control
            className={styles.input}
            spellCheck={false}
            autoCapitalize="off"
          />
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={visible}
            aria-controls={control.id}
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}
