// Who may build (create and change agents, flows, background agents and pages): admins and builders.
// Screens use it to show members read-only views instead of editors whose every save would be refused;
// the server and row-level security refuse members anyway.
import { EDITOR_ROLES, type User } from '@accent/shared';
import { ApiError } from './http.js';
import { useSession } from './use-session.js';

export function canBuild(user: Pick<User, 'role'> | null | undefined): boolean {
  return Boolean(user && (EDITOR_ROLES as readonly string[]).includes(user.role));
}

/** The signed-in user may build (false while signed out). */
export function useCanBuild(): boolean {
  return canBuild(useSession().user);
}

/** PostgreSQL's insufficient_privilege: a row-level security policy or a grant said no. */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Whether the server refused because of the user's role: an API 403, or a table write that row-level
 * security refused (the data services keep the PostgREST error as the cause).
 */
export function isRoleRefusal(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 403;
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 3; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === INSUFFICIENT_PRIVILEGE) return true;
    if (typeof message === 'string' && /row-level security|permission denied/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** "Your role does not allow {action}." — e.g. roleRefusalText('saving flows'). */
export const roleRefusalText = (action: string) => `Your role does not allow ${action}.`;

/** The refusal in words when the role was the reason, else the fallback (the screen's own text). */
export function refusalOr(err: unknown, action: string, fallback: string): string {
  return isRoleRefusal(err) ? roleRefusalText(action) : fallback;
}
