import { useSession } from '@accent/shared/client';

/** Members (end users) see agents read-only; the server refuses their writes too (DESIGN.md §4). */
export function useCanEdit(): boolean {
  const { user } = useSession();
  return user?.role !== 'member';
}

/** Administrators choose which agents MCP clients see (the server keeps the choice on anyone else's save). */
export function useIsAdmin(): boolean {
  const { user } = useSession();
  return user?.role === 'admin';
}
