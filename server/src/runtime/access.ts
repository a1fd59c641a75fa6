// Who may run an agent (its Advanced Settings → Access Permissions): all_users → everyone in the
// library; admin_only → admins; sales_team / marketing_team → users of that team. Admins may run any.
// An anonymous visitor of a published page is no user at all: it may run exactly the page's agent.
import { agentSettingsSchema, type AccessPermissionKey } from '@accent/agents-common';
import type { AppRole } from '@accent/shared';
import type { Team } from '@accent/shell-common';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/access-token.js';
import type { DB } from '../db/schema.js';

export interface Runner {
  /** the user; null for an anonymous page visitor (runs, history and tool writes then have no user) */
  id: string | null;
  email: string;
  role: AppRole;
  team: Team | null;
  libraryId: string;
  /** set for an anonymous page visitor: the one agent it may run (the page's), whatever the agent's access list */
  onlyAgent?: string;
}

/** A signed-in user running agents. */
export interface UserRunner extends Runner {
  id: string;
}

/**
 * An anonymous visitor of a published page of library `libraryId` bound to agent `agentName`. Publishing
 * is the grant (the publisher had to be allowed to run the agent); the visitor can run nothing else,
 * not even agents the bound one calls through Ask Agent / Run Agent Command.
 */
export function pageVisitor(libraryId: string, agentName: string): Runner {
  return { id: null, email: '', role: 'member', team: null, libraryId, onlyAgent: agentName };
}

/** The active user behind a token (a deactivated user's token still verifies until it expires). */
export async function findRunner(db: Kysely<DB>, userId: string): Promise<UserRunner | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'team', 'library_id'])
    .where('id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, role: row.role, team: row.team, libraryId: row.library_id };
}

/**
 * The runner behind an authenticated request: the guard has just read the caller's current state (active,
 * sign-in live, role, library, team) in one statement, so that read is reused rather than made twice.
 * A caller read without their team (not through the guard) is read here.
 */
export async function runnerOfCaller(db: Kysely<DB>, caller: AuthUser): Promise<UserRunner | undefined> {
  if (caller.team !== undefined) return { id: caller.id, email: caller.email, role: caller.role, team: caller.team, libraryId: caller.libraryId };
  const runner = await findRunner(db, caller.id);
  return runner && runner.libraryId === caller.libraryId ? runner : undefined;
}

export function canRun(access: readonly AccessPermissionKey[], runner: Pick<Runner, 'role' | 'team' | 'onlyAgent'>, agentName?: string): boolean {
  if (runner.onlyAgent !== undefined) return agentName === runner.onlyAgent;
  if (runner.role === 'admin' || access.includes('all_users')) return true;
  return (access.includes('sales_team') && runner.team === 'sales') || (access.includes('marketing_team') && runner.team === 'marketing');
}

/**
 * The Access Permissions of an agent's stored settings (its config's `settings`). Unreadable settings
 * give an empty list, which only admins pass, rather than everyone.
 */
export function storedAccess(settings: unknown): readonly AccessPermissionKey[] {
  const parsed = agentSettingsSchema.safeParse(settings ?? {});
  return parsed.success ? parsed.data.access : [];
}
