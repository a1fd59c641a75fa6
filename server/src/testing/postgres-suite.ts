// The setup the PostgreSQL test files share: one throwaway cluster per file, started as the file loads, whose
// tests are skipped (with a warning naming the file) where PostgreSQL is not installed; its first
// administrator created as an operator does (the command line's function, which migrates); and server
// processes on it, closed with the cluster after the file's tests.
import { afterAll, describe } from '@jest/globals';
import { createAdministrator, type FirstAdminInput } from '../admin/first-admin.js';
import { openDatabase, type Database } from '../db/database.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres.js';
import type { TestContext } from './test-app.js';

/** Where the first administrator is made (and the people it adds sign in). */
export const POSTGRES_PLACE = { environment: 'prod', library: 'main' };
/** The administrator most PostgreSQL tests sign in as (its name given where it is created). */
export const POSTGRES_ADMIN = { ...POSTGRES_PLACE, email: 'ops@example.com', password: 'a-long-enough-secret' };

export interface PostgresSuite {
  /** the cluster (only read inside `describeWithPostgres`, which does not run without one) */
  pg: ThrowawayPostgres;
  describeWithPostgres: typeof describe | typeof describe.skip;
}

/** `file` names the test file in the warning printed when PostgreSQL is not installed. */
export async function throwawayPostgresSuite(file: string, skipped = 'skipped'): Promise<PostgresSuite> {
  const postgres = await startThrowawayPostgres();
  if (!postgres) console.warn(`${file}: ${skipped}, PostgreSQL is not installed (apt-get install postgresql)`);
  return { pg: postgres as ThrowawayPostgres, describeWithPostgres: postgres ? describe : describe.skip };
}

/**
 * Creates the first administrator (default POSTGRES_ADMIN, named Ops) on the empty database at `url`,
 * migrating it; then `prepare` runs on the same connection (what a test sets up as the owner) before it is closed.
 */
export async function createPostgresAdmin(
  url: string,
  { admin = { ...POSTGRES_ADMIN, name: 'Ops' }, prepare }: { admin?: FirstAdminInput; prepare?: (database: Database) => Promise<void> } = {},
): Promise<void> {
  const setup = await openDatabase({ kind: 'postgres', url });
  try {
    await createAdministrator(setup, admin);
    await prepare?.(setup);
  } finally {
    await setup.close();
  }
}

/**
 * The server processes a block's tests start on the cluster (`servers.push(...)`), closed after the block's
 * tests, and then the cluster itself stopped.
 */
export function usePostgresServers(pg: ThrowawayPostgres): TestContext[] {
  const servers: TestContext[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    await pg.stop();
  });
  return servers;
}
