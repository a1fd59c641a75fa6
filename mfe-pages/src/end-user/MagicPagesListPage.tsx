// /end-user/magic-pages: the published pages an end user can open.
import { useNavigate } from 'react-router';
import { Button } from '@accent/shared/ui';
import { formatDate } from '../common/format.js';
import { PublishedPageGrid } from '../common/PublishedPageGrid.js';
import styles from '../common/Common.module.css';

export function MagicPagesListPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Magic Pages</h1>
          <p className={styles.subtitle}>Interactive pages published for you. Open one and ask its assistant.</p>
        </div>
      </header>
      <PublishedPageGrid
        label="Magic pages"
        idPrefix="eu-magic"
        empty={{ title: 'No magic pages yet', text: 'When your team publishes a page, it appears here.' }}
        text={(page) => page.description || `Published ${formatDate(page.published_at)}`}
        actions={(page) => (
          <Button size="sm" onClick={() => navigate(`/end-user/magic-pages/${encodeURIComponent(page.id)}`)} aria-label={`Open ${page.name}`}>
            Open
          </Button>
        )}
      />
    </div>
  );
}
