// The library's identity provider (migration 019), its sign-ins under way and the identities linked to
// users. The client secret is sealed with the master key and opened only to talk to the provider.
import { createHash } from 'node:crypto';
import type { SsoRole } from '@accent/shell-common';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import { open, seal } from '../../credentials/crypto.js';
import type { GeneratedTimestamp, Nullable, ReadOnly, StampedLater } from '../../db/columns.js';
import type { DB } from '../../db/schema.js';
import { toJson } from '../../db/values.js';

interface LibrarySsoProvidersTable {
  library_id: string;
  display_name: string;
  issuer: string;
  client_id: string;
  secret_ciphertext: Uint8Array;
  secret_iv: Uint8Array;
  secret_auth_tag: Uint8Array;
  allowed_domains: ColumnType<unknown, string, string>;
  default_role: SsoRole;
  password_sign_in: boolean;
  updated_by: Nullable<string>;
  updated_at: GeneratedTimestamp;
}
interface SsoLoginStatesTable {
  state_hash: string;
  browser_hash: string;
  library_id: string;
  nonce: string;
  code_verifier: string;
  remember_me: boolean;
  created_at: ReadOnly<Date>;
  used_at: StampedLater<Date | null>;
}
interface UserIdentitiesTable {
  id: ReadOnly<string>;
  user_id: string;
  library_id: string;
  issuer: string;
  subject: string;
  email: string;
  created_at: ReadOnly<Date>;
  last_used_at: StampedLater<Date>;
}
export type SsoTables = { library_sso_providers: LibrarySsoProvidersTable; sso_login_states: SsoLoginStatesTable; user_identities: UserIdentitiesTable };
export const withSso = (db: Kysely<DB>) => db.withTables<SsoTables>();

/** How long a sign-in may stay at the provider before its state is refused. */
export const SSO_STATE_TTL_MS = 10 * 60_000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface SsoProvider {
  libraryId: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  defaultRole: SsoRole;
  passwordSignIn: boolean;
  updatedAt: Date;
}

// the secret is bound to its library: a sealed value copied onto another library's row does not open
const secretData = (libraryId: string) => `${libraryId}/sso/client_secret`;
const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export async function findProvider(db: Kysely<DB>, masterKey: Buffer, libraryId: string): Promise<SsoProvider | undefined> {
  const row = await withSso(db).selectFrom('library_sso_providers').selectAll().where('library_id', '=', libraryId).executeTakeFirst();
  if (!row) return undefined;
  return {
    libraryId: row.library_id,
    displayName: row.display_name,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: open(masterKey, { ciphertext: row.secret_ciphertext, iv: row.secret_iv, authTag: row.secret_auth_tag }, secretData(row.library_id)),
    allowedDomains: asStrings(row.allowed_domains),
    defaultRole: row.default_role,
    passwordSignIn: row.password_sign_in,
    updatedAt: row.updated_at,
  };
}

export async function saveProvider(db: Kysely<DB>, masterKey: Buffer, provider: Omit<SsoProvider, 'updatedAt'>, userId: string): Promise<void> {
  const sealed = seal(masterKey, provider.clientSecret, secretData(provider.libraryId));
  const values = {
    display_name: provider.displayName,
    issuer: provider.issuer,
    client_id: provider.clientId,
    secret_ciphertext: sealed.ciphertext,
    secret_iv: sealed.iv,
    secret_auth_tag: sealed.authTag,
    allowed_domains: toJson(provider.allowedDomains),
    default_role: provider.defaultRole,
    password_sign_in: provider.passwordSignIn,
    updated_by: userId,
  };
  await withSso(db)
    .insertInto('library_sso_providers')
    .values({ library_id: provider.libraryId, ...values })
    .onConflict((oc) => oc.column('library_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}

export async function removeProvider(db: Kysely<DB>, libraryId: string): Promise<boolean> {
  const row = await withSso(db).deleteFrom('library_sso_providers').where('library_id', '=', libraryId).returning('library_id').executeTakeFirst();
  return row !== undefined;
}

/** The display name of the library's provider, or null; for the login page (library named as on the form). */
export async function providerNameFor(db: Kysely<DB>, environment: string, library: string): Promise<{ libraryId: string; name: string } | undefined> {
  const row = await withSso(db)
    .selectFrom('library_sso_providers as p')
    .innerJoin('libraries as l', 'l.id', 'p.library_id')
    .innerJoin('environments as e', 'e.id', 'l.environment_id')
    .select(['p.library_id', 'p.display_name'])
    .where('l.name', '=', library)
    .where('e.name', '=', environment)
    .executeTakeFirst();
  return row && { libraryId: row.library_id, name: row.display_name };
}

/**
 * Whether password sign-in is turned off for this user: the library's provider says so, and the user is
 * not an administrator. Administrators keep their password so a provider that is down or misconfigured
 * never locks everybody out of the settings that would fix it.
 */
export async function passwordSignInOff(db: Kysely<DB>, user: { libraryId: string; role: string }): Promise<{ provider: string } | null> {
  if (user.role === 'admin') return null;
  const row = await withSso(db)
    .selectFrom('library_sso_providers')
    .select(['display_name', 'password_sign_in'])
    .where('library_id', '=', user.libraryId)
    .executeTakeFirst();
  return row && !row.password_sign_in ? { provider: row.display_name } : null;
}

export async function saveLoginState(db: Kysely<DB>, state: { state: string; browser: string; libraryId: string; nonce: string; codeVerifier: string; rememberMe: boolean }): Promise<void> {
  // the expired ones of the library go as new ones come (the index on created_at keeps it cheap)
  await withSso(db)
    .deleteFrom('sso_login_states')
    .where('created_at', '<', new Date(Date.now() - SSO_STATE_TTL_MS))
    .execute();
  await withSso(db)
    .insertInto('sso_login_states')
    .values({
      state_hash: sha256(state.state),
      browser_hash: sha256(state.browser),
      library_id: state.libraryId,
      nonce: state.nonce,
      code_verifier: state.codeVerifier,
      remember_me: state.rememberMe,
    })
    .execute();
}

/** The sign-in this state started, marked used in the same statement (a replayed state finds nothing). */
export async function claimLoginState(db: Kysely<DB>, state: string) {
  return withSso(db)
    .updateTable('sso_login_states')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', sha256(state))
    .where('used_at', 'is', null)
    .where('created_at', '>', new Date(Date.now() - SSO_STATE_TTL_MS))
    .returning(['browser_hash', 'library_id', 'nonce', 'code_verifier', 'remember_me'])
    .executeTakeFirst();
}
