import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { cx } from './class-names.js';
import { nextEnabledIndex } from './focus.js';
import styles from './Menu.module.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** Spread these on the button that opens the menu. */
export interface MenuTriggerProps {
  ref: Ref<HTMLButtonElement>;
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

export interface MenuProps {
  trigger: (props: MenuTriggerProps) => ReactNode;
  items: readonly MenuItem[];
  /** which edge of the trigger the menu lines up with */
  align?: 'start' | 'end';
  /** accessible name of the menu; defaults to the trigger's */
  label?: string;
}

/**
 * A menu button (WAI-ARIA pattern): a click, Enter, Space or ArrowDown open it on the first item, ArrowUp on the
 * last; arrows, Home and End move, Enter or Space choose, Escape and Tab close, and so does a click
 * outside. Clicks inside never reach the surrounding element (a menu on a clickable card).
 */
export function Menu({ trigger, items, align = 'end', label }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const triggerId = `${baseId}-trigger`;
  const menuId = `${baseId}-menu`;

  const isEnabled = (index: number) => !items[index]?.disabled;
  const firstEnabled = () => nextEnabledIndex(items.length, -1, 1, isEnabled);
  const lastEnabled = () => nextEnabledIndex(items.length, items.length, -1, isEnabled);

  function openAt(index: number) {
    setActiveIndex(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  useEffect(() => {
    if (open && activeIndex >= 0) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  function choose(index: number) {
    const item = items[index];
    if (!item || item.disabled) return;
    // Focus goes back to the trigger first, so a dialog the item opens returns focus there when it closes.
    close(true);
    item.onSelect();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Enter and Space are left to the button's own click, which opens the menu on the first item.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(firstEnabled());
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(lastEnabled());
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const moves: Record<string, () => number> = {
      ArrowDown: () => nextEnabledIndex(items.length, activeIndex, 1, isEnabled),
      ArrowUp: () => nextEnabledIndex(items.length, activeIndex, -1, isEnabled),
      Home: firstEnabled,
      End: lastEnabled,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActiveIndex(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // a menu inside a dialog closes alone
      close(true);
    } else if (event.key === 'Tab') {
      close(true); // the browser then moves on from the trigger
    }
  }

  return (
    <div ref={rootRef} className={styles.root} onClick={(event) => event.stopPropagation()}>
      {trigger({
        ref: triggerRef,
        id: triggerId,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : undefined,
        onClick: () => (open ? close(false) : openAt(firstEnabled())),
        onKeyDown: onTriggerKeyDown,
      })}
      {open && (
        <ul
          id={menuId}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a list of actions is the menu's markup; role="menu" replaces the list semantics
          role="menu"
          aria-label={label}
          aria-labelledby={label ? undefined : triggerId}
          className={cx(styles.menu, styles[align])}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li key={`${index}-${item.label}`} role="none">
              <button
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === activeIndex ? 0 : -1}
                aria-disabled={item.disabled || undefined}
                className={cx(styles.item, item.danger && styles.danger)}
                onClick={() => choose(index)}
                onMouseEnter={() => !item.disabled && setActiveIndex(index)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
