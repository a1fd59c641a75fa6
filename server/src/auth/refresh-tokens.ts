// Refresh tokens: random, stored only as a hash, rotated on every use. A family is the chain of tokens
// of one sign-in; presenting a token that was already rotated means it was copied, so the whole family
// (including the thief's or the victim's newer token) is revoked, except within a few seconds of the
// rotation: two tabs refreshing at once send the same cookie, and both get the same new token (as
// GoTrue's reuse interval does). The family id is the sign-in's session id in the access tokens.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/values.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Remember me: a persistent cookie and token valid for 30 days (renewed on each rotation). */
export const PERSISTENT_TTL_MS = 30 * DAY_MS;
/** Without remember me the cookie ends with the browser; the server still bounds the token's life. */
export const SESSION_TTL_MS = 1 * DAY_MS;

/** How long after a rotation the rotated token still gets the same successor instead of revoking. */
export const REFRESH_REUSE_INTERVAL_MS = 10_000;

export interface IssuedRefreshToken {
  token: string;
  /** the sign-in (family) this token belongs to */
  sessionId: string;
  persistent: boolean;
  expiresAt: Date;
}

export type RotationResult =
  | ({ ok: true; userId: string } & IssuedRefreshToken)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A successor is derived from the token it replaces with a server key, so a repeat within the reuse
 * interval can be answered with the very same token although only hashes are stored.
 */
const successorOf = (presented: string, key: string) => createHmac('sha256', key).update(`refresh-successor:${presented}`).digest('base64url');

function newToken(persistent: boolean, token = randomBytes(32).toString('base64url')) {
  const expiresAt = new Date(Date.now() + (persistent ? PERSISTENT_TTL_MS : SESSION_TTL_MS));
  return { id: randomUUID(), token, hash: hashToken(token), expiresAt, persistent };
}

export async function issueRefreshToken(db: Kysely<DB>, userId: string, persistent: boolean): Promise<IssuedRefreshToken> {
  const t = newToken(persistent);
  const familyId = randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({ id: t.id, family_id: familyId, user_id: userId, token_hash: t.hash, expires_at: t.expiresAt, persistent })
    .execute();
  // Housekeeping on sign-in keeps the table from growing with this user's dead tokens.
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', new Date()).execute();
  return { token: t.token, sessionId: familyId, persistent, expiresAt: t.expiresAt };
}

/** `key`: a server secret the successor tokens are derived with. */
export async function rotateRefreshToken(db: Kysely<DB>, presented: string, key: string, now = Date.now()): Promise<RotationResult> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(presented))
      .forUpdate()
      .executeTakeFirst();
    if (!current) return { ok: false, reason: 'unknown' };
    if (current.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (current.replaced_by !== null) {
      const successor = await trx.selectFrom('refresh_tokens').selectAll().where('id', '=', current.replaced_by).executeTakeFirst();
      const token = successorOf(presented, key);
      const repeat =
        successor !== undefined &&
        successor.revoked_at === null &&
        successor.token_hash === hashToken(token) &&
        now - successor.created_at.getTime() <= REFRESH_REUSE_INTERVAL_MS;
      if (repeat) return { ok: true, userId: successor.user_id, token, sessionId: successor.family_id, persistent: successor.persistent, expiresAt: successor.expires_at };
      await revokeFamily(trx, current.family_id);
      return { ok: false, reason: 'reused' };
    }
    if (current.expires_at.getTime() <= now) return { ok: false, reason: 'expired' };

    const next = newToken(current.persistent, successorOf(presented, key));
    await trx
      .insertInto('refresh_tokens')
      // created_at on the same clock as the reuse interval's check above
      .values({ id: next.id, family_id: current.family_id, user_id: current.user_id, token_hash: next.hash, expires_at: next.expiresAt, persistent: next.persistent, created_at: new Date(now) })
      .execute();
    await trx.updateTable('refresh_tokens').set({ replaced_by: next.id }).where('id', '=', current.id).execute();
    return { ok: true, userId: current.user_id, token: next.token, sessionId: current.family_id, persistent: next.persistent, expiresAt: next.expiresAt };
  });
}

/** Signs out every token of the sign-in the presented token belongs to. Unknown tokens are ignored. */
export async function revokeFamilyOf(db: Kysely<DB>, presented: string): Promise<void> {
  const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashToken(presented)).executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id);
}

/** Ends a sign-in: its refresh tokens, and with them its access tokens (the guard checks the family). */
export async function revokeFamily(db: Kysely<DB>, familyId: string, userId?: string): Promise<void> {
  let update = db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null);
  if (userId !== undefined) update = update.where('user_id', '=', userId);
  await update.execute();
}

/** Ends every sign-in of a user (a password reset), or every one but `keepFamilyId` (a password change). */
export async function revokeUserSessions(db: Kysely<DB>, userId: string, keepFamilyId?: string): Promise<void> {
  let update = db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamilyId !== undefined) update = update.where('family_id', '!=', keepFamilyId);
  await update.execute();
}
