// The first administrator of a studio on PostgreSQL (or any later one), from the command line: with
// DATABASE_URL nothing is seeded, so an operator needs a way in. Works on an empty database (it applies
// the migrations first, as the server does), creates the account, environment and library when they do
// not exist, and holds the password to the same rules as Admin → Users.
import { adminCreateUserRequestSchema, ADMIN_MESSAGES } from '@accent/shell-common';
import { DEFAULT_ENVIRONMENT, DEFAULT_LIBRARY } from '@accent/shared';
import { z } from 'zod';
import { record } from '../audit/audit.js';
import { hashPassword } from '../auth/passwords.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';

export const DEFAULT_ACCOUNT_NAME = 'Accent Studio';

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

export const firstAdminInputSchema = adminCreateUserRequestSchema.omit({ role: true, team: true }).extend({
  environment: name('Environment').default(DEFAULT_ENVIRONMENT),
  library: name('Library').default(DEFAULT_LIBRARY),
  account: name('Account').default(DEFAULT_ACCOUNT_NAME),
});
export type FirstAdminInput = z.input<typeof firstAdminInputSchema>;

export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

export interface CreatedAdmin {
  id: string;
  email: string;
  environment: string;
  library: string;
  /** what had to be created besides the user */
  created: ('account' | 'environment' | 'library')[];
}

/** Creates an administrator; a refused input or a taken email throws AdminCommandError with a readable message. */
export async function createAdministrator(database: Database, raw: FirstAdminInput): Promise<CreatedAdmin> {
  const parsed = firstAdminInputSchema.safeParse(raw);
  if (!parsed.success) throw new AdminCommandError(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
  const input = parsed.data;
  await migrate(database);
  const passwordHash = await hashPassword(input.password); // slow on purpose: before the transaction
  return database.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
    if (taken) throw new AdminCommandError(ADMIN_MESSAGES.emailTaken(input.email));
    const created: CreatedAdmin['created'] = [];

    let environment = await trx.selectFrom('environments').select(['id', 'account_id']).where('name', '=', input.environment).executeTakeFirst();
    if (!environment) {
      let account = await trx.selectFrom('accounts').select('id').orderBy('created_at').executeTakeFirst();
      if (!account) {
        account = await trx.insertInto('accounts').values({ name: input.account }).returning('id').executeTakeFirstOrThrow();
        created.push('account');
      }
      environment = await trx.insertInto('environments').values({ account_id: account.id, name: input.environment }).returning(['id', 'account_id']).executeTakeFirstOrThrow();
      created.push('environment');
    }
    let library = await trx.selectFrom('libraries').select('id').where('environment_id', '=', environment.id).where('name', '=', input.library).executeTakeFirst();
    if (!library) {
      library = await trx.insertInto('libraries').values({ environment_id: environment.id, name: input.library }).returning('id').executeTakeFirstOrThrow();
      created.push('library');
    }
    const user = await trx
      .insertInto('users')
      .values({ account_id: environment.account_id, library_id: library.id, email: input.email, name: input.name, title: input.title, role: 'admin', password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(trx, { libraryId: library.id, actor: { id: null, email: '' }, action: 'user.create', target: input.email, details: { role: 'admin', via: 'command line' } });
    return { id: user.id, email: input.email, environment: input.environment, library: input.library, created };
  });
}

export const ADMIN_USAGE = `Usage: npm run admin -- create --email <email> [--password <password>] [--name <name>]
                               [--environment <name>] [--library <name>] [--title <title>]
  Creates an administrator in the database the server uses (DATABASE_URL, else the embedded one in
  DATA_DIR; stop the server first when it is the embedded one). Without --password the password is read
  from ACCENT_ADMIN_PASSWORD, which keeps it out of the shell history. Defaults: environment
  ${DEFAULT_ENVIRONMENT}, library ${DEFAULT_LIBRARY}, name = the email's local part.`;

/** `create --email a@b.c --password x` → the input; null when the command line is not understood. */
export function parseAdminArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): FirstAdminInput | null {
  const [command, ...rest] = argv;
  if (command !== 'create') return null;
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const match = /^--(email|password|name|environment|library|title)(?:=(.*))?$/.exec(rest[i]);
    if (!match) return null;
    const value = match[2] ?? rest[++i];
    if (value === undefined) return null;
    options[match[1]] = value;
  }
  const email = options.email ?? '';
  return {
    email,
    password: options.password ?? env.ACCENT_ADMIN_PASSWORD ?? '',
    name: options.name ?? email.split('@')[0] ?? '',
    title: options.title,
    environment: options.environment,
    library: options.library,
  };
}
