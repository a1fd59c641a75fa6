import type { ComponentPropsWithRef } from 'react';
import styles from './Button.module.css';
import { cx } from './class-names.js';
import { Spinner } from './Spinner.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** shows a spinner and disables the button */
  loading?: boolean;
}

export function Button({ variant = 'primary', size = 'md', loading = false, disabled, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={cx(styles.button, styles[variant], styles[size], className)} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <Spinner />}
      {children}
    </button>
  );
}
