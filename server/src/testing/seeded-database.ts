// A fresh in-memory database, migrated and seeded with the demo data, for each test that asks for one.
// initdb + every migration + the seed take seconds and are the same for every test, so they run once per
// jest run: the first test that needs it dumps that database to a file in the run's folder
// (jest-global-setup.mjs), and every later one starts a new PGlite from the dump (well under a second).
// Each call still gets its own database: nothing written in one is seen by another.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seedDemoData } from '../db/seed.js';

/** Set by jest-global-setup.mjs: a folder that lives as long as the jest run (none: keep the dump in memory). */
export const SNAPSHOT_DIR_ENV = 'ACCENT_TEST_DB_DIR';
const SNAPSHOT_FILE = 'seeded.tar';

// The dump this test file has read or made (each test file has its own module registry).
let dump: Blob | undefined;

/** A new database exactly as `openDatabase` + `migrate` + `seedDemoData` (not production) leave it. */
export async function openSeededDatabase(): Promise<Database> {
  dump ??= await readRunDump();
  if (dump) return openDatabase({ kind: 'pglite', loadDataDir: dump });
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await seedDemoData(database, { isProduction: false });
  dump = await dumpOf(database);
  await shareWithRun(dump);
  return database;
}

async function readRunDump(): Promise<Blob | undefined> {
  const dir = process.env[SNAPSHOT_DIR_ENV];
  const file = dir && join(dir, SNAPSHOT_FILE);
  if (!file || !existsSync(file)) return undefined;
  return new Blob([new Uint8Array(await readFile(file))]);
}

async function dumpOf(database: Database): Promise<Blob> {
  const { pglite } = database;
  if (!pglite) throw new Error('only an embedded database can be dumped');
  // Everything on disk first, so the copy starts without replaying the log (sequences as they are now).
  await pglite.exec('CHECKPOINT');
  return pglite.dumpDataDir('none');
}

/** Writes under a unique name, then renames: a worker in parallel never reads half a file. */
async function shareWithRun(blob: Blob): Promise<void> {
  const dir = process.env[SNAPSHOT_DIR_ENV];
  if (!dir || !existsSync(dir)) return;
  const partial = join(dir, `${SNAPSHOT_FILE}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
  try {
    await writeFile(partial, new Uint8Array(await blob.arrayBuffer()));
    await rename(partial, join(dir, SNAPSHOT_FILE));
  } finally {
    await rm(partial, { force: true });
  }
}
