// What the studio's database role needs on PostgreSQL, checked before the migrations run so an operator
// reads what to change instead of a half-explained "permission denied" from the middle of a migration.
// The role normally owns its database (CREATE on it for pg-boss's schema, and on schema public); beyond
// that the migrations need one role, `authenticated` (the data gateway runs requests as it), which only a
// superuser or a role with CREATEROLE can create. A hosted Supabase project has it already.
import { sql } from 'kysely';
import type { Database } from './database.js';

/** The gateway's role, created by migration 001 when it can be. */
export const GATEWAY_ROLE = 'authenticated';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** SQL a superuser runs once (psql, in the studio's database) so that `user` needs no CREATEROLE. */
export const ROLES_SNIPPET = (user: string) =>
  `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${GATEWAY_ROLE}') THEN CREATE ROLE ${GATEWAY_ROLE} NOLOGIN; END IF; END $$; ` +
  `GRANT ${GATEWAY_ROLE} TO ${quoteIdent(user)};`;

export const PRIVILEGE_MESSAGES = {
  missingRoles: (user: string, roles: string[]) =>
    `The database role ${user} cannot create the role ${roles.join(', ')} the studio needs (it is not a superuser and has no CREATEROLE), ` +
    `nor take it. Have a superuser run this once in the studio's database, then try again:\n  ${ROLES_SNIPPET(user)}`,
  noCreate: (user: string, where: string) =>
    `The database role ${user} may not create objects in ${where}. Make it the owner of the database (ALTER DATABASE <name> OWNER TO ${user}), ` +
    `or have a superuser GRANT CREATE ON ${where} TO ${user}.`,
} as const;

export class PrivilegeError extends Error {
  override name = 'PrivilegeError';
}

interface Facts {
  user: string;
  superuser: boolean;
  createrole: boolean;
  role_exists: boolean;
  member: boolean;
  create_database: boolean;
  create_public: boolean;
  pgboss_exists: boolean;
  database: string;
}

/** Throws PrivilegeError saying what the connecting role lacks; nothing on PGlite (the process owns it). */
export async function checkPrivileges(database: Pick<Database, 'kind' | 'db'>): Promise<void> {
  if (database.kind !== 'postgres') return;
  const { rows } = await sql<Facts>`
    SELECT current_user AS user, r.rolsuper AS superuser, r.rolcreaterole AS createrole, current_database() AS database,
           g.oid IS NOT NULL AS role_exists,
           g.oid IS NOT NULL AND (pg_has_role(current_user, g.oid, 'MEMBER') OR pg_has_role(current_user, g.oid, 'MEMBER WITH ADMIN OPTION')) AS member,
           has_database_privilege(current_database(), 'CREATE') AS create_database,
           has_schema_privilege('public', 'CREATE') AS create_public,
           EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') AS pgboss_exists
    FROM pg_roles r LEFT JOIN pg_roles g ON g.rolname = ${GATEWAY_ROLE}
    WHERE r.rolname = current_user`.execute(database.db);
  const facts = rows[0];
  if (!facts || facts.superuser) return;
  const problems: string[] = [];
  const canCreateRole = !facts.role_exists && facts.createrole;
  if (!facts.member && !canCreateRole) problems.push(PRIVILEGE_MESSAGES.missingRoles(facts.user, [GATEWAY_ROLE]));
  if (!facts.create_public) problems.push(PRIVILEGE_MESSAGES.noCreate(facts.user, 'SCHEMA public'));
  if (!facts.create_database && !facts.pgboss_exists)
    problems.push(PRIVILEGE_MESSAGES.noCreate(facts.user, `DATABASE ${quoteIdent(facts.database)}`));
  if (problems.length > 0) throw new PrivilegeError(problems.join('\n'));
}
