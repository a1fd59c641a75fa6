// The providers around the routes: the one jotai store, the services, the remote registry and the
// toast host. Separate from App so tests put a MemoryRouter inside the same tree.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Provider } from 'jotai';
import { getStore, useSession } from '@accent/shared/client';
import { ToastHost } from '@accent/shared/ui';
import type { RemoteLoader } from '../remotes/loader.js';
import { RemotesProvider, useRemotes } from '../remotes/RemotesProvider.js';
import { ServicesContext, defaultServices, type ShellServices } from './services.js';
import { signingOutAtom } from './signOut.js';

export interface AppProvidersProps {
  services?: ShellServices;
  /** how remotes are registered and loaded (the Module Federation runtime in the app, a fake in tests) */
  loader: RemoteLoader;
  children: ReactNode;
}

/** Everything but the router, so tests can put a MemoryRouter around the same tree. */
export function AppProviders({ services = defaultServices, loader, children }: AppProvidersProps) {
  const fetchRegistry = useMemo(() => () => services.remotes.list(), [services]);
  return (
    <Provider store={getStore()}>
      <ServicesContext.Provider value={services}>
        <RemotesProvider fetchRegistry={fetchRegistry} loader={loader}>
          <RegistryRetryOnSignIn />
          <SignOutReset />
          {children}
          <ToastHost />
        </RemotesProvider>
      </ServicesContext.Provider>
    </Provider>
  );
}

/**
 * The registry is fetched again when someone signs in: it may give this user a canary version, and one
 * that failed before sign-in (e.g. the server was restarting) gets another chance.
 */
function RegistryRetryOnSignIn() {
  const { status } = useSession();
  const { registry, refresh } = useRemotes();
  const previous = useRef(status);
  const failed = registry.status === 'error';
  useEffect(() => {
    const signedIn = status === 'signed-in' && (previous.current !== 'signed-in' || failed);
    previous.current = status;
    if (signedIn) void refresh();
    // only when the user signs in
  }, [status]);
  return null;
}

/** A finished sign-out is forgotten as soon as someone signs in again. */
function SignOutReset() {
  const { status } = useSession();
  useEffect(() => {
    if (status === 'signed-in') getStore().set(signingOutAtom, false);
  }, [status]);
  return null;
}
