// /end-user/magic-pages/:id: the published version of a page (page_versions), rendered with the same
// renderer as the published bundle, its assistant answering through the signed-in invoke client.
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { PageVersionRow } from '@accent/pages-common';
import { BackLink, EmptyState, ErrorState, LoadingState, Page, PageHeader, useQuery } from '@accent/shared/ui';
import { studioAsk } from '../renderer/ask.js';
import { PageView } from '../renderer/PageView.js';
import { errorMessage, usePagesEnv } from '../state/PagesDataContext.js';
import styles from '../common/Common.module.css';

type Load = { state: 'loading' } | { state: 'ready'; version: PageVersionRow } | { state: 'missing' } | { state: 'error'; message: string };

export function MagicPageRendererPage() {
  const { id = '' } = useParams();
  const env = usePagesEnv();
  // the version the page publishes now: an unpublished page shows nothing, even to admins who can read its versions
  const query = useQuery(['pages', 'published-version', id], async () => {
    const page = await env.api.getPage(id);
    return page && page.status === 'published' ? env.api.getPublishedVersion(id, page.published_version) : null;
  });
  const load: Load =
    query.status === 'ready'
      ? query.data
        ? { state: 'ready', version: query.data }
        : { state: 'missing' }
      : query.status === 'error'
        ? { state: 'error', message: errorMessage(query.error, 'Could not load the page.') }
        : { state: 'loading' };
  const [threadId, setThreadId] = useState(() => env.newThreadId());


  const version = load.state === 'ready' ? load.version : null;
  const ask = useMemo(() => (version ? studioAsk(env.invoke, version.agent_name, version.components) : undefined), [env.invoke, version]);

  return (
    <Page>
      <BackLink to="/end-user/magic-pages">All magic pages</BackLink>
      {load.state === 'loading' ? (
        <LoadingState text="Loading page..." />
      ) : load.state === 'error' ? (
        <ErrorState message={load.message} onRetry={query.reload} />
      ) : load.state === 'missing' ? (
        <EmptyState title="Page not available" text="This page is not published." />
      ) : (
        <>
          <PageHeader title={load.version.name} />
          <PageView components={load.version.components} ask={ask} threadId={threadId} onClearHistory={() => setThreadId(env.newThreadId())} label={load.version.name} />
        </>
      )}
    </Page>
  );
}
