// The published pages (Magic Pages, end-user list, content), with loading and error states.
import { useCallback, useEffect, useState } from 'react';
import type { PageSummary } from '../data/pages.js';
import { errorMessage, usePagesEnv } from '../state/PagesDataContext.js';

export type ListState = { status: 'loading' } | { status: 'ready'; pages: PageSummary[] } | { status: 'error'; message: string };

export function usePageList(which: 'all' | 'published'): ListState & { reload(): void; setPages(update: (pages: PageSummary[]) => PageSummary[]): void } {
  const { api } = usePagesEnv();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    (which === 'all' ? api.listPages() : api.listPublishedPages()).then(
      (pages) => live && setState({ status: 'ready', pages }),
      (err: unknown) => live && setState({ status: 'error', message: errorMessage(err, 'Could not load pages.') }),
    );
    return () => {
      live = false;
    };
  }, [api, which, attempt]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  const setPages = useCallback((update: (pages: PageSummary[]) => PageSummary[]) => setState((s) => (s.status === 'ready' ? { status: 'ready', pages: update(s.pages) } : s)), []);
  return { ...state, reload, setPages };
}
