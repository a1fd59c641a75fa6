// Backups of the studio's database, and restoring one.
//   embedded (PGlite): PGlite's own dump of the data folder (a .tar.gz), taken from a cleanly opened
//     database, so it is consistent; restoring unpacks it into a new folder and opens it once to check
//     it. The database must not be in use (the server stopped): the data folder's lock refuses otherwise.
//   PostgreSQL (DATABASE_URL): pg_dump's custom format. A restore replaces the studio's objects (its
//     tables, functions and types in schema public, and pg-boss's schema) in one transaction: pg_restore
//     writes the backup as SQL, psql runs it after dropping ours, all or nothing (pg_restore --clean trips
//     over pg-boss's partitioned tables and leaves a half-restored database). A backup of a newer schema
//     than this code knows is refused before anything changes. The password goes to the tools in
//     PGPASSWORD, never in their arguments (which `ps` shows to everyone on the machine). Without the
//     PostgreSQL client tools the command says how to get them (or to use the hosting provider's backups).
// A restore never deletes an embedded database: it is moved aside first.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { checkDataFolder, databaseTargetFor, lockDataFolder, openDatabase } from './database.js';
import { readMigrations } from './migrate.js';
import { checkPrivileges, GATEWAY_ROLE } from './privileges.js';

export const BACKUP_MESSAGES = {
  noPgDump: (tool: string) =>
    `${tool} was not found. Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt-get install postgresql-client), ` +
    "or use your hosting provider's backups (a hosted Supabase project: Database → Backups).",
  toolFailed: (tool: string, code: number | null, stderr: string) => `${tool} failed (exit ${code}): ${stderr.trim()}`,
  noFile: (file: string) => `No backup file at ${file}`,
  notEmbeddedBackup: (file: string) => `${file} is not a backup of the embedded database (expected a .tar.gz written by npm run backup)`,
  newerSchema: (backup: string, known: string) =>
    `This backup holds a newer database (migration ${backup}) than this version of the studio knows (up to ${known}). ` +
    'Nothing was changed: restore it with the version of the studio that made it, or a newer one.',
  notPostgresBackup: (file: string) => `${file} is not a PostgreSQL backup (expected a .dump written by npm run backup with DATABASE_URL)`,
  embeddedIntoPostgres: (file: string) =>
    `${file} is a backup of the embedded database: move it into PostgreSQL with npm run move-to-postgres -- ${file} (into an empty database).`,
} as const;

export const defaultBackupFile = (config: Pick<Config, 'databaseUrl'>, now = new Date()) =>
  `accent-backup-${now.toISOString().replace(/[:.]/g, '-')}${config.databaseUrl ? '.dump' : '.tar.gz'}`;

/**
 * The libpq tools' connection: the URL without its password in `--dbname`, the password in PGPASSWORD
 * (a .pgpass file or PGPASSWORD already in the environment work too when the URL has none).
 */
export function pgToolEnvironment(databaseUrl: string): { args: string[]; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { args: ['--dbname', url.toString()], env: password ? { PGPASSWORD: password } : {} };
}

interface ToolRun {
  /** 'collect': answer what the tool wrote; 'stream': the caller reads child.stdout; default: our stdout */
  stdout?: 'collect' | 'stream';
  /** give the tool a stdin to write to (child.stdin) */
  stdin?: boolean;
  env?: Record<string, string>;
}

function start(tool: string, args: string[], options: ToolRun = {}) {
  const child = spawn(tool, args, {
    stdio: [options.stdin ? 'pipe' : 'ignore', options.stdout ? 'pipe' : 'inherit', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (options.stdout === 'collect') child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // a tool that exits early closes its stdin: the close below reports why, not an EPIPE
  child.stdin?.on('error', () => undefined);
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new Error(BACKUP_MESSAGES.noPgDump(tool)) : error));
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(BACKUP_MESSAGES.toolFailed(tool, code, stderr)))));
  });
  return { child, done };
}

const run = (tool: string, args: string[], options: ToolRun = {}) => start(tool, args, options).done;

/** An embedded database's backup is gzip (PGlite's dumpDataDir); pg_dump's custom format starts with PGDMP. */
export function isEmbeddedBackup(file: string): boolean {
  const head = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 2, 0);
  } finally {
    closeSync(fd);
  }
  return head[0] === 0x1f && head[1] === 0x8b;
}

/** Writes a backup to `file`; answers what was backed up. */
export async function backupDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, file: string): Promise<string> {
  const target = databaseTargetFor(config);
  if (target.kind === 'postgres') {
    const connection = pgToolEnvironment(target.url);
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, ...connection.args], { env: connection.env });
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
export async function restoreDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  file: string,
  now = new Date(),
): Promise<{ movedAside: string | null }> {
  if (!existsSync(file)) throw new Error(BACKUP_MESSAGES.noFile(file));
  const target = databaseTargetFor(config);
  if (target.kind === 'postgres') {
    await restorePostgres(target.url, file);
    return { movedAside: null };
  }
  if (!isEmbeddedBackup(file)) throw new Error(BACKUP_MESSAGES.notEmbeddedBackup(file));
  const bytes = readFileSync(file);
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

/**
 * Drops the studio's objects: pg-boss's schema, and what the connecting role owns in schema public that no
 * extension brought (tables with their policies, triggers, sequences; functions; types). Anything else
 * in the database (other schemas, extensions, other roles' tables) is left alone.
 */
export const DROP_STUDIO_OBJECTS_SQL = `
DO $drop$
DECLARE
  r record;
BEGIN
  DROP SCHEMA IF EXISTS pgboss CASCADE;
  FOR r IN
    SELECT format('%I.%I', n.nspname, c.relname) AS name,
           CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND NOT c.relispartition
      AND pg_has_role(c.relowner, 'USAGE')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))
  LOOP
    EXECUTE format('DROP %s IF EXISTS %s CASCADE', r.kind, r.name);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure::text AS name, CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END AS kind
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace AND pg_has_role(p.proowner, 'USAGE')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP %s IF EXISTS %s CASCADE', r.kind, r.name);
  END LOOP;
  FOR r IN
    SELECT format('%I.%I', n.nspname, t.typname) AS name
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'm') AND pg_has_role(t.typowner, 'USAGE')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP TYPE IF EXISTS %s CASCADE', r.name);
  END LOOP;
END
$drop$;
`;

/** The gateway's role and the right to take it, as migrations 001 and 005 leave them (a database never migrated). */
const ENSURE_GATEWAY_ROLE_SQL = `
DO $role$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${GATEWAY_ROLE}') THEN
    CREATE ROLE ${GATEWAY_ROLE} NOLOGIN;
  END IF;
  IF NOT pg_has_role(current_user, '${GATEWAY_ROLE}', 'MEMBER') THEN
    EXECUTE format('GRANT ${GATEWAY_ROLE} TO %I', current_user);
  END IF;
END
$role$;
`;

/** The schema_migrations names a custom-format backup holds (its data, read without restoring anything). */
async function backupMigrations(file: string): Promise<string[]> {
  const script = await run('pg_restore', ['--data-only', '--table=schema_migrations', '--file=-', file], { stdout: 'collect' }).catch(
    (error: Error) => {
      throw new Error(`${BACKUP_MESSAGES.notPostgresBackup(file)}: ${error.message}`);
    },
  );
  const copy = /^COPY [^\n]*schema_migrations[^\n]*FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(script);
  return (copy?.[1] ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[1] ?? '');
}

async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (isEmbeddedBackup(file)) throw new Error(BACKUP_MESSAGES.embeddedIntoPostgres(file));
  const known = readMigrations();
  const knownNames = new Set(known.map((m) => m.name));
  const unknown = (await backupMigrations(file)).filter((name) => !knownNames.has(name)).sort();
  if (unknown.length > 0) throw new Error(BACKUP_MESSAGES.newerSchema(unknown.at(-1)!, known.at(-1)?.name ?? 'none'));
  // the backup's grants name the gateway's role: it must exist, or be creatable (the check before migrating)
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    await checkPrivileges(database);
  } finally {
    await database.close();
  }
  // default privileges name the role that made the backup, which may not be ours (or may not exist here):
  // the migrations' own grants are restored with the objects
  const folder = mkdtempSync(join(tmpdir(), 'accent-restore-'));
  try {
    const list = join(folder, 'list');
    const entries = await run('pg_restore', ['--list', file], { stdout: 'collect' });
    writeFileSync(
      list,
      entries
        .split('\n')
        .filter((line) => !/ DEFAULT ACL /.test(line))
        .join('\n'),
    );
    const connection = pgToolEnvironment(databaseUrl);
    const psql = start('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', ...connection.args], {
      stdin: true,
      env: connection.env,
      stdout: 'collect',
    });
    // psql reads our drop, then the backup as SQL streamed from pg_restore: one transaction
    const stdin = psql.child.stdin!;
    stdin.write(ENSURE_GATEWAY_ROLE_SQL);
    stdin.write(DROP_STUDIO_OBJECTS_SQL);
    const restore = start('pg_restore', ['--no-owner', '--use-list', list, '--file=-', file], { stdout: 'stream' });
    restore.child.stdout!.pipe(stdin);
    await Promise.all([restore.done, psql.done]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
