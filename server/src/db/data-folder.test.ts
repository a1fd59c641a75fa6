// The embedded database refuses a damaged data folder (never initialising over it), one process at a time
// opens it, and a backup restores to the same data.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupDatabase, restoreDatabase } from './backup.js';
import { DATA_FOLDER_MESSAGES, openDatabase } from './database.js';

const newDataDir = () => join(mkdtempSync(join(tmpdir(), 'accent-data-folder-')), 'pglite');

async function createDatabase(dataDir: string, note: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.runScript(`CREATE TABLE IF NOT EXISTS notes (text text); INSERT INTO notes VALUES ('${note}')`);
  await database.close();
}

async function notesIn(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return (await database.pglite!.query<{ text: string }>('SELECT text FROM notes ORDER BY text')).rows.map((r) => r.text);
  } finally {
    await database.close();
  }
}

describe('the embedded data folder', () => {
  it('refuses a folder without PG_VERSION, naming it and what to do, and writes nothing into it', async () => {
    const dataDir = newDataDir();
    await createDatabase(dataDir, 'kept');
    rmSync(join(dataDir, 'PG_VERSION'));
    const before = readdirSync(dataDir).sort();
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DATA_FOLDER_MESSAGES.damaged(dataDir, DATA_FOLDER_MESSAGES.missing('PG_VERSION')));
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(DATA_FOLDER_MESSAGES.damaged(dataDir, '')).toMatch(/restore a backup .*npm run restore.*or move the folder away/);
  }, 60_000);

  it('refuses a truncated pg_control', async () => {
    const dataDir = newDataDir();
    await createDatabase(dataDir, 'kept');
    truncateSync(join(dataDir, 'global', 'pg_control'), 100);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DATA_FOLDER_MESSAGES.damaged(dataDir, DATA_FOLDER_MESSAGES.truncated('global/pg_control', 100)));
  }, 60_000);

  it('refuses a folder open in another process', async () => {
    const dataDir = newDataDir();
    await createDatabase(dataDir, 'kept');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']); // another live Node process
    try {
      writeFileSync(`${dataDir}.pid`, `${other.pid}\n`);
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DATA_FOLDER_MESSAGES.inUse(dataDir, other.pid!));
    } finally {
      other.kill();
    }
    writeFileSync(`${dataDir}.pid`, '999999999\n'); // left behind by a killed process: taken over
    expect(await notesIn(dataDir)).toEqual(['kept']);
  }, 60_000);

  it('backs up and restores, moving the database that was there aside', async () => {
    const dataDir = newDataDir();
    const config = { dataDir: join(dataDir, '..'), databaseUrl: undefined };
    await createDatabase(dataDir, 'before backup');
    const file = join(dataDir, '..', 'backup.tar.gz');
    await backupDatabase(config, file);
    await createDatabase(dataDir, 'after backup');
    expect(await notesIn(dataDir)).toEqual(['after backup', 'before backup']);
    const { movedAside } = await restoreDatabase(config, file, new Date('2026-01-02T03:04:05Z'));
    expect(movedAside).toBe(`${dataDir}.before-restore-2026-01-02T03-04-05-000Z`);
    expect(await notesIn(dataDir)).toEqual(['before backup']);
    expect(await notesIn(movedAside!)).toEqual(['after backup', 'before backup']);
  }, 120_000);
});
