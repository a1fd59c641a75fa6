// The TOTP factor and its recovery codes. The secret is sealed with the master key and bound to the user
// id (a row copied onto another user fails to open); a code is accepted once per 30-second step, and a
// recovery code once ever, each decided by one conditional UPDATE so two requests cannot both pass.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { open, seal } from '../../credentials/crypto.js';
import { inTransaction } from '../../db/values.js';

interface UserTotpFactorsTable {
  user_id: string;
  ciphertext: Buffer;
  iv: Buffer;
  auth_tag: Buffer;
  confirmed_at: Date | null;
  last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
}

interface UserRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export type TwoFactorTables = { user_totp_factors: UserTotpFactorsTable; user_recovery_codes: UserRecoveryCodesTable };
export const withFactorTables = (db: Kysely<DB>) => db.withTables<TwoFactorTables>();

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Accent Studio';

const sealedWith = (userId: string) => `totp:${userId}`;

const totpOf = (secret: Secret, label = '') => new TOTP({ issuer: TOTP_ISSUER, label, secret, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S });

/** Whether the library requires a second factor (migration 020's libraries column). */
export async function libraryRequiresTwoFactor(db: Kysely<DB>, libraryId: string): Promise<boolean> {
  const row = await db
    .withTables<{ libraries: { require_two_factor: boolean } }>()
    .selectFrom('libraries')
    .select('require_two_factor')
    .where('id', '=', libraryId)
    .executeTakeFirst();
  return row?.require_two_factor ?? false;
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: Kysely<DB>, userId: string): Promise<TwoFactorStatus> {
  const t = withFactorTables(db);
  const factor = await t.selectFrom('user_totp_factors').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
  const enabledAt = factor?.confirmed_at ?? null;
  if (!enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const codes = await t
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: true, enabledAt, recoveryCodesLeft: Number(codes.n) };
}

/** Whether signing in needs the second step: the user has a confirmed factor. */
export async function hasConfirmedFactor(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await withFactorTables(db)
    .selectFrom('user_totp_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export interface Enrolment {
  /** base32, for typing into the app by hand */
  secret: string;
  otpauthUrl: string;
  /** the otpauth URL as an SVG QR code in a data URL, drawn here so the browser needs no QR library */
  qrCode: string;
}

/**
 * Starts (or restarts) an enrolment: a new secret, not in force until confirmed with a code. Returns
 * null when the user already has a confirmed factor (they must disable it first).
 */
export async function startEnrolment(db: Kysely<DB>, masterKey: Buffer, user: { id: string; email: string }): Promise<Enrolment | null> {
  const secret = new Secret({ size: 20 });
  const sealed = seal(masterKey, secret.base32, sealedWith(user.id));
  const t = withFactorTables(db);
  const row = await t
    .insertInto('user_totp_factors')
    .values({ user_id: user.id, ciphertext: sealed.ciphertext, iv: sealed.iv, auth_tag: sealed.authTag, confirmed_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ ciphertext: sealed.ciphertext, iv: sealed.iv, auth_tag: sealed.authTag, last_step: null, created_at: new Date() })
        // a confirmed factor is never replaced by a new enrolment
        .where('user_totp_factors.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return null;
  const otpauthUrl = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret: secret.base32, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The 30-second step the code belongs to (within one step of now either way, for clock drift), or null. */
function matchingStep(secretBase32: string, code: string, now: number): number | null {
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_S, timestamp: now }) + delta;
}

/**
 * Checks a 6-digit code against the user's factor (`pending`: the enrolment being confirmed, otherwise
 * the confirmed one) and records its step, so the same code, or an older one, is refused afterwards.
 */
export async function acceptTotp(db: Kysely<DB>, masterKey: Buffer, userId: string, code: string, options: { pending: boolean; now?: number }): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const t = withFactorTables(db);
  const factor = await t
    .selectFrom('user_totp_factors')
    .select(['ciphertext', 'iv', 'auth_tag'])
    .where('user_id', '=', userId)
    .where('confirmed_at', options.pending ? 'is' : 'is not', null)
    .executeTakeFirst();
  if (!factor) return false;
  const secret = open(masterKey, { ciphertext: factor.ciphertext, iv: factor.iv, authTag: factor.auth_tag }, sealedWith(userId));
  const step = matchingStep(secret, code, options.now ?? Date.now());
  if (step === null) return false;
  const used = await t
    .updateTable('user_totp_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', options.pending ? 'is' : 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${normaliseRecoveryCode(code)}`).digest('hex');

/** Ten codes of ten characters from an alphabet without look-alikes, shown as `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Uses up one recovery code; false when it is unknown or was used before. */
export async function consumeRecoveryCode(db: Kysely<DB>, userId: string, code: string): Promise<boolean> {
  if (!/^[a-z0-9\s-]{10,20}$/i.test(code)) return false;
  const used = await withFactorTables(db)
    .updateTable('user_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(userId, code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * Confirms the pending enrolment with a code from the app: the factor is in force from now on, and the
 * ten recovery codes are returned, the only time they are ever readable. Null when the code is wrong.
 */
export async function confirmEnrolment(db: Kysely<DB>, masterKey: Buffer, userId: string, code: string, now = Date.now()): Promise<string[] | null> {
  return inTransaction(db, async (trx) => {
    if (!(await acceptTotp(trx, masterKey, userId, code, { pending: true, now }))) return null;
    const t = withFactorTables(trx);
    await t.updateTable('user_totp_factors').set({ confirmed_at: new Date(now) }).where('user_id', '=', userId).execute();
    return replaceRecoveryCodes(trx, userId);
  });
}

async function replaceRecoveryCodes(db: Kysely<DB>, userId: string): Promise<string[]> {
  const t = withFactorTables(db);
  const codes = newRecoveryCodes();
  await t.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await t
    .insertInto('user_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(userId, code), used_at: null })))
    .execute();
  return codes;
}

/** A 6-digit code from the app or one recovery code: which of the two it was, or null when neither. */
export async function verifySecondFactor(db: Kysely<DB>, masterKey: Buffer, userId: string, code: string): Promise<'totp' | 'recovery_code' | null> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) return (await acceptTotp(db, masterKey, userId, trimmed, { pending: false })) ? 'totp' : null;
  return (await consumeRecoveryCode(db, userId, trimmed)) ? 'recovery_code' : null;
}

/** Removes the factor and its recovery codes (the user disabling it, or an admin resetting it). */
export async function removeFactor(db: Kysely<DB>, userId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const t = withFactorTables(trx);
    await t.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    const removed = await t.deleteFrom('user_totp_factors').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
    return removed !== undefined;
  });
}
