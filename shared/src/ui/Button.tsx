import { useCallback, useLayoutEffect, useRef, type ComponentPropsWithRef, type MouseEvent } from 'react';
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

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ref,
  onClick,
  ...rest
}: ButtonProps) {
  const own = useRef<HTMLButtonElement | null>(null);
  const setRef = useCallback(
    (node: HTMLButtonElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // A button that disables itself while its action runs (Save → Saving…) loses the focus to <body>, and a
  // keyboard user starts again from the top of the page. When it comes back on and nothing else took the
  // focus meanwhile, it takes the focus back.
  const clickedWithFocus = useRef(false);
  const off = Boolean(disabled || loading);
  useLayoutEffect(() => {
    const node = own.current;
    if (off || !clickedWithFocus.current || !node) return;
    clickedWithFocus.current = false;
    const active = node.ownerDocument.activeElement;
    if (!active || active === node.ownerDocument.body) node.focus();
  }, [off]);
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    clickedWithFocus.current = event.currentTarget.ownerDocument.activeElement === event.currentTarget;
    onClick?.(event);
  };

  return (
    <button
      {...rest}
      ref={setRef}
      type={type}
      className={cx(styles.button, styles[variant], styles[size], className)}
      disabled={off}
      aria-busy={loading || undefined}
      onClick={click}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
