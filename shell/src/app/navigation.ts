// Where to send a user after signing in, and where a signed-out visitor wanted to go.
import type { Location } from 'react-router';

export const DEFAULT_SIGNED_IN_PATH = '/home';

export interface LoginLocationState {
  from?: string;
}

/** Only same-app paths: never `//host`, never back to /login itself. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const path = value.split(/[?#]/)[0];
  if (path === '/login' || path === '/landing' || path === '/') return null;
  return value;
}

export const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${location.pathname}${location.search}${location.hash}`;

export function returnPathFrom(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as LoginLocationState).from : undefined;
  return safeReturnPath(from) ?? DEFAULT_SIGNED_IN_PATH;
}
