// Moves a studio from the embedded database (PGlite: its data folder, or a backup of it) to PostgreSQL:
// `DATABASE_URL=postgres://… npm run move-to-postgres [-- <backup.tar.gz>]`.
//   data and users: both databases are brought to the same migration, then every table of ours is copied
//     row by row in one PostgreSQL transaction (triggers and foreign keys held while it loads, identity
//     sequences moved past the copied ids); the target must not hold a studio yet;
//   master key: the credentials are sealed with DATA_DIR/master.key (or ACCENT_MASTER_KEY): the key the
//     command runs with must open them, and the servers on PostgreSQL need it as ACCENT_MASTER_KEY;
//   files: with STORAGE_S3_* set they are copied to the bucket (checksummed), else they stay in
//     DATA_DIR/storage, which a server on the same machine keeps using.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { masterKeyFor } from '../config.js';
import { createCredentialStore } from '../credentials/store.js';
import { filesystemBackend, s3Backend } from '../storage/backend.js';
import { storageFolderOf } from '../storage/location.js';
import { migrateStorage, type StorageMigration } from '../storage/migrate.js';
import { BACKUP_MESSAGES, isEmbeddedBackup } from './backup.js';
import { type Database, databaseTargetFor, openDatabase } from './database.js';
import { migrate } from './migrate.js';

export const MOVE_MESSAGES = {
  needsPostgres: 'DATABASE_URL: is required: the PostgreSQL database to move the studio into',
  targetInUse:
    'The PostgreSQL database in DATABASE_URL already holds a studio (it has users). Move into an empty database, or restore a PostgreSQL backup over this one.',
  wrongMasterKey:
    'The stored credentials cannot be opened with this master key. Run the command with the DATA_DIR of the embedded studio (its master.key), ' +
    'or with ACCENT_MASTER_KEY set to the key that studio used.',
} as const;

export interface MovedStudio {
  /** rows copied per table */
  tables: Record<string, number>;
  /** the files copied to S3, when STORAGE_S3_* is set */
  files: StorageMigration | null;
}

type Source = { kind: 'folder' } | { kind: 'backup'; file: string };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const BATCH = 500;

/** Our tables (schema public), parents before children. */
async function tablesOf(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string; parents: string[] | null }>`
    SELECT c.relname AS name,
           array_agg(DISTINCT p.relname) FILTER (WHERE p.relname IS NOT NULL AND p.relname <> c.relname) AS parents
    FROM pg_class c
    LEFT JOIN pg_constraint f ON f.conrelid = c.oid AND f.contype = 'f'
    LEFT JOIN pg_class p ON p.oid = f.confrelid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'schema_migrations'
    GROUP BY c.relname ORDER BY c.relname`.execute(database.db);
  const order: string[] = [];
  const pending = new Map(rows.map((r) => [r.name, new Set(r.parents ?? [])]));
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => [...parents].every((p) => !pending.has(p))).map(([name]) => name);
    // a cycle (none today) is loaded as it comes: the foreign keys are checked once everything is in
    for (const name of ready.length ? ready : [pending.keys().next().value as string]) {
      order.push(name);
      pending.delete(name);
    }
  }
  return order;
}

async function copyTable(source: Database, target: Database, table: string): Promise<number> {
  const { rows: columns } = await sql<{ name: string }>`
    SELECT attname AS name FROM pg_attribute
    WHERE attrelid = ${`public.${quote(table)}`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
    ORDER BY attnum`.execute(source.db);
  const list = columns.map((c) => quote(c.name)).join(', ');
  let copied = 0;
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await sql<{ batch: string | null }>`
      SELECT json_agg(t)::text AS batch FROM (SELECT ${sql.raw(list)} FROM public.${sql.raw(quote(table))} ORDER BY ctid LIMIT ${BATCH} OFFSET ${offset}) t`.execute(
      source.db,
    );
    const batch = rows[0]?.batch;
    if (!batch) break;
    const inserted = await sql`
      INSERT INTO public.${sql.raw(quote(table))} (${sql.raw(list)}) OVERRIDING SYSTEM VALUE
      SELECT ${sql.raw(list)} FROM json_populate_recordset(NULL::public.${sql.raw(quote(table))}, ${batch}::json)`.execute(target.db);
    copied += Number(inserted.numAffectedRows ?? 0);
  }
  return copied;
}

/** Copies every row of our tables from `source` into `target` (both at the same migration) in one transaction. */
async function copyData(source: Database, target: Database): Promise<Record<string, number>> {
  const tables = await tablesOf(source);
  const counts: Record<string, number> = {};
  await target.db.transaction().execute(async (trx) => {
    const into = { ...target, db: trx } as Database;
    // foreign keys come off while loading and go back (checked) at the end; our triggers are held
    const { rows: keys } = await sql<{ table: string; name: string; definition: string }>`
      SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`.execute(trx);
    for (const key of keys) await sql`ALTER TABLE ${sql.raw(key.table)} DROP CONSTRAINT ${sql.raw(quote(key.name))}`.execute(trx);
    for (const table of tables) {
      await sql`ALTER TABLE public.${sql.raw(quote(table))} DISABLE TRIGGER USER`.execute(trx);
      // what the migrations themselves inserted is replaced by the source's rows
      await sql`DELETE FROM public.${sql.raw(quote(table))}`.execute(trx);
    }
    for (const table of tables) counts[table] = await copyTable(source, into, table);
    for (const table of tables) await sql`ALTER TABLE public.${sql.raw(quote(table))} ENABLE TRIGGER USER`.execute(trx);
    for (const key of keys)
      await sql`ALTER TABLE ${sql.raw(key.table)} ADD CONSTRAINT ${sql.raw(quote(key.name))} ${sql.raw(key.definition)}`.execute(trx);
    // identity and serial columns go on after the highest id copied
    const { rows: sequences } = await sql<{ table: string; column: string; sequence: string }>`
      SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) AS sequence
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND pg_get_serial_sequence(format('public.%I', c.relname), a.attname) IS NOT NULL`.execute(trx);
    for (const s of sequences) {
      await sql`SELECT setval(${s.sequence}::regclass, coalesce((SELECT max(${sql.raw(quote(s.column))}) FROM public.${sql.raw(quote(s.table))}), 0) + 1, false)`.execute(
        trx,
      );
    }
  });
  return counts;
}

/** The master key must open what the embedded studio sealed (one credential is enough to tell). */
async function checkMasterKey(source: Database, masterKey: Buffer): Promise<void> {
  const sealed = await source.db.selectFrom('library_credentials').select(['library_id', 'kind', 'key']).limit(1).executeTakeFirst();
  if (!sealed) return;
  const store = createCredentialStore(source.db, masterKey);
  try {
    await store.get(sealed.library_id, sealed.kind, sealed.key);
  } catch {
    throw new Error(MOVE_MESSAGES.wrongMasterKey);
  } finally {
    await store.close();
  }
}

export async function moveToPostgres(config: Config, from: Source, progress: (line: string) => void = () => undefined): Promise<MovedStudio> {
  if (!config.databaseUrl) throw new Error(MOVE_MESSAGES.needsPostgres);
  let source: Database;
  if (from.kind === 'backup') {
    if (!isEmbeddedBackup(from.file)) throw new Error(BACKUP_MESSAGES.notEmbeddedBackup(from.file));
    source = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(from.file)]) }); // in memory: the file is left as it is
  } else source = await openDatabase(databaseTargetFor({ dataDir: config.dataDir })); // refuses one in use
  try {
    const target = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    try {
      await migrate(source);
      await checkMasterKey(source, masterKeyFor(config));
      await migrate(target); // says first what the database role lacks, if anything
      const users = await target.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
      if (users) throw new Error(MOVE_MESSAGES.targetInUse);
      progress('Copying the data');
      const tables = await copyData(source, target);
      let files: StorageMigration | null = null;
      if (config.storage.s3) {
        progress(`Copying the files to bucket ${config.storage.s3.bucket}`);
        const bucket = s3Backend(config.storage.s3, join(config.dataDir, 'storage-tmp'));
        await bucket.ensureBucket();
        files = await migrateStorage({ db: source.db, from: filesystemBackend(storageFolderOf(config)), to: bucket });
      }
      return { tables, files };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
