// /end-user/magic-pages: the published pages an end user can open.
import { useNavigate } from 'react-router';
import { Button, EmptyState, ErrorState, LoadingState } from '@accent/shared/ui';
import { formatDate } from '../common/format.js';
import { usePageList } from '../common/usePageList.js';
import styles from '../common/Common.module.css';

export function MagicPagesListPage() {
  const navigate = useNavigate();
  const list = usePageList('published');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Magic Pages</h1>
          <p className={styles.subtitle}>Interactive pages published for you. Open one and ask its assistant.</p>
        </div>
      </header>
      {list.status === 'loading' ? (
        <LoadingState text="Loading pages..." />
      ) : list.status === 'error' ? (
        <ErrorState message={list.message} onRetry={list.reload} />
      ) : list.pages.length === 0 ? (
        <EmptyState title="No magic pages yet" text="When your team publishes a page, it appears here." />
      ) : (
        <ul className={styles.grid} aria-label="Magic pages">
          {list.pages.map((page) => (
            <li key={page.id}>
              <article className={styles.card} aria-labelledby={`eu-magic-${page.id}`}>
                <h2 className={styles.cardTitle} id={`eu-magic-${page.id}`}>
                  {page.name}
                </h2>
                <p className={styles.cardText}>{page.description || `Published ${formatDate(page.published_at)}`}</p>
                <div className={styles.cardActions}>
                  <Button size="sm" onClick={() => navigate(`/end-user/magic-pages/${encodeURIComponent(page.id)}`)} aria-label={`Open ${page.name}`}>
                    Open
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
