// Self sign-up's email domains (migrations 021 and 037). What an administrator lists is kept as a list
// (library_sign_up_domains); only the domains this library proved it controls open sign-up: a DNS TXT
// record `accent-studio-verification=<token>` at the domain, checked by the server, or a studio operator's
// word on the command line. A domain verified by one library is refused to every other (409): otherwise
// any library's administrator could open sign-up to another company's people.
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { INVITATION_MESSAGES, SIGN_UP_DOMAIN_RECORD_PREFIX, type SignUpDomainStatus } from '@accent/shell-common';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inTransaction, toIso, toJson } from '../../db/values.js';
import { HttpError } from '../../http/errors.js';

type Nullable<T> = T | null;

interface SignUpDomainsTable {
  library_id: string;
  domains: ColumnType<unknown, string, string>;
  updated_by: Nullable<string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
interface ClaimsTable {
  library_id: string;
  domain: string;
  token: string;
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  verified_by: ColumnType<'dns' | 'operator' | null, 'dns' | 'operator' | null | undefined, 'dns' | 'operator' | null>;
  created_at: ColumnType<Date, never, never>;
}
export const withDomainTables = (db: Kysely<DB>) =>
  db.withTables<{ library_sign_up_domains: SignUpDomainsTable; sign_up_domain_claims: ClaimsTable }>();

/** Where the server looks up TXT records: node's resolver (the system's DNS servers, or DNS_SERVERS). */
export interface TxtResolver {
  resolveTxt(hostname: string): Promise<string[][]>;
}

/** A resolver asking these servers (`1.1.1.1`, `127.0.0.1:5353`), or the system's when none are given. */
export function txtResolver(servers: string[] = []): TxtResolver {
  const resolver = new Resolver({ timeout: 5_000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return resolver;
}

const asDomains = (value: unknown): string[] => (Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : []);

async function listed(db: Kysely<DB>, libraryId: string) {
  return withDomainTables(db)
    .selectFrom('library_sign_up_domains')
    .select(['domains', 'updated_at'])
    .where('library_id', '=', libraryId)
    .executeTakeFirst();
}

/** The domains that open sign-up to this library: listed and verified. */
export async function signUpDomains(db: Kysely<DB>, libraryId: string): Promise<string[]> {
  const [row, verified] = await Promise.all([
    listed(db, libraryId),
    withDomainTables(db)
      .selectFrom('sign_up_domain_claims')
      .select('domain')
      .where('library_id', '=', libraryId)
      .where('verified_at', 'is not', null)
      .execute(),
  ]);
  const proven = new Set(verified.map((v) => v.domain));
  return asDomains(row?.domains).filter((d) => proven.has(d));
}

/** What Admin → Settings shows: the list, and each domain's verification with the record to add. */
export async function signUpDomainsRow(
  db: Kysely<DB>,
  libraryId: string,
): Promise<{ domains: string[]; verification: SignUpDomainStatus[]; updated_at: string | null }> {
  const row = await listed(db, libraryId);
  const domains = asDomains(row?.domains);
  const claims = await withDomainTables(db).selectFrom('sign_up_domain_claims').selectAll().where('library_id', '=', libraryId).execute();
  const byDomain = new Map(claims.map((c) => [c.domain, c]));
  const verification = domains.flatMap((domain) => {
    const claim = byDomain.get(domain);
    return claim
      ? [
          {
            domain,
            verified_at: claim.verified_at ? toIso(claim.verified_at) : null,
            verified_by: claim.verified_by,
            record: `${SIGN_UP_DOMAIN_RECORD_PREFIX}${claim.token}`,
          },
        ]
      : [];
  });
  return { domains, verification, updated_at: row ? toIso(row.updated_at) : null };
}

const newToken = () => randomBytes(16).toString('hex');

/** The first of `domains` another library has verified, with that library, if any. */
async function verifiedElsewhere(db: Kysely<DB>, libraryId: string, domains: string[]): Promise<{ domain: string; library_id: string } | null> {
  if (!domains.length) return null;
  const row = await withDomainTables(db)
    .selectFrom('sign_up_domain_claims')
    .select(['domain', 'library_id'])
    .where('domain', 'in', domains)
    .where('library_id', '!=', libraryId)
    .where('verified_at', 'is not', null)
    .orderBy('domain')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Replaces the library's list (in `trx`): a domain another library verified is refused with 409 and nothing
 * changes; a new domain gets a pending claim with its own token; a removed one loses its claim (listing it
 * again needs a new proof).
 */
export async function replaceSignUpDomains(trx: Kysely<DB>, libraryId: string, domains: string[], updatedBy: string | null): Promise<void> {
  const taken = await verifiedElsewhere(trx, libraryId, domains);
  if (taken) throw new HttpError(409, INVITATION_MESSAGES.domainTaken(taken.domain));
  const t = withDomainTables(trx);
  await t
    .insertInto('library_sign_up_domains')
    .values({ library_id: libraryId, domains: toJson(domains), updated_by: updatedBy })
    .onConflict((oc) => oc.column('library_id').doUpdateSet({ domains: toJson(domains), updated_by: updatedBy, updated_at: sql<Date>`now()` }))
    .execute();
  let removed = t.deleteFrom('sign_up_domain_claims').where('library_id', '=', libraryId);
  if (domains.length) removed = removed.where('domain', 'not in', domains);
  await removed.execute();
  if (domains.length) {
    await t
      .insertInto('sign_up_domain_claims')
      .values(domains.map((domain) => ({ library_id: libraryId, domain, token: newToken() })))
      .onConflict((oc) => oc.columns(['library_id', 'domain']).doNothing())
      .execute();
  }
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === UNIQUE_VIOLATION;

/** Marks the claim verified; 409 when another library verified the domain first. */
async function markVerified(db: Kysely<DB>, libraryId: string, domain: string, by: 'dns' | 'operator'): Promise<void> {
  try {
    await withDomainTables(db)
      .updateTable('sign_up_domain_claims')
      .set({ verified_at: sql<Date>`now()`, verified_by: by })
      .where('library_id', '=', libraryId)
      .where('domain', '=', domain)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, INVITATION_MESSAGES.domainTaken(domain));
    throw error;
  }
}

/** What DNS answered, in words for the message. */
function describeAnswer(records: string[] | null, error: unknown): string {
  if (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') return 'the domain has no TXT records';
    return `the lookup failed: ${code ?? (error as Error).message}`;
  }
  return records?.length ? `it has ${records.length} other TXT record${records.length === 1 ? '' : 's'}` : 'the domain has no TXT records';
}

/**
 * Checks the domain's TXT record for the library's token and marks the claim verified. A domain the library
 * does not list is 400, one another library verified first 409, a missing record 400 saying what was found.
 */
export async function verifySignUpDomain(db: Kysely<DB>, resolver: TxtResolver, libraryId: string, domain: string): Promise<void> {
  const claim = await withDomainTables(db)
    .selectFrom('sign_up_domain_claims')
    .selectAll()
    .where('library_id', '=', libraryId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!claim) throw new HttpError(400, INVITATION_MESSAGES.domainNotListed(domain));
  if (claim.verified_at) return;
  if (await verifiedElsewhere(db, libraryId, [domain])) throw new HttpError(409, INVITATION_MESSAGES.domainTaken(domain));
  const expected = `${SIGN_UP_DOMAIN_RECORD_PREFIX}${claim.token}`;
  let records: string[] | null = null;
  let failure: unknown = null;
  try {
    // a TXT record may come in several strings: they are one value
    records = (await resolver.resolveTxt(domain)).map((parts) => parts.join(''));
  } catch (error) {
    failure = error;
  }
  if (!records?.includes(expected))
    throw new HttpError(400, INVITATION_MESSAGES.domainRecordMissing(domain, expected, describeAnswer(records, failure)));
  await markVerified(db, libraryId, domain, 'dns');
}

/**
 * A studio operator's word (the admin command line): lists the domain for the library and marks it verified
 * without DNS. A domain another library verified is refused unless `move` says to take it from that library.
 */
export async function verifySignUpDomainAsOperator(
  db: Kysely<DB>,
  libraryId: string,
  domain: string,
  { move = false }: { move?: boolean } = {},
): Promise<{ movedFrom: string | null }> {
  return inTransaction(db, async (trx) => {
    const t = withDomainTables(trx);
    const other = await verifiedElsewhere(trx, libraryId, [domain]);
    if (other && !move) throw new HttpError(409, `${INVITATION_MESSAGES.domainTaken(domain)} (add --move to take it from that library)`);
    if (other) {
      await t.deleteFrom('sign_up_domain_claims').where('library_id', '=', other.library_id).where('domain', '=', domain).execute();
      const theirs = asDomains((await listed(trx, other.library_id))?.domains).filter((d) => d !== domain);
      await t
        .updateTable('library_sign_up_domains')
        .set({ domains: toJson(theirs), updated_at: sql<Date>`now()` })
        .where('library_id', '=', other.library_id)
        .execute();
    }
    const mine = asDomains((await listed(trx, libraryId))?.domains);
    if (!mine.includes(domain)) {
      const domains = toJson([...mine, domain]);
      await t
        .insertInto('library_sign_up_domains')
        .values({ library_id: libraryId, domains, updated_by: null })
        .onConflict((oc) => oc.column('library_id').doUpdateSet({ domains, updated_at: sql<Date>`now()` }))
        .execute();
    }
    await t
      .insertInto('sign_up_domain_claims')
      .values({ library_id: libraryId, domain, token: newToken() })
      .onConflict((oc) => oc.columns(['library_id', 'domain']).doNothing())
      .execute();
    await markVerified(trx, libraryId, domain, 'operator');
    return { movedFrom: other?.library_id ?? null };
  });
}
