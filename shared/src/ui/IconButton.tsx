import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names.js';
import styles from './IconButton.module.css';

export interface IconButtonProps extends ComponentPropsWithRef<'button'> {
  /** the accessible name (and tooltip): an icon alone says nothing to a screen reader */
  label: string;
}

export function IconButton({ label, className, type = 'button', title, children, ...rest }: IconButtonProps) {
  return (
    <button {...rest} type={type} aria-label={label} title={title ?? label} className={cx(styles.iconButton, className)}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
