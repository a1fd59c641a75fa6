// Route guards: protected routes need a session; while the session is being restored from the refresh
// cookie ('unknown') a loading screen shows, never the login page.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAtomValue } from 'jotai';
import { getStore, useSession } from '@accent/shared/client';
import { FullPageLoading } from './FullPageLoading.js';
import { DEFAULT_SIGNED_IN_PATH, pathOf, type LoginLocationState } from './navigation.js';
import { signingOutAtom } from './signOut.js';

export const RESTORING_SESSION_TEXT = 'Restoring your session...';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const signingOut = useAtomValue(signingOutAtom, { store: getStore() });
  const location = useLocation();
  if (status === 'unknown') return <FullPageLoading text={RESTORING_SESSION_TEXT} />;
  // after Logout the way out is the landing page (not a login that would bring the user back here)
  if (signingOut) return <Navigate to="/landing" replace />;
  if (status !== 'signed-in') {
    const state: LoginLocationState = { from: pathOf(location) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

/** `/`: home when signed in, the landing page otherwise. */
export function RootRedirect() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <FullPageLoading text={RESTORING_SESSION_TEXT} />;
  const to = status === 'signed-in' ? DEFAULT_SIGNED_IN_PATH : '/landing';
  return <Navigate to={{ pathname: to, search: location.search, hash: location.hash }} replace />;
}
