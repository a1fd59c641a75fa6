import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seedDemoData } from '../db/seed.js';
import { openSeededDatabase, SNAPSHOT_DIR_ENV } from './seeded-database.js';

const query = async (database: Database, sql: string) => (await database.pglite!.query<Record<string, unknown>>(sql)).rows;

/** What a test can observe of a database: schema, policies, roles, functions, sequences and every table's rows. */
async function portrait(database: Database) {
  const tables = (await query(database, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map((r) => String(r.tablename));
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    // ordered by the whole row (as text): the same rows give the same list
    rows[table] = (await query(database, `SELECT t::text AS row FROM "${table}" t ORDER BY 1`)).map((r) => r.row);
  }
  return {
    columns: await query(
      database,
      `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
    ),
    indexes: await query(database, `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
    policies: await query(database, `SELECT tablename, policyname, cmd, roles::text, qual, with_check FROM pg_policies ORDER BY 1, 2`),
    security: await query(
      database,
      `SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY 1`,
    ),
    roles: await query(database, `SELECT rolname, rolsuper, rolbypassrls FROM pg_roles ORDER BY 1`),
    functions: await query(
      database,
      `SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.prokind = 'f' ORDER BY 1, 2`,
    ),
    sequences: await query(database, `SELECT sequencename, last_value FROM pg_sequences ORDER BY 1`),
    extensions: await query(database, `SELECT extname FROM pg_extension ORDER BY 1`),
    rows,
  };
}

/** Seeded rows carry fresh ids, password salts and times: those differ between two seedings, the rest must not. */
const withoutVolatile = (p: Awaited<ReturnType<typeof portrait>>) => ({
  ...p,
  rows: Object.fromEntries(
    Object.entries(p.rows).map(([table, list]) => [
      table,
      list
        .map((row) =>
          String(row)
            .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
            .replace(/scrypt\$[^,)]+|\$argon2id\$[^"]+/g, '<hash>')
            .replace(/"?\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?\+00"?/g, '<time>'),
        )
        .sort(),
    ]),
  ),
});

describe('openSeededDatabase', () => {
  let fresh: Database;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    fresh = await openDatabase({ kind: 'pglite' });
    await migrate(fresh);
    await seedDemoData(fresh, { isProduction: false });
    first = await openSeededDatabase();
    second = await openSeededDatabase(); // from the dump, whichever way the first was made
  }, 120_000);
  afterAll(async () => {
    await Promise.all([fresh, first, second].map((d) => d?.close()));
  });

  it('gives the database that migrating and seeding a new one gives', async () => {
    const expected = withoutVolatile(await portrait(fresh));
    expect(Object.keys(expected.rows).length).toBeGreaterThan(10);
    expect(expected.rows.users).toHaveLength(2);
    expect(withoutVolatile(await portrait(first))).toEqual(expected);
    expect(withoutVolatile(await portrait(second))).toEqual(expected);
    expect(await migrate(second)).toEqual([]); // every migration is recorded as applied
    expect(await seedDemoData(second, { isProduction: false })).toBe('already-seeded');
  }, 60_000);

  it('gives each caller its own database', async () => {
    await second.db.updateTable('users').set({ name: 'Changed in the second' }).where('email', '=', 'admin@accent.local').execute();
    await second.db.deleteFrom('agents').execute();
    const admin = await first.db.selectFrom('users').select('name').where('email', '=', 'admin@accent.local').executeTakeFirstOrThrow();
    expect(admin.name).toBe('Alex Admin');
    expect((await first.db.selectFrom('agents').select('id').execute()).length).toBeGreaterThan(0);
    const third = await openSeededDatabase();
    try {
      expect((await third.db.selectFrom('agents').select('id').execute()).length).toBeGreaterThan(0);
    } finally {
      await third.close();
    }
  }, 60_000);

  it("leaves the dump, whole, in the jest run's folder for the other test files", () => {
    const dir = process.env[SNAPSHOT_DIR_ENV];
    expect(dir).toBeTruthy(); // jest-global-setup.mjs ran
    expect(readdirSync(dir!)).toEqual(['seeded.tar']); // no partial file left behind
  });
});
