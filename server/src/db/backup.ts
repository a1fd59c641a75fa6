// Backups of the studio's database, and restoring one.
//   embedded (PGlite): PGlite's own dump of the data folder (a .tar.gz), taken from a cleanly opened
//     database, so it is consistent; restoring unpacks it into a new folder and opens it once to check
//     it. The database must not be in use (the server stopped): the data folder's lock refuses otherwise.
//   PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore. Without the PostgreSQL
//     client tools the command says how to get them (or to use the hosting provider's backups).
// A restore never deletes anything: an existing embedded database is moved aside first.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { checkDataFolder, databaseTargetFor, lockDataFolder, openDatabase } from './database.js';

export const BACKUP_MESSAGES = {
  noPgDump: (tool: string) =>
    `${tool} was not found. Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt-get install postgresql-client), ` +
    "or use your hosting provider's backups (a hosted Supabase project: Database → Backups).",
  toolFailed: (tool: string, code: number | null, stderr: string) => `${tool} failed (exit ${code}): ${stderr.trim()}`,
  noFile: (file: string) => `No backup file at ${file}`,
  notEmbeddedBackup: (file: string) => `${file} is not a backup of the embedded database (expected a .tar.gz written by npm run backup)`,
} as const;

export const defaultBackupFile = (config: Pick<Config, 'databaseUrl'>, now = new Date()) =>
  `accent-backup-${now.toISOString().replace(/[:.]/g, '-')}${config.databaseUrl ? '.dump' : '.tar.gz'}`;

function run(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new Error(BACKUP_MESSAGES.noPgDump(tool)) : error));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(BACKUP_MESSAGES.toolFailed(tool, code, stderr)))));
  });
}

/** Writes a backup to `file`; answers what was backed up. */
export async function backupDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, file: string): Promise<string> {
  const target = databaseTargetFor(config);
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', target.url]);
    return 'the PostgreSQL database in DATABASE_URL';
  }
  const database = await openDatabase(target); // refuses a damaged folder, or one in use
  try {
    const dump = await database.pglite!.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return `the embedded database in ${target.dataDir}`;
}

/** Restores `file`; answers where an existing embedded database was moved, if it was. */
export async function restoreDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, file: string, now = new Date()): Promise<{ movedAside: string | null }> {
  if (!existsSync(file)) throw new Error(BACKUP_MESSAGES.noFile(file));
  const target = databaseTargetFor(config);
  if (target.kind === 'postgres') {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', target.url, file]);
    return { movedAside: null };
  }
  const bytes = readFileSync(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(BACKUP_MESSAGES.notEmbeddedBackup(file));
  const dataDir = target.dataDir!;
  let movedAside: string | null = null;
  const unlock = lockDataFolder(dataDir); // a database in use is refused before anything is moved
  try {
    if (checkDataFolderOrDamaged(dataDir) !== 'empty') {
      movedAside = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, movedAside);
    }
    const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([bytes]) });
    await pglite.query('SELECT 1');
    await pglite.close();
  } finally {
    unlock();
  }
  // and once more the way the server opens it
  await (await openDatabase(target)).close();
  return { movedAside };
}

function checkDataFolderOrDamaged(dataDir: string): 'empty' | 'database' | 'damaged' {
  try {
    return checkDataFolder(dataDir);
  } catch {
    return 'damaged';
  }
}
