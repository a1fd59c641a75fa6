// Studio operators: the role above library administrators, for what is one for the whole studio (the
// remote registry every library loads from). Named and revoked on the server's command line only
// (`npm run admin -- operator --email <email> [--revoke]`), stored in studio_operators and read on every
// request, so a revocation takes effect at once, whatever tokens the person holds.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { migrate } from '../db/migrate.js';
import { AdminCommandError } from './first-admin.js';

export const OPERATOR_USAGE = `       npm run admin -- operator --email <email> [--revoke]
  Makes that user a studio operator (or, with --revoke, no longer one): operators release and promote
  remotes, which every library of the studio loads; library administrators only read the registry.`;

export const OPERATOR_MESSAGES = {
  granted: (email: string) => `${email} is now a studio operator: they release and promote remotes for every library.`,
  revoked: (email: string) => `${email} is no longer a studio operator.`,
  noUser: (email: string) => `No user has the email ${email}.`,
} as const;

/** Whether the user is a studio operator now. */
export async function isStudioOperator(db: Kysely<DB>, userId: string): Promise<boolean> {
  return (await db.selectFrom('studio_operators').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** `operator --email a@b.c [--revoke]` → what to do; null when the command line is not understood. */
export function parseOperatorArgs(argv: readonly string[]): { email: string; revoke: boolean } | null {
  const [command, ...rest] = argv;
  if (command !== 'operator') return null;
  let email: string | undefined;
  let revoke = false;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--revoke') revoke = true;
    else if (rest[i] === '--email') email = rest[++i];
    else if (rest[i].startsWith('--email=')) email = rest[i].slice('--email='.length);
    else return null;
  }
  return email ? { email, revoke } : null;
}

/** Names or revokes a studio operator (applying pending migrations first, as the server does); what was done, in words. */
export async function setStudioOperator(database: Database, { email, revoke }: { email: string; revoke: boolean }): Promise<string> {
  await migrate(database);
  const address = email.trim().toLowerCase();
  const user = await database.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
  if (!user) throw new AdminCommandError(OPERATOR_MESSAGES.noUser(address));
  if (revoke) {
    await database.db.deleteFrom('studio_operators').where('user_id', '=', user.id).execute();
    return OPERATOR_MESSAGES.revoked(address);
  }
  await database.db
    .insertInto('studio_operators')
    .values({ user_id: user.id })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return OPERATOR_MESSAGES.granted(address);
}
