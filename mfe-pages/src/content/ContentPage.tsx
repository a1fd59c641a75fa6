// /content: the published pages a user can personalise for one prospect.
import { useNavigate } from 'react-router';
import { Button, Page, PageHeader } from '@accent/shared/ui';
import { formatDate } from '../common/format.js';
import { PublishedPageGrid } from '../common/PublishedPageGrid.js';
import { personalizePath } from './PersonalizePage.js';

export function ContentPage() {
  const navigate = useNavigate();
  return (
    <Page>
      <PageHeader
        title="Content"
        subtitle="Personalise a published page for one prospect and send them their own link."
      />
      <PublishedPageGrid
        label="Pages to personalise"
        idPrefix="content"
        empty={{ title: 'No published pages to personalise', text: 'Deploy a page from the builder first.', action: <Button onClick={() => navigate('/pages/builder')}>Create page</Button> }}
        text={(page) => `v${page.published_version ?? 1} · ${formatDate(page.published_at)}`}
        actions={(page) => (
          <Button size="sm" onClick={() => navigate(personalizePath(page.id))} aria-label={`Personalize ${page.name}`}>
            Personalize
          </Button>
        )}
      />
    </Page>
  );
}
