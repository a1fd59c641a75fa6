import { useAtomValue } from 'jotai';
import type { User } from '@accent/shared';
import { sessionAtom, sessionStatusAtom, type Session, type SessionStatus } from './session.js';
import { getStore } from './store.js';

export interface SessionView {
  session: Session | null;
  user: User | null;
  isAuthenticated: boolean;
  /** 'unknown' while the first restore (other tab or refresh cookie) is in flight */
  status: SessionStatus;
}

export function useSession(): SessionView {
  // The shared store explicitly, so the hook works even outside a jotai Provider.
  const store = getStore();
  const current = useAtomValue(sessionAtom, { store });
  const status = useAtomValue(sessionStatusAtom, { store });
  return { session: current, user: current?.user ?? null, isAuthenticated: current !== null, status };
}
