// Who a verified provider identity is in the studio: the user it is linked to; else the library's user
// with that verified email, linked now; else a new user with the library's role for new users (just in
// time). Emails must be verified by the provider and in an allowed domain, every time.
import type { SsoLoginError } from '@accent/shell-common';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { record } from '../../audit/audit.js';
import type { DB } from '../../db/schema.js';
import { isPasswordHash } from '../passwords.js';
import type { VerifiedIdentity } from './oidc.js';
import { withSso, type SsoProvider } from './store.js';

/** The password_hash of a user made by single sign-on: not a hash, so no password ever matches it. */
export const NO_PASSWORD = 'none:sso';
export const hasPassword = isPasswordHash;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export type Resolution = { userId: string; created: boolean } | { error: SsoLoginError; reason: string };

export async function resolveUser(db: Kysely<DB>, provider: SsoProvider, identity: VerifiedIdentity, ip: string): Promise<Resolution> {
  if (!identity.email || !identity.emailVerified) return { error: 'sso_unverified', reason: identity.email ? 'email not verified' : 'no email' };
  const email = identity.email;
  const domain = email.split('@').pop() ?? '';
  if (provider.allowedDomains.length > 0 && !provider.allowedDomains.includes(domain)) return { error: 'sso_domain', reason: `domain ${domain} not allowed` };

  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const linked = await withSso(trx)
          .updateTable('user_identities')
          .set({ last_used_at: sql<Date>`now()`, email })
          .where('library_id', '=', provider.libraryId)
          .where('issuer', '=', identity.issuer)
          .where('subject', '=', identity.subject)
          .returning('user_id')
          .executeTakeFirst();
        if (linked) return { userId: linked.user_id, created: false };

        // emails are unique across the service: a match in another library is not this library's user
        const existing = await trx.selectFrom('users').select(['id', 'library_id']).where('email', '=', email).executeTakeFirst();
        if (existing && existing.library_id !== provider.libraryId) return { error: 'sso_account' as const, reason: 'email belongs to another library' };
        let userId = existing?.id;
        if (!userId) {
          const { account_id } = await trx
            .selectFrom('libraries as l')
            .innerJoin('environments as e', 'e.id', 'l.environment_id')
            .select('e.account_id')
            .where('l.id', '=', provider.libraryId)
            .executeTakeFirstOrThrow();
          const name = identity.name?.trim().slice(0, 200) || email.split('@')[0];
          const created = await trx
            .insertInto('users')
            .values({ account_id, library_id: provider.libraryId, email, name, role: provider.defaultRole, password_hash: NO_PASSWORD })
            .returning('id')
            .executeTakeFirstOrThrow();
          userId = created.id;
          await record(trx, { libraryId: provider.libraryId, actor: { id: userId, email }, action: 'user.create', target: email, details: { role: provider.defaultRole, via: 'sso' }, ip });
        }
        await withSso(trx).insertInto('user_identities').values({ user_id: userId, library_id: provider.libraryId, issuer: identity.issuer, subject: identity.subject, email }).execute();
        await record(trx, { libraryId: provider.libraryId, actor: { id: userId, email }, action: 'sso.link', target: email, details: { provider: provider.displayName, issuer: identity.issuer }, ip });
        return { userId, created: !existing };
      });
    } catch (error) {
      // two first sign-ins at once: the second finds what the first made
      if (isUniqueViolation(error) && attempt === 0) continue;
      throw error;
    }
  }
}
