import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.js';
import styles from './Checkbox.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
}

export function Checkbox({ label, className, disabled, ...inputProps }: CheckboxProps) {
  return (
    <label className={cx(styles.checkbox, disabled && styles.disabled, className)}>
      <input {...inputProps} type="checkbox" disabled={disabled} className={styles.input} />
      <span>{label}</span>
    </label>
  );
}
