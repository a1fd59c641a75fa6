// The providers around the routes: the one jotai store, the services, the remote registry and the
// toast host. Separate from App so tests put a MemoryRouter inside the same tree.
import { useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'jotai';
import { getStore, useSession } from '@accent/shared/client';
import { ToastHost } from '@accent/shared/ui';
import type { RemoteLoader } from '../remotes/loader.js';
import { RemotesProvider } from '../remotes/RemotesProvider.js';
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
  // the registry is read again for whoever signs in (it may give them a canary)
  const { status, user } = useSession();
  const sessionKey = status === 'signed-in' ? `user:${user?.user_id ?? ''}` : status;
  return (
    <Provider store={getStore()}>
      <ServicesContext.Provider value={services}>
        <RemotesProvider fetchRegistry={fetchRegistry} loader={loader} sessionKey={sessionKey}>
          <SignOutReset />
          {children}
          <ToastHost />
        </RemotesProvider>
      </ServicesContext.Provider>
    </Provider>
  );
}

/** A finished sign-out is forgotten as soon as someone signs in again. */
function SignOutReset() {
  const { status } = useSession();
  useEffect(() => {
    if (status === 'signed-in') getStore().set(signingOutAtom, false);
  }, [status]);
  return null;
}
