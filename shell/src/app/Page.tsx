// The frame of a shell page inside the sidebar layout: a header with the title, an optional lead,
// back link and actions, then the content.
import type { ReactNode } from 'react';
import styles from './Page.module.css';

export interface PageProps {
  title: ReactNode;
  description?: ReactNode;
  /** rendered above the title (a back button) */
  before?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  width?: 'normal' | 'narrow';
}

export function Page({ title, description, before, actions, children, width = 'normal' }: PageProps) {
  return (
    <div className={`${styles.page} ${width === 'narrow' ? styles.narrow : ''}`}>
      <header className={styles.header}>
        {before && <div className={styles.before}>{before}</div>}
        <div className={styles.titleRow}>
          <div>
            <h1 className={styles.title}>{title}</h1>
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      </header>
      {children}
    </div>
  );
}

/** A titled block inside a page. */
export function Section({ title, children, actions, id }: { title: ReactNode; children: ReactNode; actions?: ReactNode; id?: string }) {
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
