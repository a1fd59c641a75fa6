// The step between the first factor and the session. The browser holds the challenge in an httpOnly
// cookie (so a redirect from single sign-on can hand it over as well as a JSON answer), the database
// only its hash. It lives five minutes, allows a few wrong codes, and is used up by one UPDATE.
import { createHash, randomBytes } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SignInMethod } from '../issue-session.js';

interface SignInChallengesTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  method: string;
  persistent: boolean;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

const withChallenges = (db: Kysely<DB>) => db.withTables<{ sign_in_challenges: SignInChallengesTable }>();

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before the user has to sign in again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createChallenge(db: Kysely<DB>, challenge: { userId: string; method: SignInMethod; persistent: boolean }, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const t = withChallenges(db);
  // this user's dead challenges go with each new one, so the table stays small
  await t.deleteFrom('sign_in_challenges').where('user_id', '=', challenge.userId).where('expires_at', '<', new Date(now)).execute();
  await t
    .insertInto('sign_in_challenges')
    .values({ token_hash: hashToken(token), user_id: challenge.userId, method: challenge.method, persistent: challenge.persistent, expires_at: new Date(now + CHALLENGE_TTL_MS), used_at: null })
    .execute();
  return token;
}

export interface OpenChallenge {
  id: string;
  userId: string;
  method: SignInMethod;
  persistent: boolean;
}

/** The live challenge behind a token (not expired, not used, tries left), or null. */
export async function findChallenge(db: Kysely<DB>, token: string, now = Date.now()): Promise<OpenChallenge | null> {
  const row = await withChallenges(db)
    .selectFrom('sign_in_challenges')
    .select(['id', 'user_id', 'method', 'persistent'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, method: row.method as SignInMethod, persistent: row.persistent } : null;
}

/** Counts a wrong code; true while the challenge still has tries left. */
export async function failChallenge(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await withChallenges(db)
    .updateTable('sign_in_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row !== undefined && row.attempts < CHALLENGE_MAX_ATTEMPTS;
}

/** Uses the challenge up; false when another request already did (or it expired meanwhile). */
export async function completeChallenge(db: Kysely<DB>, id: string, now = Date.now()): Promise<boolean> {
  const row = await withChallenges(db)
    .updateTable('sign_in_challenges')
    .set({ used_at: new Date(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the user's open challenges (their factor was removed: nothing can complete them now). */
export async function dropChallenges(db: Kysely<DB>, userId: string): Promise<void> {
  await withChallenges(db).deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}
