// /content: the published pages a user can personalise for one prospect.
import { useNavigate } from 'react-router';
import { Button, EmptyState, ErrorState, LoadingState } from '@accent/shared/ui';
import { formatDate } from '../common/format.js';
import { usePageList } from '../common/usePageList.js';
import styles from '../common/Common.module.css';

export function ContentPage() {
  const navigate = useNavigate();
  const list = usePageList('published');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Content</h1>
          <p className={styles.subtitle}>Personalise a published page for one prospect and send them their own link.</p>
        </div>
      </header>
      {list.status === 'loading' ? (
        <LoadingState text="Loading pages..." />
      ) : list.status === 'error' ? (
        <ErrorState message={list.message} onRetry={list.reload} />
      ) : list.pages.length === 0 ? (
        <EmptyState title="No published pages to personalise" text="Deploy a page from the builder first." action={<Button onClick={() => navigate('/pages/builder')}>Create page</Button>} />
      ) : (
        <ul className={styles.grid} aria-label="Pages to personalise">
          {list.pages.map((page) => (
            <li key={page.id}>
              <article className={styles.card} aria-labelledby={`content-${page.id}`}>
                <h2 className={styles.cardTitle} id={`content-${page.id}`}>
                  {page.name}
                </h2>
                <p className={styles.cardText}>
                  v{page.published_version ?? 1} · {formatDate(page.published_at)}
                </p>
                <div className={styles.cardActions}>
                  <Button size="sm" onClick={() => navigate(`/content/personalize/${encodeURIComponent(page.id)}`)} aria-label={`Personalize ${page.name}`}>
                    Personalize
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
