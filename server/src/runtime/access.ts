// Who may run an agent (its Advanced Settings → Access Permissions): all_users → everyone in the
// library; admin_only → admins; sales_team / marketing_team → users of that team. Admins may run any.
import type { AccessPermissionKey, AppRole, Team } from '@accent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface Runner {
  id: string;
  email: string;
  role: AppRole;
  team: Team | null;
  libraryId: string;
}

/** The active user behind a token (a deactivated user's token still verifies until it expires). */
export async function findRunner(db: Kysely<DB>, userId: string): Promise<Runner | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'team', 'library_id'])
    .where('id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, role: row.role, team: row.team, libraryId: row.library_id };
}

export function canRun(access: readonly AccessPermissionKey[], runner: Pick<Runner, 'role' | 'team'>): boolean {
  if (runner.role === 'admin' || access.includes('all_users')) return true;
  return (access.includes('sales_team') && runner.team === 'sales') || (access.includes('marketing_team') && runner.team === 'marketing');
}
