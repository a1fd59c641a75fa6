// Backup and restore with DATABASE_URL, on a real PostgreSQL that the studio has been running on (its
// tables and pg-boss's partitioned ones): a restore over the existing database puts the backup's data back
// in one transaction, refuses a backup of a newer schema without touching anything, and the password
// never appears in the tools' arguments.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { createAdministrator } from '../admin/first-admin.js';
import { createScheduler } from '../scheduler/index.js';
import { POSTGRES_ADMIN, throwawayPostgresSuite } from '../testing/postgres-suite.js';
import { BACKUP_MESSAGES, backupDatabase, pgToolEnvironment, restoreDatabase } from './backup.js';
import { openDatabase } from './database.js';
import { migrate, readMigrations } from './migrate.js';

jest.setTimeout(180_000);

const { pg: server, describeWithPostgres } = await throwawayPostgresSuite('backup-postgres.test');

const ADMIN = { ...POSTGRES_ADMIN, name: 'Ops' };

describeWithPostgres('backup and restore on PostgreSQL', () => {
  const config = () => ({ databaseUrl: server.url, dataDir: mkdtempSync(join(tmpdir(), 'accent-data-')) });
  const folder = mkdtempSync(join(tmpdir(), 'accent-backups-'));
  const emails = async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query<{ email: string }>('SELECT email FROM users ORDER BY email')).rows.map((r) => r.email);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const database = await openDatabase({ kind: 'postgres', url: server.url });
    await migrate(database);
    await createAdministrator(database, ADMIN);
    // pg-boss's schema as a running server leaves it (partitioned tables among it)
    const scheduler = createScheduler(database);
    await scheduler.start();
    await scheduler.boss().createQueue('backup-test');
    await scheduler.stop();
    await database.close();
  });
  afterAll(() => server.stop());

  it('restores over the existing database: what was added after the backup is gone, the backup is back', async () => {
    const file = join(folder, 'before.dump');
    await backupDatabase(config(), file);
    const database = await openDatabase({ kind: 'postgres', url: server.url });
    await createAdministrator(database, { ...ADMIN, email: 'later@example.com', name: 'Later' });
    await database.close();
    expect(await emails()).toEqual(['later@example.com', 'ops@example.com']);

    await restoreDatabase(config(), file);
    expect(await emails()).toEqual(['ops@example.com']);
    // and the studio starts on it as usual: nothing to migrate, pg-boss's schema in place
    const reopened = await openDatabase({ kind: 'postgres', url: server.url });
    try {
      expect(await migrate(reopened)).toEqual([]);
      const scheduler = createScheduler(reopened);
      await scheduler.start();
      expect(await scheduler.boss().getQueue('backup-test')).toBeTruthy();
      await scheduler.stop();
    } finally {
      await reopened.close();
    }
  });

  it('refuses a backup of a newer schema than this code knows, and changes nothing', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const file = join(folder, 'newer.dump');
    try {
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ('999', '999_from_the_future')");
      await backupDatabase(config(), file);
      await client.query("DELETE FROM schema_migrations WHERE version = '999'");
      await client.query(
        "INSERT INTO users (account_id, library_id, email, name, role, password_hash) SELECT account_id, library_id, 'kept@example.com', 'Kept', 'member', password_hash FROM users LIMIT 1",
      );
    } finally {
      await client.end();
    }
    const known = readMigrations().at(-1)!.name;
    await expect(restoreDatabase(config(), file)).rejects.toThrow(BACKUP_MESSAGES.newerSchema('999_from_the_future', known));
    expect(await emails()).toEqual(['kept@example.com', 'ops@example.com']);
  });

  it('sends a backup of the embedded database to move-to-postgres instead of restoring it', async () => {
    const file = join(folder, 'embedded.tar.gz');
    writeFileSync(file, gzipSync('not restored'));
    await expect(restoreDatabase(config(), file)).rejects.toThrow(BACKUP_MESSAGES.embeddedIntoPostgres(file));
    expect(await emails()).toEqual(['kept@example.com', 'ops@example.com']);
  });

  it('gives the tools the password through the environment, never in their arguments', () => {
    const { args, env } = pgToolEnvironment('postgres://studio:s3cr%40t@db.example.com:5432/accent?sslmode=require');
    expect(args.join(' ')).not.toContain('s3cr');
    expect(args).toEqual(['--dbname', 'postgres://studio@db.example.com:5432/accent?sslmode=require']);
    expect(env.PGPASSWORD).toBe('s3cr@t');
  });
});
