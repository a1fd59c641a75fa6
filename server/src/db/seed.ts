// Demo data for the first start of the embedded database: one account, environment lo-n02, library
// sales2, an admin (also the studio operator), an end user, three starter agents and a small knowledge base. Never with NODE_ENV=production, because the
// passwords below are public.
import { agentSaveRequestSchema } from '@accent/agents-common';
import { DEFAULT_ENVIRONMENT, DEFAULT_LIBRARY, type AppRole } from '@accent/shared';
import { saveAgent } from '../agents/service.js';
import { STARTER_AGENTS } from '../agents/starter.js';
import { hashPassword } from '../auth/passwords.js';
import { KNOWLEDGE_BASE_DOCUMENTS, KNOWLEDGE_BASE_FOLDER } from '../library/knowledge-base-seed.js';
import type { Database } from './database.js';
import { toCount } from './values.js';

export const DEMO_ACCOUNT_NAME = 'Accent Demo';

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  title: string;
  role: AppRole;
}

/** The demo sign-ins, printed at start-up and written in the README. */
export const DEMO_CREDENTIALS = {
  environment: DEFAULT_ENVIRONMENT,
  library: DEFAULT_LIBRARY,
  admin: { email: 'admin@accent.local', password: 'accent-admin', name: 'Alex Admin', title: 'Studio Administrator', role: 'admin' },
  member: { email: 'member@accent.local', password: 'accent-member', name: 'Morgan Member', title: 'Account Executive', role: 'member' },
} as const satisfies { environment: string; library: string; admin: DemoUser; member: DemoUser };

export type SeedOutcome = 'seeded' | 'already-seeded' | 'refused-in-production' | 'not-embedded';

/**
 * Seeds an empty embedded database in one transaction (all or nothing). Idempotent: a database that
 * already has an account is left alone, so deleted demo data does not come back on restart.
 */
export async function seedDemoData(database: Database, options: { isProduction: boolean }): Promise<SeedOutcome> {
  if (!database.embedded) return 'not-embedded';
  const { n } = await database.db.selectFrom('accounts').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  if (toCount(n) > 0) return 'already-seeded';
  if (options.isProduction) return 'refused-in-production';

  const users = [DEMO_CREDENTIALS.admin, DEMO_CREDENTIALS.member];
  // scrypt is deliberately slow: hash before opening the transaction
  const hashes = await Promise.all(users.map((u) => hashPassword(u.password)));

  await database.db.transaction().execute(async (trx) => {
    const account = await trx.insertInto('accounts').values({ name: DEMO_ACCOUNT_NAME }).returning('id').executeTakeFirstOrThrow();
    const environment = await trx
      .insertInto('environments')
      .values({ account_id: account.id, name: DEMO_CREDENTIALS.environment })
      .returning('id')
      .executeTakeFirstOrThrow();
    const library = await trx
      .insertInto('libraries')
      .values({ environment_id: environment.id, name: DEMO_CREDENTIALS.library })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('users')
      .values(
        users.map((u, i) => ({
          account_id: account.id,
          library_id: library.id,
          email: u.email,
          name: u.name,
          title: u.title,
          role: u.role,
          password_hash: hashes[i],
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const adminId = inserted.find((u) => u.email === DEMO_CREDENTIALS.admin.email)!.id;
    // the demo's administrator also runs the studio's remote registry (a studio operator), so the demo
    // can release and promote areas; a real studio names its operators on the command line
    await trx.insertInto('studio_operators').values({ user_id: adminId }).execute();
    for (const starter of STARTER_AGENTS) {
      await saveAgent(trx, { libraryId: library.id, userId: adminId, config: agentSaveRequestSchema.parse(starter) });
    }
    await trx
      .insertInto('library_documents')
      .values(KNOWLEDGE_BASE_DOCUMENTS.map((d) => ({ library_id: library.id, folder: KNOWLEDGE_BASE_FOLDER, name: d.name, mime: 'text/markdown', content: d.content, created_by: adminId })))
      .execute();
  });
  return 'seeded';
}
