import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.js';
import { Field } from './Field.js';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  /** class of the wrapper (label + input + messages) */
  fieldClassName?: string;
}

export function TextField({ label, error, hint, fieldClassName, id, className, required, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} id={id} required={required} hint={hint} error={error} className={fieldClassName}>
      {(control) => <input {...inputProps} {...control} required={required} className={cx(control.className, className)} />}
    </Field>
  );
}
