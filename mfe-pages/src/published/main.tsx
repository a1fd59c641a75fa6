// A published page at /p/{slug}[?p={token}] for anonymous visitors: reads the page (embedded in the HTML
// by the server, else GET /api/public/pages/:slug), renders it with the studio's renderer, and chats
// through the public endpoint. The visitor's conversation id lives in sessionStorage for the tab.
import '@accent/shared/tokens.css';
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createPublicPagesClient, newPageThreadId, PUBLIC_PAGE_DATA_ELEMENT_ID, PUBLIC_THREAD_ID_PATTERN, readPublicPage, type PublicPage } from '../public/index.js';
import { streamedText, type AskPage } from '../renderer/ask.js';
import { PageView } from '../renderer/PageView.js';
import styles from './Published.module.css';

const client = createPublicPagesClient();

/** The slug of /p/{slug} and the personalisation token of ?p=. */
export function addressOf(location: Pick<Location, 'pathname' | 'search'>): { slug: string; token: string | null } {
  const match = /^\/p\/([^/]+)\/?$/.exec(location.pathname);
  return { slug: match ? decodeURIComponent(match[1]!) : '', token: new URLSearchParams(location.search).get('p') };
}

/** The page the server embedded in the HTML, when it did. */
function embeddedPage(slug: string): PublicPage | null {
  const text = document.getElementById(PUBLIC_PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const page = readPublicPage(JSON.parse(text));
    return page?.slug === slug ? page : null;
  } catch {
    return null;
  }
}

const threadKey = (slug: string) => `accent-page-thread:${slug}`;
function storedThread(slug: string): string {
  try {
    const stored = sessionStorage.getItem(threadKey(slug));
    if (stored && PUBLIC_THREAD_ID_PATTERN.test(stored)) return stored;
  } catch {
    // storage blocked: the thread lasts as long as the page
  }
  return rememberThread(slug, newPageThreadId());
}
function rememberThread(slug: string, id: string): string {
  try {
    sessionStorage.setItem(threadKey(slug), id);
  } catch {
    // storage blocked
  }
  return id;
}

type Load = { state: 'loading' } | { state: 'ready'; page: PublicPage } | { state: 'error'; message: string };

function PublishedPage({ slug, token }: { slug: string; token: string | null }) {
  const [load, setLoad] = useState<Load>(() => {
    const page = embeddedPage(slug);
    return page ? { state: 'ready', page } : { state: 'loading' };
  });
  const [threadId, setThreadId] = useState(() => storedThread(slug));

  useEffect(() => {
    if (load.state !== 'loading') return;
    if (!slug) return setLoad({ state: 'error', message: 'This page is not available.' });
    client.getPage(slug, token).then(
      (page) => setLoad({ state: 'ready', page }),
      (err: unknown) => setLoad({ state: 'error', message: err instanceof Error ? err.message : 'This page could not be loaded.' }),
    );
  }, [load.state, slug, token]);

  useEffect(() => {
    if (load.state === 'ready') document.title = load.page.name;
  }, [load]);

  const ask = useMemo<AskPage>(
    () => (question, { threadId: thread, signal, onText }) =>
      client.chat(slug, { message: question, thread_id: thread, ...(token ? { p: token } : {}) }, { signal, onEvent: streamedText(onText) }),
    [slug, token],
  );

  return (
    <main className={styles.main}>
      {load.state === 'loading' ? (
        <p className={styles.state} role="status">
          Loading...
        </p>
      ) : load.state === 'error' ? (
        <p className={styles.state} role="alert">
          {load.message}
        </p>
      ) : (
        <PageView components={load.page.components} ask={ask} threadId={threadId} onClearHistory={() => setThreadId(rememberThread(slug, newPageThreadId()))} label={load.page.name} />
      )}
    </main>
  );
}

const { slug, token } = addressOf(window.location);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublishedPage slug={slug} token={token} />
  </StrictMode>,
);
