// /pages2 (Magic Pages): the published pages as cards with their live link.
import { useNavigate } from 'react-router';
import { useCanBuild } from '@accent/shared/client';
import { Button, Page, PageHeader } from '@accent/shared/ui';
import { formatDate, liveUrl } from '../common/format.js';
import { PublishedPageGrid } from '../common/PublishedPageGrid.js';
import { builderPath } from './PagesDashboardPage.js';
import styles from '../common/Common.module.css';

export function MagicPagesPage() {
  const navigate = useNavigate();
  const canEdit = useCanBuild();
  const create = canEdit ? <Button onClick={() => navigate(builderPath())}>Create page</Button> : undefined;
  return (
    <Page>
      <PageHeader
        title="Magic Pages"
        subtitle="Your live assistant pages. Share a link and visitors chat with its agent."
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate('/pages')}>
              All pages
            </Button>
            {create}
          </>
        }
      />
      <PublishedPageGrid
        label="Published pages"
        idPrefix="magic"
        empty={{ title: 'No published pages yet', text: 'Deploy a page from the builder and it appears here with its live link.', action: create }}
        text={(page) => `${page.agent_name ? `Answered by ${page.agent_name}` : 'No agent chosen'} · v${page.published_version ?? 1} · ${formatDate(page.published_at)}`}
        extra={(page) =>
          page.slug && (
            <a className={styles.link} href={liveUrl(page.slug)} target="_blank" rel="noopener noreferrer" aria-label={`${liveUrl(page.slug)}: the live page of ${page.name}`}>
              {liveUrl(page.slug)}
            </a>
          )
        }
        actions={(page) => (
          <Button size="sm" variant="secondary" onClick={() => navigate(builderPath(page.id))}>
            {canEdit ? 'Edit' : 'View'}
          </Button>
        )}
      />
    </Page>
  );
}
