// The published pages as a grid of cards, with loading, error and empty states: Magic Pages (/pages2),
// the end-user list and the content list differ only in each card's text, link and actions.
import type { ReactNode } from 'react';
import type { PageSummary } from '../data/pages.js';
import { EmptyState, ErrorState, LoadingState } from '@accent/shared/ui';
import { usePageList } from './usePageList.js';
import styles from './Common.module.css';

export interface PublishedPageGridProps {
  /** the list's accessible name */
  label: string;
  /** prefix of the card title ids (unique per page) */
  idPrefix: string;
  empty: { title: string; text: string; action?: ReactNode };
  /** what a card says under its title */
  text(page: PageSummary): ReactNode;
  /** a card's buttons (and anything between the text and them) */
  actions(page: PageSummary): ReactNode;
  extra?(page: PageSummary): ReactNode;
}

export function PublishedPageGrid({ label, idPrefix, empty, text, actions, extra }: PublishedPageGridProps) {
  const list = usePageList('published');
  if (list.status === 'loading') return <LoadingState text="Loading pages..." />;
  if (list.status === 'error') return <ErrorState message={list.message} onRetry={list.reload} />;
  if (list.pages.length === 0) return <EmptyState title={empty.title} text={empty.text} action={empty.action} />;
  return (
    <ul className={styles.grid} aria-label={label}>
      {list.pages.map((page) => (
        <li key={page.id}>
          <article className={styles.card} aria-labelledby={`${idPrefix}-${page.id}`}>
            <h2 className={styles.cardTitle} id={`${idPrefix}-${page.id}`}>
              {page.name}
            </h2>
            <p className={styles.cardText}>{text(page)}</p>
            {extra?.(page)}
            <div className={styles.cardActions}>{actions(page)}</div>
          </article>
        </li>
      ))}
    </ul>
  );
}
