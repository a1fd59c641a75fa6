// The session list: one row per sign-in (a refresh-token family, same id) with the device and address
// it came from and how the user proved who they are. Ending a session revokes its family, which the
// guard checks on every request, so its access tokens stop working at once too.
import type { ColumnType, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { revokeFamily } from '../refresh-tokens.js';

interface AuthSessionsTable {
  id: string;
  user_id: string;
  user_agent: string;
  ip: string;
  last_ip: string;
  amr: ColumnType<string[], string[], string[]>;
  aal: number;
  created_at: ColumnType<Date, Date | undefined, Date>;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
}

const withSessions = (db: Kysely<DB>) => db.withTables<{ auth_sessions: AuthSessionsTable }>();

/** The strength of a sign-in as the access token states it: 1 = one factor, 2 = two. */
export type AssuranceLevel = 1 | 2;

export interface SessionStrength {
  aal: AssuranceLevel;
  /** how the user proved who they are, e.g. ['password', 'totp'] */
  amr: string[];
}

/** Keep user agents to a readable size: they are shown, never parsed for anything that matters. */
const MAX_USER_AGENT = 512;

export async function recordSession(db: Kysely<DB>, session: { id: string; userId: string; userAgent: string; ip: string } & SessionStrength): Promise<void> {
  const t = withSessions(db);
  await t
    .insertInto('auth_sessions')
    .values({ id: session.id, user_id: session.userId, user_agent: session.userAgent.slice(0, MAX_USER_AGENT), ip: session.ip, last_ip: session.ip, amr: session.amr, aal: session.aal })
    .execute();
  // the rows of sign-ins that have no live token any more go with each new sign-in
  await t
    .deleteFrom('auth_sessions')
    .where('user_id', '=', session.userId)
    .where('id', '!=', session.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refresh_tokens as r')
            .select('r.id')
            .whereRef('r.family_id', '=', 'auth_sessions.id')
            .where('r.revoked_at', 'is', null)
            .where('r.expires_at', '>', new Date()),
        ),
      ),
    )
    .execute();
}

/**
 * Marks the session used now from this address and reads its strength, in one statement (every
 * refresh). A sign-in from before this table existed counts as one factor.
 */
export async function touchSession(db: Kysely<DB>, sessionId: string, ip: string): Promise<SessionStrength> {
  const row = await withSessions(db)
    .updateTable('auth_sessions')
    .set({ last_used_at: new Date(), last_ip: ip })
    .where('id', '=', sessionId)
    .returning(['aal', 'amr'])
    .executeTakeFirst();
  return row ? { aal: row.aal === 2 ? 2 : 1, amr: row.amr } : { aal: 1, amr: [] };
}

/** The user proved the second factor during this session (they just set it up): it counts as two from now on. */
export async function raiseSession(db: Kysely<DB>, sessionId: string, userId: string): Promise<void> {
  await withSessions(db)
    .updateTable('auth_sessions')
    .set((eb) => ({ aal: 2, amr: eb.fn<string[]>('array_append', [eb.ref('amr'), eb.val('totp')]) }))
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('aal', '=', 1)
    .execute();
}

export interface SessionRow {
  id: string;
  userAgent: string;
  ip: string;
  lastIp: string;
  aal: AssuranceLevel;
  createdAt: Date;
  lastUsedAt: Date;
}

/** The user's live sign-ins, most recently used first: each family's current (unreplaced, unrevoked) token. */
export async function listSessions(db: Kysely<DB>, userId: string): Promise<SessionRow[]> {
  const rows = await withSessions(db)
    .selectFrom('refresh_tokens as r')
    .leftJoin('auth_sessions as s', 's.id', 'r.family_id')
    .select(['r.family_id as id', 'r.created_at as tokenAt', 's.user_agent', 's.ip', 's.last_ip', 's.aal', 's.created_at', 's.last_used_at'])
    .where('r.user_id', '=', userId)
    .where('r.revoked_at', 'is', null)
    .where('r.replaced_by', 'is', null)
    .where('r.expires_at', '>', new Date())
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      userAgent: row.user_agent ?? '',
      ip: row.ip ?? '',
      lastIp: row.last_ip ?? '',
      aal: (row.aal === 2 ? 2 : 1) as AssuranceLevel,
      createdAt: row.created_at ?? row.tokenAt,
      lastUsedAt: row.last_used_at ?? row.tokenAt,
    }))
    .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());
}

export type SignOutScope = 'local' | 'others' | 'global';

/** Ends sign-ins of the user: `local` the current one, `others` all but it, `global` every one. Returns how many. */
export async function endSessions(db: Kysely<DB>, userId: string, scope: SignOutScope, currentSessionId: string | null): Promise<number> {
  if (scope === 'local') {
    if (!currentSessionId) return 0;
    await revokeFamily(db, currentSessionId, userId);
    return 1;
  }
  let update = db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (scope === 'others' && currentSessionId) update = update.where('family_id', '!=', currentSessionId);
  const rows = await update.returning('family_id').execute();
  return new Set(rows.map((r) => r.family_id)).size;
}

/** Ends one of the user's sign-ins by id; false when it is not theirs or already ended. */
export async function endSession(db: Kysely<DB>, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}
