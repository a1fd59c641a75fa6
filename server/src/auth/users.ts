// Users as the session sees them: the user row joined with its library and environment.
import type { AppRole, User } from '@accent/shared';
import type { Team } from '@accent/shell-common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AuthUser } from './access-token.js';

export interface SessionUser {
  id: string;
  accountId: string;
  libraryId: string;
  libraryName: string;
  envName: string;
  email: string;
  name: string;
  title: string;
  role: AppRole;
  active: boolean;
  passwordHash: string;
  webClientUrl: string;
}

function sessionUsers(db: Kysely<DB>) {
  return db
    .selectFrom('users as u')
    .innerJoin('libraries as l', 'l.id', 'u.library_id')
    .innerJoin('environments as e', 'e.id', 'l.environment_id')
    .select([
      'u.id as id',
      'u.account_id as accountId',
      'u.library_id as libraryId',
      'l.name as libraryName',
      'e.name as envName',
      'u.email as email',
      'u.name as name',
      'u.title as title',
      'u.role as role',
      'u.active as active',
      'u.password_hash as passwordHash',
      'e.web_client_url as webClientUrl',
    ]);
}

/** The user signing in to this environment and library, or undefined (any mismatch looks the same). */
export function findLoginCandidate(db: Kysely<DB>, login: { environment: string; library: string; email: string }): Promise<SessionUser | undefined> {
  return sessionUsers(db)
    .where('u.email', '=', login.email.trim().toLowerCase())
    .where('l.name', '=', login.library)
    .where('e.name', '=', login.environment)
    .executeTakeFirst();
}

export function findSessionUser(db: Kysely<DB>, userId: string): Promise<SessionUser | undefined> {
  return sessionUsers(db).where('u.id', '=', userId).executeTakeFirst();
}

export const toAuthUser = (user: SessionUser, sessionId: string, strength: Pick<AuthUser, 'aal' | 'amr'> = { aal: 1, amr: [] }): AuthUser => ({
  id: user.id,
  role: user.role,
  libraryId: user.libraryId,
  env: user.envName,
  email: user.email,
  sessionId,
  ...strength,
});

/**
 * The caller behind a verified token as they are now: undefined when the user is gone or deactivated or
 * the sign-in ended (logout, deactivation, a reused refresh token). Migration 011's function is the one
 * definition of "still signed in", shared with the data gateway.
 */
export async function findCurrentCaller(db: Kysely<DB>, claims: Pick<AuthUser, 'id' | 'sessionId'> & Partial<Pick<AuthUser, 'aal' | 'amr'>>): Promise<AuthUser | undefined> {
  const { rows } = await sql<{ role: AppRole; library_id: string; env: string; email: string; team: Team | null }>`
    SELECT role, library_id, env, email, team FROM public.accent_current_caller(${claims.id}::uuid, ${claims.sessionId}::uuid)`.execute(db);
  const row = rows[0];
  return row && { id: claims.id, role: row.role, libraryId: row.library_id, env: row.env, email: row.email, sessionId: claims.sessionId, aal: claims.aal ?? 1, amr: claims.amr ?? [], team: row.team };
}

/** The user fields of the login response (spec 01 §3). */
export function toUserResponse(user: SessionUser, fallbackWebClientUrl: string): User {
  return {
    user_id: user.id,
    account_id: user.accountId,
    library_id: user.libraryId,
    env_name: user.envName,
    email: user.email,
    name: user.name,
    title: user.title,
    role: user.role,
    web_client_url: user.webClientUrl || fallbackWebClientUrl,
  };
}
