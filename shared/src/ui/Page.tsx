// Page-level pieces every area's screen is built from, so the five remotes look like one studio and keep no
// copy of this CSS themselves. A remote's own CSS is for what only it draws.
import type { CSSProperties, KeyboardEvent, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Button } from './Button.js';
import { cx } from './class-names.js';
import { Menu, type MenuItem } from './Menu.js';
import styles from './Page.module.css';

/**
 * The product's one width rule: every page sits in this container. `normal` (the default) is centred at the
 * studio's reading width; `narrow` is for a single form (profile, settings); `full` is only for a screen
 * whose content is a canvas (builders), which still keeps the page's padding.
 */
export type PageWidth = 'normal' | 'narrow' | 'full';

export interface PageProps {
  children: ReactNode;
  className?: string;
  width?: PageWidth;
  /** the id of the page's heading: the page becomes a region named by it */
  labelledBy?: string;
}

/** The area's page: the width rule, its padding and the vertical rhythm between header, toolbar and content. */
export function Page({ children, className, width = 'normal', labelledBy }: PageProps) {
  const cls = cx(styles.page, width === 'narrow' && styles.narrow, width === 'full' && styles.full, className);
  if (labelledBy) {
    return (
      <section className={cls} aria-labelledby={labelledBy}>
        {children}
      </section>
    );
  }
  return <div className={cls}>{children}</div>;
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** buttons and links at the right (Create, Import…) */
  actions?: ReactNode;
  /** above the title: a back link or breadcrumb */
  back?: ReactNode;
  /** before the title, e.g. the agent's emoji */
  icon?: ReactNode;
  /** next to the title: status badges, "Unsaved changes" */
  meta?: ReactNode;
  /** the h1's id, for a region or dialog that is named by it */
  titleId?: string;
  /** given, the h1 can take focus (an editor puts the focus there when it opens) */
  titleRef?: Ref<HTMLHeadingElement>;
}

/**
 * The page's h1 and its slots: back link above, icon and badges around the title, a line saying what the page
 * is for, and its main actions at the right.
 */
export function PageHeader({ title, subtitle, actions, back, icon, meta, titleId, titleRef }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      {back && <div className={styles.back}>{back}</div>}
      <div className={styles.titleRow}>
        <div className={styles.titleBlock}>
          <div className={styles.titleLine}>
            {icon && (
              <span className={styles.titleIcon} aria-hidden="true">
                {icon}
              </span>
            )}
            <h1 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.title}>
              {title}
            </h1>
            {meta}
          </div>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}

export interface PageSectionProps {
  title: ReactNode;
  children: ReactNode;
  /** at the right of the section's heading */
  actions?: ReactNode;
  /** the section's id; its heading gets `${id}-title` and names the section */
  id?: string;
}

/** A titled block inside a page (h2). */
export function PageSection({ title, children, actions, id }: PageSectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className={styles.section} aria-labelledby={headingId} id={id}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id={headingId}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The row under the header: search field, filters and view options; a search landmark when it holds a search. */
export function PageToolbar({ children, search = false }: { children: ReactNode; search?: boolean }) {
  return (
    <div className={styles.toolbar} role={search ? 'search' : undefined}>
      {children}
    </div>
  );
}

export interface FilterMenuProps {
  /** the button's accessible name, saying the current choice ("Category: All Categories") */
  label: string;
  /** the menu's accessible name ("Filter by status"); defaults to label */
  menuLabel?: string;
  /** what the button shows: the current choice */
  value: ReactNode;
  items: MenuItem[];
  align?: 'start' | 'end';
}

/** A toolbar filter: a button showing the current choice that opens a menu of the others. */
export function FilterMenu({ label, menuLabel, value, items, align = 'start' }: FilterMenuProps) {
  return (
    <Menu
      label={menuLabel}
      align={align}
      items={items}
      trigger={(props) => (
        <button {...props} type="button" className={styles.filterButton} aria-label={label}>
          <svg aria-hidden="true" className={styles.filterIcon} viewBox="0 0 16 16" width="14" height="14">
            <path d="M2 3h12l-4.5 5.4V13l-3 1.5V8.4z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
          </svg>
          <span className={styles.filterValue}>{value}</span>
          <svg aria-hidden="true" className={styles.filterIcon} viewBox="0 0 16 16" width="12" height="12">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    />
  );
}

export type NoticeTone = 'info' | 'warning' | 'danger' | 'success';

export interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  /** e.g. a Retry button at the right */
  action?: ReactNode;
  /** `alert` for an error the user must see now, `status` for a polite one, `note` for an aside read in place; none by default */
  role?: 'alert' | 'status' | 'note';
  className?: string;
}

/** A coloured line inside a page: a save error, a read-only notice, a failed load with its Retry. */
export function Notice({ tone, children, action, role, className }: NoticeProps) {
  return (
    <div className={cx(styles.notice, action != null && styles.noticeRow, styles[`notice_${tone}`], className)} role={role}>
      {children}
      {action}
    </div>
  );
}

export type BackLinkProps = {
  /** where it goes back to ("All chatbots", "Back to Missions") */
  children: ReactNode;
  /** a fuller name for screen readers when the text is short ("Back to Pages" for "Back") */
  'aria-label'?: string;
} & ({ to: string; onClick?: never } | { onClick(): void; to?: never });

/** The header's way back, with its arrow: a link to a route, or a button when leaving needs a check first (unsaved changes). */
export function BackLink({ children, to, onClick, 'aria-label': ariaLabel }: BackLinkProps) {
  const content = (
    <>
      <span aria-hidden="true">←</span> {children}
    </>
  );
  if (to != null)
    return (
      <TextLink to={to} aria-label={ariaLabel} className={styles.backLink}>
        {content}
      </TextLink>
    );
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label={ariaLabel} className={styles.backLink}>
      {content}
    </Button>
  );
}

/** A link in the page's text or header ("Mission results", "Chatbots"): the router's Link in the kit's link style. */
export function TextLink({ className, ...props }: LinkProps) {
  return <Link {...props} className={cx(styles.textLink, className as string | undefined)} />;
}

export interface SearchFieldProps {
  /** the accessible name ("Search flows") */
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <input
      type="search"
      className={styles.search}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export interface CardGridProps {
  /** the list's accessible name ("Flows") */
  label: string;
  children: ReactNode;
  className?: string;
  /** e.g. a custom property an area's own animation reads */
  style?: CSSProperties;
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
        {footer && <div className={styles.cardActions}>{footer}</div>}
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
  /** keep the text's own capitals (a version, "Installed · v1.0.0"); by default each word starts with a capital */
  asGiven?: boolean;
}

/** A status as a small coloured pill; each area maps its statuses to a tone. */
export function StatusBadge({ tone, children, asGiven }: StatusBadgeProps) {
  return <span className={cx(styles.badge, tone !== 'neutral' && styles[tone], asGiven && styles.asGiven)}>{children}</span>;
}
