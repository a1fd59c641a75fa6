// Page-level pieces every area's screen is built from, so the five remotes look like one studio and keep no
// copy of this CSS themselves. A remote's own CSS is for what only it draws.
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from './class-names.js';
import { Menu, type MenuItem } from './Menu.js';
import styles from './Page.module.css';

export interface PageProps {
  children: ReactNode;
  className?: string;
}

/** The area's page: padding and the vertical rhythm between header, toolbar and content. */
export function Page({ children, className }: PageProps) {
  return <div className={cx(styles.page, className)}>{children}</div>;
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** buttons at the right (Create, Import…) */
  actions?: ReactNode;
}

/** The page's h1, a line saying what the area is for, and its main actions. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}

/** The row under the header: search field and filters. */
export function PageToolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}

export interface SearchFieldProps {
  /** the accessible name ("Search flows") */
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return <input type="search" className={styles.search} placeholder={placeholder} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
}

export interface CardGridProps {
  /** the list's accessible name ("Flows") */
  label: string;
  children: ReactNode;
  className?: string;
  'data-filtering'?: boolean;
}

/** A responsive grid of cards, a list to assistive technology. */
export function CardGrid({ label, children, className, ...rest }: CardGridProps) {
  return (
    <ul className={cx(styles.grid, className)} aria-label={label} {...rest}>
      {children}
    </ul>
  );
}

export interface GridCardProps {
  title: string;
  /** before the title, e.g. the agent's emoji */
  icon?: ReactNode;
  /** at the top right of the title row, e.g. a StatusBadge */
  badge?: ReactNode;
  text?: ReactNode;
  meta?: ReactNode;
  /** buttons inside the card, under its text */
  footer?: ReactNode;
  /** without it the card does not open (nothing to open) */
  onOpen?: () => void;
  /** the card's actions; none (a member's view) means no menu */
  actions?: MenuItem[];
  'data-testid'?: string;
}

/** A card of a CardGrid: the whole body opens the item (click, Enter or Space); the ⋯ menu holds its actions. */
export function GridCard({ title, icon, badge, text, meta, footer, onOpen, actions, 'data-testid': testId }: GridCardProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (onOpen && e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onOpen();
    }
  };
  const opens = onOpen ? { role: 'link', tabIndex: 0, onClick: onOpen, onKeyDown } : {};
  return (
    <li className={styles.card} data-testid={testId}>
      <div className={cx(styles.cardBody, onOpen && styles.opens)} {...opens}>
        <div className={styles.cardTop}>
          {icon && (
            <span className={styles.cardIcon} aria-hidden="true">
              {icon}
            </span>
          )}
          <h2 className={styles.cardTitle}>{title}</h2>
          {badge}
        </div>
        {text && <p className={styles.cardText}>{text}</p>}
        {meta && <div className={styles.cardMeta}>{meta}</div>}
        {footer && <div className={styles.actions}>{footer}</div>}
      </div>
      {actions && actions.length > 0 && (
        <div className={styles.cardMenu}>
          <Menu
            label={`Actions for ${title}`}
            items={actions}
            trigger={(props) => (
              <button {...props} type="button" className={styles.menuButton} aria-label={`Actions for ${title}`}>
                ⋯
              </button>
            )}
          />
        </div>
      )}
    </li>
  );
}

export type StatusTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export interface StatusBadgeProps {
  tone: StatusTone;
  children: ReactNode;
}

/** A status as a small coloured pill; each area maps its statuses to a tone. */
export function StatusBadge({ tone, children }: StatusBadgeProps) {
  return <span className={cx(styles.badge, tone !== 'neutral' && styles[tone])}>{children}</span>;
}
