// Refresh tokens: random, stored only as a hash, rotated on every use. A family is the chain of tokens
// of one sign-in; presenting a token that was already rotated means it was copied, so the whole family
// (including the thief's or the victim's newer token) is revoked.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/values.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Remember me: a persistent cookie and token valid for 30 days (renewed on each rotation). */
export const PERSISTENT_TTL_MS = 30 * DAY_MS;
/** Without remember me the cookie ends with the browser; the server still bounds the token's life. */
export const SESSION_TTL_MS = 1 * DAY_MS;

export interface IssuedRefreshToken {
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

export type RotationResult =
  | ({ ok: true; userId: string } & IssuedRefreshToken)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function newToken(persistent: boolean) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (persistent ? PERSISTENT_TTL_MS : SESSION_TTL_MS));
  return { id: randomUUID(), token, hash: hashToken(token), expiresAt, persistent };
}

export async function issueRefreshToken(db: Kysely<DB>, userId: string, persistent: boolean): Promise<IssuedRefreshToken> {
  const t = newToken(persistent);
  await db
    .insertInto('refresh_tokens')
    .values({ id: t.id, family_id: randomUUID(), user_id: userId, token_hash: t.hash, expires_at: t.expiresAt, persistent })
    .execute();
  // Housekeeping on sign-in keeps the table from growing with this user's dead tokens.
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', new Date()).execute();
  return { token: t.token, persistent, expiresAt: t.expiresAt };
}

export async function rotateRefreshToken(db: Kysely<DB>, presented: string): Promise<RotationResult> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(presented))
      .forUpdate()
      .executeTakeFirst();
    if (!current) return { ok: false, reason: 'unknown' };
    if (current.replaced_by !== null) {
      await revokeFamily(trx, current.family_id);
      return { ok: false, reason: 'reused' };
    }
    if (current.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (current.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

    const next = newToken(current.persistent);
    await trx
      .insertInto('refresh_tokens')
      .values({ id: next.id, family_id: current.family_id, user_id: current.user_id, token_hash: next.hash, expires_at: next.expiresAt, persistent: next.persistent })
      .execute();
    await trx.updateTable('refresh_tokens').set({ replaced_by: next.id }).where('id', '=', current.id).execute();
    return { ok: true, userId: current.user_id, token: next.token, persistent: next.persistent, expiresAt: next.expiresAt };
  });
}

/** Signs out every token of the sign-in the presented token belongs to. Unknown tokens are ignored. */
export async function revokeFamilyOf(db: Kysely<DB>, presented: string): Promise<void> {
  const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashToken(presented)).executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id);
}

export async function revokeFamily(db: Kysely<DB>, familyId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}
