import { Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes } from 'react-router';
import { session as sharedSession, type SessionManager } from '@accent/shared/client';
import { getStore } from '@accent/shared/client';
import { useSession } from '@accent/shared/client';
import { REMOTE_TITLES, type RemoteModule, type RemoteRoute } from '@accent/shared';
import { Button } from './Button.js';
import { EmptyState } from './EmptyState.js';
import { LoadingState } from './LoadingState.js';
import { LoginForm } from './LoginForm.js';
import { RemoteBoundary } from './RemoteBoundary.js';
import styles from './StandaloneFrame.module.css';
import { ToastHost } from './ToastHost.js';

export interface StandaloneFrameProps {
  remote: RemoteModule;
  /** the shared session manager by default; tests pass one with a fake transport on the same store */
  sessionManager?: SessionManager;
}

/**
 * A remote's standalone bootstrap (DESIGN.md §3 "Standalone"): the shared store, the session, a sign-in
 * form while signed out, then a slim top bar and the remote's own routes.
 */
export function StandaloneFrame({ remote, sessionManager = sharedSession }: StandaloneFrameProps) {
  useEffect(() => {
    void sessionManager.start();
  }, [sessionManager]);
  // a data router (one catch-all route) so editors can block leaving unsaved changes (useBlocker)
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <StandaloneContent remote={remote} session={sessionManager} /> }]));
  return (
    <Provider store={getStore()}>
      <div className={styles.page}>
        <RouterProvider router={router} />
      </div>
      <ToastHost />
    </Provider>
  );
}

function StandaloneContent({ remote, session }: { remote: RemoteModule; session: SessionManager }) {
  const { status, user } = useSession();
  const title = REMOTE_TITLES[remote.id];

  if (status === 'unknown') return <LoadingState text="Restoring your session..." />;
  if (!user) {
    return (
      <main className={styles.signIn}>
        <div className={styles.card}>
          <h1 className={styles.cardTitle}>Sign in</h1>
          <p className={styles.cardSubtitle}>Accent Studio · {title}</p>
          {/* the session store flips to signed-in on success, which re-renders this frame */}
          <LoginForm
            onSuccess={() => {}}
            login={session.login}
            verifySecondFactor={session.completeSecondFactor}
            cancelSecondFactor={session.cancelSecondFactor}
          />
        </div>
      </main>
    );
  }

  const home = firstStaticPath(remote.routes);
  return (
    <>
      <header className={styles.topBar}>
        <span className={styles.brand}>Accent Studio</span>
        <span className={styles.areaTitle}>{title}</span>
        <span className={styles.user}>{user.name}</span>
        <Button variant="secondary" size="sm" onClick={() => void session.logout()}>
          Logout
        </Button>
      </header>
      <main className={styles.main}>
        <Routes>
          {remote.routes.map(({ path, Component }) => (
            <Route
              key={path}
              path={path}
              element={
                <RemoteBoundary title={title}>
                  <Component />
                </RemoteBoundary>
              }
            />
          ))}
          {home && home !== '/' && <Route path="/" element={<Navigate to={home} replace />} />}
          <Route path="*" element={<EmptyState title="Page not found" text="This address is not part of this area." />} />
        </Routes>
      </main>
    </>
  );
}

/** The first route without parameters or wildcards: where `/` leads. */
function firstStaticPath(routes: readonly RemoteRoute[]): string | undefined {
  return (routes.find((r) => !/[:*]/.test(r.path)) ?? routes[0])?.path;
}
