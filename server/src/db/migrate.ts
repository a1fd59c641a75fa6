// Applies server/migrations/NNN_name.sql in order, each in its own transaction together with its row in
// schema_migrations. The files are plain SQL so they can also be run by hand against a hosted database.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';
import { checkPrivileges } from './privileges.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

const FILE_PATTERN = /^(\d{3})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => ({ file, match: FILE_PATTERN.exec(file) }))
    .filter((f): f is { file: string; match: RegExpExecArray } => f.match !== null)
    .map(({ file, match }) => ({ version: match[1], name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }))
    .sort((a, b) => a.version.localeCompare(b.version));
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version === migrations[i - 1].version) {
      throw new Error(`Two migrations share version ${migrations[i].version}: ${migrations[i - 1].name} and ${migrations[i].name}`);
    }
  }
  return migrations;
}

/** Applies pending migrations; answers the names applied by this call. */
export async function migrate(database: Database, options: { dir?: string; log?: (line: string) => void } = {}): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  const migrations = readMigrations(options.dir);
  // before the first statement: say what the database role lacks rather than fail inside a migration
  const applied = await appliedVersionsIfAny(database);
  if (migrations.some((m) => !applied.has(m.version))) await checkPrivileges(database);
  await database.runScript(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const appliedNow: string[] = [];
  for (const migration of migrations) {
    if ((await appliedVersions(database)).has(migration.version)) continue;
    // version and name come from a validated file name ([0-9a-z_]), so they are safe as literals here.
    const record = `INSERT INTO schema_migrations (version, name) VALUES ('${migration.version}', '${migration.name}');`;
    try {
      await database.runScript(`${migration.sql}\n;\n${record}`);
    } catch (error) {
      // Another server process sharing the database may have applied it meanwhile: not an error.
      if ((await appliedVersions(database)).has(migration.version)) continue;
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    }
    appliedNow.push(migration.name);
    log(`Applied migration ${migration.name}`);
  }
  return appliedNow;
}

async function appliedVersions(database: Database): Promise<Set<string>> {
  const rows = await database.db.selectFrom('schema_migrations').select('version').execute();
  return new Set(rows.map((r) => r.version));
}

/** Versions applied so far; none when the table does not exist yet (a new database). */
async function appliedVersionsIfAny(database: Database): Promise<Set<string>> {
  const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`.execute(database.db);
  return rows[0]?.exists ? appliedVersions(database) : new Set();
}
