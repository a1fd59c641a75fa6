// The published pages (Magic Pages, end-user list, content), with loading and error states.
import { useQuery } from '@accent/shared/ui';
import type { PageSummary } from '../data/pages.js';
import { errorMessage, usePagesEnv } from '../state/PagesDataContext.js';

export type ListState = { status: 'loading' } | { status: 'ready'; pages: PageSummary[] } | { status: 'error'; message: string };

export function usePageList(which: 'all' | 'published'): ListState & { reload(): void; setPages(update: (pages: PageSummary[]) => PageSummary[]): void } {
  const { api } = usePagesEnv();
  const query = useQuery(['pages', which], () => (which === 'all' ? api.listPages() : api.listPublishedPages()));
  const { reload, setData: setPages } = query;
  if (query.status === 'ready') return { status: 'ready', pages: query.data, reload, setPages };
  if (query.status === 'error') return { status: 'error', message: errorMessage(query.error, 'Could not load pages.'), reload, setPages };
  return { status: 'loading', reload, setPages };
}
