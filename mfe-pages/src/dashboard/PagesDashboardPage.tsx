// /pages: every page of the library with status, version and last publish; Open, Duplicate, Unpublish
// and Delete (with confirmation); Create page opens the builder.
import { useNavigate } from 'react-router';
import type { PageSummary } from '../data/pages.js';
import { useCanBuild } from '@accent/shared/client';
import {
  ACTIONS_COLUMN,
  Page,
  PageHeader,
  Button,
  ConfirmDeleteDialog,
  DataTable,
  LoadingState,
  ActionsMenu,
  EmptyState,
  ErrorState,
  useConfirmDelete,
} from '@accent/shared/ui';
import { deleteConfirmText, formatDate, liveUrl } from '../common/format.js';
import { StatusTag } from '../common/StatusTag.js';
import { usePageList } from '../common/usePageList.js';
import { PERSONALIZED_LINKS, personalizePath, type PersonalizeFrom } from '../content/PersonalizePage.js';
import { usePagesEnv } from '../state/PagesDataContext.js';
import styles from '../common/Common.module.css';

export const builderPath = (id?: string) => (id ? `/pages/builder/${encodeURIComponent(id)}` : '/pages/builder');

export function PagesDashboardPage() {
  const { api, notify } = usePagesEnv();
  const navigate = useNavigate();
  const list = usePageList('all');

  async function duplicate(page: PageSummary) {
    try {
      const copy = await api.duplicatePage(page.id);
      if (!copy) return notify.error('Duplication Failed', 'Could not load the original page.');
      notify.success('Page Duplicated', `${copy.name} has been created.`);
      list.reload();
    } catch {
      notify.error('Duplication Failed', 'Could not duplicate page. Please check your connection.');
    }
  }

  async function unpublish(page: PageSummary) {
    try {
      await api.unpublishPage(page.id);
      notify.success('Page Unpublished', `${page.name} is no longer live.`);
      list.setPages((pages) => pages.map((p) => (p.id === page.id ? { ...p, status: 'unpublished' } : p)));
    } catch {
      notify.error('Unpublish Failed', 'Could not unpublish page. Please check your connection.');
    }
  }

  const del = useConfirmDelete<PageSummary>({
    remove: (page) => api.deletePage(page.id),
    deleted: (page) => {
      notify.success('Page Deleted', `${page.name} has been deleted.`);
      list.setPages((pages) => pages.filter((p) => p.id !== page.id));
    },
    failed: () => notify.error('Deletion Failed', 'Could not delete page. Please check your connection.'),
  });

  // members see the pages, open them read-only, and change nothing
  const canEdit = useCanBuild();
  const create = canEdit ? <Button onClick={() => navigate(builderPath())}>Create page</Button> : undefined;

  return (
    <Page>
      <PageHeader title="Pages" subtitle="Interactive assistant pages built from blocks and published at a link." actions={create} />

      {list.status === 'loading' ? (
        <LoadingState text="Loading pages..." />
      ) : list.status === 'error' ? (
        <ErrorState message={list.message} onRetry={list.reload} />
      ) : list.pages.length === 0 ? (
        <EmptyState title="No pages yet" text="Build an assistant page from blocks or a template and deploy it." action={create} />
      ) : (
        <DataTable label="Pages" columns={['Name', 'Status', 'Version', 'Last published', ACTIONS_COLUMN]}>
          {list.pages.map((page) => (
            <tr key={page.id}>
              <td>
                <button type="button" className={styles.nameButton} onClick={() => navigate(builderPath(page.id))}>
                  {page.name}
                </button>
                <div className={styles.muted}>{page.agent_name ? `Agent: ${page.agent_name}` : 'No agent chosen'}</div>
                {page.status === 'published' && page.slug && (
                  <a className={styles.link} href={liveUrl(page.slug)} target="_blank" rel="noopener noreferrer">
                    {liveUrl(page.slug)}
                  </a>
                )}
              </td>
              <td>
                <StatusTag status={page.status} />
              </td>
              <td>{page.published_version ? `v${page.published_version}` : '—'}</td>
              <td>{formatDate(page.published_at)}</td>
              <td>
                <ActionsMenu
                  name={page.name}
                  items={[
                    { label: 'Open', onSelect: () => navigate(builderPath(page.id)) },
                    ...(canEdit
                      ? [
                          { label: 'Duplicate', onSelect: () => void duplicate(page) },
                          ...(page.status === 'published'
                            ? [
                                {
                                  label: PERSONALIZED_LINKS,
                                  onSelect: () =>
                                    navigate(personalizePath(page.id), {
                                      state: { back: { to: '/pages', label: 'Pages' } } satisfies PersonalizeFrom,
                                    }),
                                },
                                { label: 'Unpublish', onSelect: () => void unpublish(page) },
                              ]
                            : []),
                          { label: 'Delete', onSelect: () => del.ask(page), danger: true },
                        ]
                      : []),
                  ]}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      <ConfirmDeleteDialog state={del} title="Delete page" message={(page) => deleteConfirmText(page.name)} />
    </Page>
  );
}
