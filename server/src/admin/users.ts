// Users of the admin's library: list, create, change role/team, deactivate (which also signs them out).
import { ADMIN_MESSAGES, type AdminCreateUserRequest, type AdminUser, type Team } from '@accent/shell-common';
import { type AppRole } from '@accent/shared';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import type { DB } from '../db/schema.js';
import { inTransaction, toIso } from '../db/values.js';
import { HttpError } from '../http/errors.js';

const COLUMNS = ['id', 'email', 'name', 'title', 'role', 'team', 'active', 'created_at'] as const;
type Row = { id: string; email: string; name: string; title: string; role: AppRole; team: Team | null; active: boolean; created_at: Date };
const toAdminUser = (r: Row): AdminUser => ({ ...r, created_at: toIso(r.created_at) });

/** Postgres unique_violation */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function listUsers(db: Kysely<DB>, libraryId: string): Promise<AdminUser[]> {
  const rows = await db.selectFrom('users').select(COLUMNS).where('library_id', '=', libraryId).orderBy('email').execute();
  return rows.map(toAdminUser);
}

/** In the admin's account and library. 409 when the email is taken (emails are unique across the service). */
export async function createUser(db: Kysely<DB>, admin: { id: string; libraryId: string }, input: Required<Pick<AdminCreateUserRequest, 'email' | 'name' | 'role' | 'password'>> & { title: string; team: Team | null }): Promise<AdminUser> {
  const taken = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
  if (taken) throw new HttpError(409, ADMIN_MESSAGES.emailTaken(input.email));
  const { account_id } = await db.selectFrom('users').select('account_id').where('id', '=', admin.id).executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db
      .insertInto('users')
      .values({ account_id, library_id: admin.libraryId, email: input.email, name: input.name, title: input.title, role: input.role, team: input.team, password_hash: passwordHash })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAdminUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ADMIN_MESSAGES.emailTaken(input.email));
    throw error;
  }
}

export async function updateUser(
  db: Kysely<DB>,
  admin: { id: string; libraryId: string },
  id: string,
  changes: { role?: AppRole; team?: Team | null; active?: boolean },
): Promise<AdminUser> {
  // An admin locking themselves out would leave the library without anyone to undo it.
  if (id === admin.id && changes.active === false) throw new HttpError(400, ADMIN_MESSAGES.cannotDeactivateSelf);
  if (id === admin.id && changes.role !== undefined && changes.role !== 'admin') throw new HttpError(400, ADMIN_MESSAGES.cannotDemoteSelf);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.team !== undefined ? { team: changes.team } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
      })
      .where('id', '=', id)
      .where('library_id', '=', admin.libraryId)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    if (changes.active === false) {
      // signed out everywhere: no refresh token of theirs works any more
      await trx.updateTable('refresh_tokens').set({ revoked_at: sql<Date>`now()` }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    }
    return toAdminUser(row);
  });
}
