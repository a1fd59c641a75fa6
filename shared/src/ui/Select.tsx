import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.js';
import { Field } from './Field.js';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: ReactNode;
  hint?: ReactNode;
  /** an empty first option, e.g. "Choose a tool" */
  placeholder?: string;
  fieldClassName?: string;
}

export function Select({ label, options, error, hint, placeholder, fieldClassName, id, className, required, ...selectProps }: SelectProps) {
  return (
    <Field label={label} id={id} required={required} hint={hint} error={error} className={fieldClassName}>
      {(control) => (
        <select {...selectProps} {...control} required={required} className={cx(control.className, className)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
