// npm run move-to-postgres: the seeded embedded studio (its backup file) moves into a real PostgreSQL —
// every row of every table, the users (who sign in there), a stored credential (sealed with the master
// key) and an uploaded file — and a studio on PostgreSQL carries on with it (new ids after the copied ones).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { createAdministrator } from '../admin/first-admin.js';
import { type App, buildApp } from '../app.js';
import { loadConfig, masterKeyFor } from '../config.js';
import { createCredentialStore } from '../credentials/store.js';
import { throwawayPostgresSuite } from '../testing/postgres-suite.js';
import { loginAdmin, startPostgresServer, TEST_JWT_SECRET } from '../testing/test-app.js';
import { backupDatabase } from './backup.js';
import { openDatabase, type Database } from './database.js';
import { migrate } from './migrate.js';
import { MOVE_MESSAGES, moveToPostgres } from './move.js';
import { seedDemoData } from './seed.js';

jest.setTimeout(180_000);

const { pg, describeWithPostgres } = await throwawayPostgresSuite('move-postgres.test');

const FILE = Buffer.from('Quarterly plan: grow the pipeline.\n'.repeat(100));
const SECRET = { apiKey: 'sk-moved-0123456789abcdef' };

async function countsOf(database: Database): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition AND relname <> 'schema_migrations'
    ORDER BY relname`.execute(database.db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const { rows: n } = await sql<{ n: string | number }>`SELECT count(*) AS n FROM public.${sql.raw(`"${name}"`)}`.execute(database.db);
    counts[name] = Number(n[0].n);
  }
  return counts;
}

const agentNames = async (app: App, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/v1/agent/list', headers }))
    .json<{ agents: { name: string }[] }>()
    .agents.map((a) => a.name)
    .sort();

describeWithPostgres('moving the embedded studio to PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'accent-move-'));
  const backup = join(mkdtempSync(join(tmpdir(), 'accent-move-backup-')), 'embedded.tar.gz');
  const embeddedConfig = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
    });
  const postgresConfig = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir, DATABASE_URL: pg.url, ...env });
  let before: Record<string, number>;
  let agentsBefore: string[];
  let libraryId: string;
  let fileKey: { bucket: string; name: string };

  beforeAll(async () => {
    // the embedded studio as `npm start` leaves it, with a credential and a file of its own
    const config = embeddedConfig();
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await migrate(database);
    await seedDemoData(database, { isProduction: false });
    const app = await buildApp({ config, db: database, auth: { loginFailureDelayMs: 0 } });
    await app.ready();
    const admin = await loginAdmin(app);
    libraryId = admin.body.library_id;
    const store = createCredentialStore(database.db, masterKeyFor(config));
    await store.put({ libraryId, kind: 'provider', key: 'openai', values: SECRET, userId: admin.body.user_id });
    await store.close();
    await app.storage.ensureBucket(libraryId, 'files');
    fileKey = { bucket: 'files', name: 'Plans/q3.md' };
    await app.storage.putObject({ libraryId, bucketId: fileKey.bucket, name: fileKey.name, data: new Uint8Array(FILE) });
    agentsBefore = await agentNames(app, admin.headers);
    before = await countsOf(database);
    await app.close();
    await database.close();
    await backupDatabase(config, backup);
  }, 120_000);
  afterAll(() => pg.stop());

  it('copies every row, then a server on PostgreSQL signs the users in and has their agents, credentials and files', async () => {
    const moved = await moveToPostgres(postgresConfig(), { kind: 'backup', file: backup });
    expect(moved.tables).toEqual(before);
    expect(moved.files).toBeNull(); // no S3: the files stay in DATA_DIR/storage

    const target = await openDatabase({ kind: 'postgres', url: pg.url });
    try {
      expect(await countsOf(target)).toEqual(before);
      expect(await migrate(target)).toEqual([]);
    } finally {
      await target.close();
    }

    const masterKey = readFileSync(join(dataDir, 'master.key'), 'utf8').trim();
    const server = await startPostgresServer(pg.url, { env: { DATA_DIR: dataDir, ACCENT_MASTER_KEY: masterKey } });
    try {
      const admin = await loginAdmin(server.app); // the demo administrator, with the same password
      expect(await agentNames(server.app, admin.headers)).toEqual(agentsBefore);
      expect(agentsBefore.length).toBeGreaterThan(0);
      const store = createCredentialStore(server.database.db, Buffer.from(masterKey, 'base64'));
      expect(await store.get(libraryId, 'provider', 'openai')).toEqual(SECRET);
      await store.close();
      const file = await server.app.storage.getObject(libraryId, fileKey.bucket, fileKey.name);
      expect(file?.data.equals(FILE)).toBe(true);
      // new rows get ids after the copied ones (the audit log's identity column went on)
      await createAdministrator(server.database, { email: 'after-move@example.com', password: 'a-long-enough-secret', name: 'After' });
    } finally {
      await server.close();
    }
  });

  it('refuses a master key that does not open the stored credentials, and a database that already holds a studio', async () => {
    const otherKey = Buffer.alloc(32, 9).toString('base64');
    await expect(moveToPostgres(postgresConfig({ ACCENT_MASTER_KEY: otherKey }), { kind: 'backup', file: backup })).rejects.toThrow(
      MOVE_MESSAGES.wrongMasterKey,
    );
    await expect(moveToPostgres(postgresConfig(), { kind: 'backup', file: backup })).rejects.toThrow(MOVE_MESSAGES.targetInUse);
  });
});
