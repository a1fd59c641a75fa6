import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.js';
import { migrate, readMigrations } from './migrate.js';
import { DEMO_CREDENTIALS, seedDemoData } from './seed.js';
import { toCount } from './values.js';
import { ARGON2_PARAMS } from '../auth/passwords.js';

describe('migrations and seed on embedded PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  }, 30_000);
  afterAll(() => database.close());

  it('applies every migration once, in order', async () => {
    const names = readMigrations().map((m) => m.name);
    expect(names[0]).toBe('001_initial');
    expect(await migrate(database)).toEqual(names);
    expect(await migrate(database)).toEqual([]);
    const rows = await database.db.selectFrom('schema_migrations').select(['version', 'name']).orderBy('version').execute();
    expect(rows.map((r) => r.name)).toEqual(names);
  });

  it('creates the authenticated role used by row-level security', async () => {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from pg_roles where rolname = 'authenticated'`.execute(database.db);
    expect(toCount(rows[0].n)).toBe(1);
  });

  it('seeds the demo data once', async () => {
    expect(await seedDemoData(database, { isProduction: false })).toBe('seeded');
    expect(await seedDemoData(database, { isProduction: false })).toBe('already-seeded');
    const users = await database.db.selectFrom('users').select(['email', 'role', 'name', 'title']).orderBy('email').execute();
    expect(users).toEqual([
      { email: DEMO_CREDENTIALS.admin.email, role: 'admin', name: 'Alex Admin', title: 'Studio Administrator' },
      { email: DEMO_CREDENTIALS.member.email, role: 'member', name: 'Morgan Member', title: 'Account Executive' },
    ]);
    const agents = await database.db.selectFrom('agents').select(['name', 'current_version']).orderBy('name').execute();
    expect(agents).toEqual([
      { name: 'Lead Qualifier', current_version: 1 },
      { name: 'Market Researcher', current_version: 1 },
      { name: 'Support Assistant', current_version: 1 },
    ]);
    const { n } = await database.db.selectFrom('agent_versions').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    expect(toCount(n)).toBe(3);
    const documents = await database.db.selectFrom('library_documents').select(['folder', 'name']).orderBy('name').execute();
    expect(documents).toEqual([
      { folder: '/Knowledge Base', name: 'Pricing.md' },
      { folder: '/Knowledge Base', name: 'Product overview.md' },
      { folder: '/Knowledge Base', name: 'Support policy.md' },
    ]);
    // passwords are stored hashed
    const hashes = await database.db.selectFrom('users').select('password_hash').execute();
    const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
    for (const { password_hash } of hashes) expect(password_hash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`)).toBe(true);
  });

  it('stores emails lowercased only', async () => {
    const { id: account } = await database.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    const { id: libraryId } = await database.db.selectFrom('libraries').select('id').executeTakeFirstOrThrow();
    await expect(
      database.db.insertInto('users').values({ account_id: account, library_id: libraryId, email: 'Upper@Accent.Local', name: 'U', role: 'member', password_hash: 'x' }).execute(),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('seed refusals', () => {
  it('never seeds demo credentials in production', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await migrate(database);
      expect(await seedDemoData(database, { isProduction: true })).toBe('refused-in-production');
      const { n } = await database.db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
      expect(toCount(n)).toBe(0);
    } finally {
      await database.close();
    }
  }, 30_000);
});

describe('migration runner', () => {
  it('rolls back a failing migration and names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'accent-migrations-'));
    writeFileSync(join(dir, '001_good.sql'), 'CREATE TABLE good (id int);');
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM missing_table;');
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await expect(migrate(database, { dir })).rejects.toThrow(/Migration 002_bad failed: .*missing_table/);
      const applied = await database.db.selectFrom('schema_migrations').select('name').execute();
      expect(applied.map((r) => r.name)).toEqual(['001_good']);
      const { rows } = await sql<{ t: string | null }>`select to_regclass('half_done')::text as t`.execute(database.db);
      expect(rows[0].t).toBeNull();
    } finally {
      await database.close();
    }
  }, 30_000);

  it('refuses two migrations with the same number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'accent-migrations-'));
    writeFileSync(join(dir, '001_a.sql'), 'select 1;');
    writeFileSync(join(dir, '001_b.sql'), 'select 1;');
    expect(() => readMigrations(dir)).toThrow('Two migrations share version 001: 001_a and 001_b');
  });
});

describe('toCount', () => {
  it('converts what pg (string) and PGlite (number) return', () => {
    expect(toCount('42')).toBe(42);
    expect(toCount(42)).toBe(42);
    expect(toCount(42n)).toBe(42);
    expect(toCount(null)).toBe(0);
  });
});
