// Reset links and sign-in codes (migration 018): created with only their hash stored, accepted at most
// once by a single UPDATE … WHERE used_at IS NULL … RETURNING, so two tabs (or an attacker racing the
// user) cannot both use one. A new challenge retires the user's older ones of the same kind.
import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MAX_TRIES } from '@accent/shell-common';

export type ChallengePurpose = 'password_reset' | 'sign_in_code';

interface EmailChallengesTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  purpose: ChallengePurpose;
  secret_hash: string;
  failed_attempts: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

const withChallenges = (db: Kysely<DB>) => db.withTables<{ email_challenges: EmailChallengesTable }>();

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Keyed with a server secret and the user id: a leaked table alone does not give away the codes. */
export const hashCode = (key: string, userId: string, code: string) => createHmac('sha256', key).update(`sign-in-code:${userId}:${code}`).digest('hex');

export const newLinkToken = () => randomBytes(32).toString('base64url');
export const newCode = () => String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');

/** When the user's latest challenge of this kind was made (for the resend cool-down), or null. */
export async function latestChallengeAt(db: Kysely<DB>, userId: string, purpose: ChallengePurpose): Promise<Date | null> {
  const row = await withChallenges(db)
    .selectFrom('email_challenges')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * Stores a new challenge and retires the user's live ones of the same kind (only the newest email works).
 * `rehearse`: the same statements, matching nothing and without the insert, for an address that has no
 * account (or asks again within the cool-down), so the answer takes as long either way.
 */
export async function createChallenge(
  db: Kysely<DB>,
  challenge: { userId: string; purpose: ChallengePurpose; secretHash: string; ttlMs: number; rehearse?: boolean },
): Promise<void> {
  const now = new Date();
  const owner = challenge.rehearse ? randomUUID() : challenge.userId;
  await db.transaction().execute(async (trx) => {
    await withChallenges(trx)
      .updateTable('email_challenges')
      .set({ used_at: now })
      .where('user_id', '=', owner)
      .where('purpose', '=', challenge.purpose)
      .where('used_at', 'is', null)
      .execute();
    if (!challenge.rehearse)
      await withChallenges(trx)
        .insertInto('email_challenges')
        .values({ id: randomUUID(), user_id: challenge.userId, purpose: challenge.purpose, secret_hash: challenge.secretHash, expires_at: new Date(now.getTime() + challenge.ttlMs) })
        .execute();
    // Housekeeping: rows a day past their expiry are of no use to anyone.
    await withChallenges(trx).deleteFrom('email_challenges').where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000)).execute();
  });
}

/** The user a live reset link belongs to, without using it (the reset page shows whose password it sets). */
export async function peekResetLink(db: Kysely<DB>, token: string): Promise<string | null> {
  const row = await withChallenges(db)
    .selectFrom('email_challenges')
    .select('user_id')
    .where('purpose', '=', 'password_reset')
    .where('secret_hash', '=', hashLinkToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Uses a reset link: its user id, or null when it is unknown, expired or already used. */
export async function consumeResetLink(db: Kysely<DB>, token: string): Promise<string | null> {
  const row = await withChallenges(db)
    .updateTable('email_challenges')
    .set({ used_at: new Date() })
    .where('purpose', '=', 'password_reset')
    .where('secret_hash', '=', hashLinkToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Uses the user's live code when `codeHash` matches it; otherwise counts a wrong try against it (the
 * try that reaches the limit retires it). True when the code was accepted.
 */
export async function consumeCode(db: Kysely<DB>, userId: string, codeHash: string): Promise<boolean> {
  const live = (q: ReturnType<typeof update>) =>
    q
      .where('user_id', '=', userId)
      .where('purpose', '=', 'sign_in_code')
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .where('failed_attempts', '<', SIGN_IN_CODE_MAX_TRIES);
  const update = () => withChallenges(db).updateTable('email_challenges');
  const accepted = await live(update()).set({ used_at: new Date() }).where('secret_hash', '=', codeHash).returning('id').executeTakeFirst();
  if (accepted) return true;
  await live(update())
    .set({
      failed_attempts: sql<number>`failed_attempts + 1`,
      used_at: sql<Date | null>`CASE WHEN failed_attempts + 1 >= ${SIGN_IN_CODE_MAX_TRIES} THEN now() ELSE NULL END`,
    })
    .execute();
  return false;
}
