// Logout (spec 01 §4: "Logout resets auth, user and token and returns to the landing view").
// While it runs, the route guard must send the page to /landing, not to /login: the session turns
// signed-out before (or while) the navigation to /landing commits, and a lazy page makes that
// navigation a transition that a synchronous redirect would overtake.
import { atom, type Store } from 'jotai';
import type { NavigateFunction } from 'react-router';
import type { SessionManager } from '@accent/shared/client';

/** true from the moment the user chose Logout until they sign in again */
export const signingOutAtom = atom(false);

export async function signOut(store: Store, session: Pick<SessionManager, 'logout'>, navigate: NavigateFunction): Promise<void> {
  store.set(signingOutAtom, true);
  // The server must revoke the refresh cookie before the landing page shows: a reload in between
  // would otherwise restore the session.
  await session.logout();
  navigate('/landing', { replace: true });
}
