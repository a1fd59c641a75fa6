// Test helper shared by the remotes' test harnesses (not part of the build or the package exports; the
// remotes import it by relative path from their src/testing helpers): a remote's routes rendered in a
// jotai Provider and a memory router with a location probe, a signed-in fake session, and deferreds.
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider, type PrimitiveAtom, type Store } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, Routes, useLocation } from 'react-router';
import { getStore, sessionAtom, type Session } from '../../client/index.js';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderRoutesOptions {
  /** the initial address */
  route: string;
  /** the jotai store of the Provider */
  store: Store;
  /** the <Route> elements */
  routes: ReactNode;
  /** wraps the router, inside the Provider (the remote's data context) */
  wrap?: (children: ReactElement) => ReactNode;
}

export type RenderedRoutes = RenderResult & {
  user: UserEvent;
  location(): string | null;
  /** navigates as a link elsewhere in the app (a sidebar link) or the browser's back button (-1) would */
  go(to: string | number): Promise<void>;
};

/** Renders `routes` at `route` in a memory router (with a location probe) inside a jotai Provider. */
export function renderRoutes({ route, store, routes, wrap = (children) => children }: RenderRoutesOptions): RenderedRoutes {
  const user = userEvent.setup();
  // a data router, as the shell's, so editors' navigation guards (useBlocker) work here too
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Routes>{routes}</Routes>
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const utils = render(<Provider store={store}>{wrap(<RouterProvider router={router} />)}</Provider>);
  const location = () => utils.getByTestId('location').textContent;
  const go = async (to: string | number) => {
    await act(async () => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
    });
  };
  return { ...utils, user, location, go };
}

// The session atom is read-only for apps (the session manager owns it); tests write it directly.
const writableSession = sessionAtom as unknown as PrimitiveAtom<Session | null>;

/** Signs a fake user into the suite's shared store (useSession reads it there). Returns the sign-out. */
export function signInAs(role: 'admin' | 'builder' | 'member', userId = 'u1') {
  getStore().set(writableSession, {
    token: 'test-token',
    expiresAt: Date.now() + 3_600_000,
    user: {
      user_id: userId,
      account_id: 'a1',
      library_id: 'l1',
      env_name: 'lo-n02',
      email: `${role}@accent.local`,
      name: `Test ${role}`,
      title: '',
      role,
      web_client_url: '',
    },
  });
  return () => getStore().set(writableSession, null);
}
