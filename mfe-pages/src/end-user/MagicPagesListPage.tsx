// /end-user/magic-pages: the published pages an end user can open.
import { useNavigate } from 'react-router';
import { Button, Page, PageHeader } from '@accent/shared/ui';
import { formatDate } from '../common/format.js';
import { PublishedPageGrid } from '../common/PublishedPageGrid.js';

export function MagicPagesListPage() {
  const navigate = useNavigate();
  return (
    <Page>
      <PageHeader
        title="Magic Pages"
        subtitle="Interactive pages published for you. Open one and ask its assistant."
      />
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
    </Page>
  );
}
