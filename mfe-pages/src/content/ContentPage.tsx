// /content: the published pages a user can personalise for one prospect.
import { useNavigate } from 'react-router';
import { Button } from '@accent/shared/ui';
import { formatDate } from '../common/format.js';
import { PublishedPageGrid } from '../common/PublishedPageGrid.js';
import styles from '../common/Common.module.css';

export function ContentPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Content</h1>
          <p className={styles.subtitle}>Personalise a published page for one prospect and send them their own link.</p>
        </div>
      </header>
      <PublishedPageGrid
        label="Pages to personalise"
        idPrefix="content"
        empty={{ title: 'No published pages to personalise', text: 'Deploy a page from the builder first.', action: <Button onClick={() => navigate('/pages/builder')}>Create page</Button> }}
        text={(page) => `v${page.published_version ?? 1} · ${formatDate(page.published_at)}`}
        actions={(page) => (
          <Button size="sm" onClick={() => navigate(`/content/personalize/${encodeURIComponent(page.id)}`)} aria-label={`Personalize ${page.name}`}>
            Personalize
          </Button>
        )}
      />
    </div>
  );
}
