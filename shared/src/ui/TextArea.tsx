import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.js';
import { Field } from './Field.js';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  fieldClassName?: string;
}

export function TextArea({ label, error, hint, fieldClassName, id, className, required, ...textareaProps }: TextAreaProps) {
  return (
    <Field label={label} id={id} required={required} hint={hint} error={error} className={fieldClassName}>
      {(control) => <textarea {...textareaProps} {...control} required={required} className={cx(control.className, className)} />}
    </Field>
  );
}
