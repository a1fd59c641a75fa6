// Emailed links that create an account (migration 021): an administrator's invitation (email, role,
// team) and a self sign-up's email verification (role member). Only a sha256 of each token is stored;
// a link is used at most once because the UPDATE that marks it used is also the one that checks it.
import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  emailDomainOf,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  passwordProblem,
  SIGN_UP_TTL_HOURS,
  type Invitation,
  type LinkKind,
  type LinkPreview,
  type Team,
} from '@accent/shell-common';
import type { AppRole } from '@accent/shared';
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inTransaction, toIso } from '../../db/values.js';
import { HttpError } from '../../http/errors.js';
import { hashPassword } from '../passwords.js';
import { signUpDomains } from './sign-up-domains.js';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
interface InvitationsTable {
  id: Generated<string>;
  library_id: string;
  kind: LinkKind;
  email: string;
  role: AppRole;
  team: Nullable<Team>;
  token_hash: string;
  invited_by: Nullable<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  accepted_at: Nullable<Date | string>;
  accepted_user_id: Nullable<string>;
  revoked_at: Nullable<Date | string>;
}
export const withLinkTables = (db: Kysely<DB>) => db.withTables<{ invitations: InvitationsTable }>();

const HOUR_MS = 60 * 60 * 1000;
const TTL_MS: Record<LinkKind, number> = { invitation: INVITATION_TTL_DAYS * 24 * HOUR_MS, sign_up: SIGN_UP_TTL_HOURS * HOUR_MS };

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
function newLinkToken(kind: LinkKind, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token), expiresAt: new Date(now + TTL_MS[kind]) };
}

/** Postgres unique_violation */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

async function emailTaken(db: Kysely<DB>, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
}

// ---- invitations (administrators) ----------------------------------------------------------------

export async function listPendingInvitations(db: Kysely<DB>, libraryId: string): Promise<Invitation[]> {
  const rows = await withLinkTables(db)
    .selectFrom('invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.email', 'i.role', 'i.team', 'i.sent_at', 'i.expires_at', 'u.email as invited_by'])
    .select(sql<boolean>`i.expires_at <= now()`.as('expired'))
    .where('i.library_id', '=', libraryId)
    .where('i.kind', '=', 'invitation')
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .orderBy('i.sent_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    team: r.team,
    status: r.expired ? 'expired' : 'pending',
    invited_by: r.invited_by,
    sent_at: toIso(r.sent_at),
    expires_at: toIso(r.expires_at),
  }));
}

export interface CreatedLink {
  id: string;
  token: string;
  expiresAt: Date;
}

/** 409 when the address already has an account or a pending invitation here; an expired one is replaced. */
export async function createInvitation(db: Kysely<DB>, input: { libraryId: string; invitedBy: string; email: string; role: AppRole; team: Team | null }): Promise<CreatedLink> {
  if (await emailTaken(db, input.email)) throw new HttpError(409, ADMIN_MESSAGES.emailTaken(input.email));
  const link = newLinkToken('invitation');
  try {
    return await inTransaction(db, async (trx) => {
      await withLinkTables(trx)
        .updateTable('invitations')
        .set({ revoked_at: sql<Date>`now()` })
        .where('library_id', '=', input.libraryId)
        .where('kind', '=', 'invitation')
        .where('email', '=', input.email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '<=', sql<Date>`now()`)
        .execute();
      const row = await withLinkTables(trx)
        .insertInto('invitations')
        .values({ library_id: input.libraryId, kind: 'invitation', email: input.email, role: input.role, team: input.team, token_hash: link.hash, invited_by: input.invitedBy, expires_at: link.expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, token: link.token, expiresAt: link.expiresAt };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, INVITATION_MESSAGES.alreadyPending(input.email));
    throw error;
  }
}

async function explainNotPending(db: Kysely<DB>, libraryId: string, id: string): Promise<never> {
  const row = await withLinkTables(db).selectFrom('invitations').select('id').where('id', '=', id).where('library_id', '=', libraryId).where('kind', '=', 'invitation').executeTakeFirst();
  throw row ? new HttpError(409, INVITATION_MESSAGES.notPending) : new HttpError(404, INVITATION_MESSAGES.notFound);
}

/** A new link (the old one stops working: only its hash was kept) valid for another full period. */
export async function renewInvitation(db: Kysely<DB>, libraryId: string, id: string): Promise<CreatedLink & { email: string; role: AppRole; team: Team | null }> {
  const link = newLinkToken('invitation');
  const row = await withLinkTables(db)
    .updateTable('invitations')
    .set({ token_hash: link.hash, expires_at: link.expiresAt, sent_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('library_id', '=', libraryId)
    .where('kind', '=', 'invitation')
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['id', 'email', 'role', 'team'])
    .executeTakeFirst();
  if (!row) return explainNotPending(db, libraryId, id);
  return { ...row, token: link.token, expiresAt: link.expiresAt };
}

export async function revokeInvitation(db: Kysely<DB>, libraryId: string, id: string): Promise<{ email: string }> {
  const row = await withLinkTables(db)
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('library_id', '=', libraryId)
    .where('kind', '=', 'invitation')
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  if (!row) return explainNotPending(db, libraryId, id);
  return row;
}

/** Puts a sign-up request's link back when its email could not be sent (nothing half-done stays). */
export async function deleteLink(db: Kysely<DB>, id: string): Promise<void> {
  await withLinkTables(db).deleteFrom('invitations').where('id', '=', id).execute();
}

// ---- the public side of a link -------------------------------------------------------------------

function linkRows(db: Kysely<DB>) {
  return withLinkTables(db)
    .selectFrom('invitations as i')
    .innerJoin('libraries as l', 'l.id', 'i.library_id')
    .innerJoin('environments as e', 'e.id', 'l.environment_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.kind', 'i.email', 'i.role', 'i.team', 'i.library_id', 'i.expires_at', 'i.accepted_at', 'i.revoked_at', 'l.name as library', 'e.name as environment', 'u.name as invited_by'])
    .select(sql<boolean>`i.expires_at <= now()`.as('expired'));
}
type LinkRow = Awaited<ReturnType<ReturnType<typeof linkRows>['executeTakeFirstOrThrow']>>;

/** Why a link cannot be used, in words for the person holding it. */
function refusal(row: LinkRow | undefined): HttpError | null {
  if (!row) return new HttpError(404, INVITATION_MESSAGES.linkInvalid);
  if (row.accepted_at) return new HttpError(409, INVITATION_MESSAGES.linkUsed);
  if (row.revoked_at) return new HttpError(409, row.kind === 'invitation' ? INVITATION_MESSAGES.linkRevoked : INVITATION_MESSAGES.linkInvalid);
  if (row.expired) return new HttpError(409, row.kind === 'invitation' ? INVITATION_MESSAGES.linkExpired : INVITATION_MESSAGES.signUpLinkExpired);
  return null;
}

/** What the accept page shows before the person sets a password; refused with the reason otherwise. */
export async function previewLink(db: Kysely<DB>, token: string): Promise<LinkPreview> {
  const row = await linkRows(db).where('i.token_hash', '=', hashLinkToken(token)).executeTakeFirst();
  const refused = refusal(row);
  if (refused || !row) throw refused;
  return {
    kind: row.kind,
    email: row.email,
    role: row.role,
    team: row.team,
    environment: row.environment,
    library: row.library,
    invited_by: row.kind === 'invitation' ? row.invited_by : null,
    expires_at: toIso(row.expires_at),
  };
}

/**
 * Creates the account a link stands for and marks the link used, both or neither. Answers the new user's
 * id and what kind of link it was.
 */
export async function acceptLink(db: Kysely<DB>, token: string, person: { name: string; title: string; password: string }): Promise<{ userId: string; kind: LinkKind; email: string; libraryId: string }> {
  const hash = hashLinkToken(token);
  // the reason in words before the (slow) password hash; the UPDATE below is what really decides
  const preview = await linkRows(db).where('i.token_hash', '=', hash).executeTakeFirst();
  const refused = refusal(preview);
  if (refused || !preview) throw refused;
  // the rules every password a person chooses meets (the same the reset and change pages check)
  const problem = passwordProblem(person.password, preview.email);
  if (problem) throw new HttpError(400, `password: ${problem}`);
  const passwordHash = await hashPassword(person.password);
  try {
    return await inTransaction(db, async (trx) => {
      const link = await withLinkTables(trx)
        .updateTable('invitations')
        .set({ accepted_at: sql<Date>`now()` })
        .where('token_hash', '=', hash)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['id', 'kind', 'email', 'role', 'team', 'library_id'])
        .executeTakeFirst();
      if (!link) throw refusal(await linkRows(trx).where('i.token_hash', '=', hash).executeTakeFirst()) ?? new HttpError(409, INVITATION_MESSAGES.linkUsed);
      // the administrator may have closed sign-up for this domain since the link was sent
      if (link.kind === 'sign_up' && !(await signUpDomains(trx, link.library_id)).includes(emailDomainOf(link.email))) {
        throw new HttpError(403, INVITATION_MESSAGES.signUpClosed);
      }
      if (await emailTaken(trx, link.email)) throw new HttpError(409, INVITATION_MESSAGES.accountExists);
      const { account_id } = await trx
        .selectFrom('libraries as l')
        .innerJoin('environments as e', 'e.id', 'l.environment_id')
        .select('e.account_id')
        .where('l.id', '=', link.library_id)
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({ account_id, library_id: link.library_id, email: link.email, name: person.name, title: person.title, role: link.role, team: link.team, password_hash: passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow();
      await withLinkTables(trx).updateTable('invitations').set({ accepted_user_id: user.id }).where('id', '=', link.id).execute();
      return { userId: user.id, kind: link.kind, email: link.email, libraryId: link.library_id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, INVITATION_MESSAGES.accountExists);
    throw error;
  }
}

// ---- self sign-up --------------------------------------------------------------------------------

export type SignUpOutcome =
  /** a new verification link for this address (earlier open ones revoked) */
  | { kind: 'link'; id: string; token: string; expiresAt: Date }
  /** the address already has an account: it is told so, nobody else is */
  | { kind: 'existing' }
  /** another request for the same address made its link at the same moment: that one is sent */
  | { kind: 'concurrent' };

/** Decides a sign-up request allowed by the library's domains (the caller checks them first). */
export async function startSignUp(db: Kysely<DB>, libraryId: string, email: string): Promise<SignUpOutcome> {
  if (await emailTaken(db, email)) return { kind: 'existing' };
  const link = newLinkToken('sign_up');
  const made = inTransaction(db, async (trx): Promise<SignUpOutcome> => {
    await withLinkTables(trx)
      .updateTable('invitations')
      .set({ revoked_at: sql<Date>`now()` })
      .where('library_id', '=', libraryId)
      .where('kind', '=', 'sign_up')
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await withLinkTables(trx)
      .insertInto('invitations')
      .values({ library_id: libraryId, kind: 'sign_up', email, role: 'member', team: null, token_hash: link.hash, expires_at: link.expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { kind: 'link', id: row.id, token: link.token, expiresAt: link.expiresAt };
  });
  return made.catch((error: unknown) => {
    if (isUniqueViolation(error)) return { kind: 'concurrent' } as const;
    throw error;
  });
}
