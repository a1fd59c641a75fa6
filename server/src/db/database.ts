// One database handle for both modes: embedded PGlite (default, or in memory for tests) and a real
// PostgreSQL through `pg` (DATABASE_URL). Queries go through kysely and are identical for both.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DB } from './schema.js';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` undefined: in memory (tests). `loadDataDir`: start the in-memory database from this copy of a
   * data folder (a `dumpDataDir()` tar) instead of an empty one: tests skip initdb, migrations and seeding.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface Database {
  readonly kind: DatabaseTarget['kind'];
  /** True for PGlite: the server owns the data (seeding with demo accounts is allowed). */
  readonly embedded: boolean;
  readonly db: Kysely<DB>;
  /** The embedded instance (kind 'pglite'): the job scheduler (pg-boss) shares it through `fromPglite`. */
  readonly pglite?: PGlite;
  /** The connection string (kind 'postgres'): the job scheduler opens its own small pool on it. */
  readonly url?: string;
  /** The `pg` pool behind `db` (kind 'postgres'): the data gateway sends its one-message reads through it. */
  readonly pool?: pg.Pool;
  /**
   * Runs a multi-statement SQL script in one transaction. kysely sends one statement per query (PGlite
   * uses the extended protocol), so migrations need this path.
   */
  runScript(script: string): Promise<void>;
  /**
   * Where a connection's loss is told (PostgreSQL: a killed or dropped connection, idle or in use); by
   * default one line on stderr. The query that used it fails on its own; the pool opens a new one.
   */
  onConnectionError(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export function databaseTargetFor(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir, target.loadDataDir);
}

/** PostgreSQL's pg_control is always this size; a shorter one is a cut-off copy or a disk that filled up. */
const PG_CONTROL_BYTES = 8192;

export const DATA_FOLDER_MESSAGES = {
  damaged: (dataDir: string, problem: string) =>
    `The embedded database folder ${dataDir} is damaged or incomplete (${problem}). ` +
    'The server does not start on it, nor over it: restore a backup into it (npm run restore -- <backup file>), ' +
    'or move the folder away to start with an empty database.',
  missing: (file: string) => `${file} is missing`,
  truncated: (file: string, bytes: number) => `${file} has ${bytes} of ${PG_CONTROL_BYTES} bytes`,
  unreadable: (message: string) => `PGlite could not open it: ${message}`,
  inUse: (dataDir: string, pid: number) =>
    `The embedded database folder ${dataDir} is in use by process ${pid} (a running server?). Stop it first: one process at a time may open an embedded database.`,
} as const;

export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

const sizeOf = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
};

/**
 * An empty or missing folder gets a new database; a folder holding anything must be a whole one. PGlite
 * would initialise a fresh database over a folder without PG_VERSION (losing everything in it) and abort
 * with no explanation on a cut pg_control, so both are checked first.
 */
export function checkDataFolder(dataDir: string): 'empty' | 'database' {
  let entries: string[];
  try {
    entries = readdirSync(dataDir);
  } catch {
    return 'empty';
  }
  if (entries.length === 0) return 'empty';
  if (sizeOf(join(dataDir, 'PG_VERSION')) === null) throw new DataFolderError(DATA_FOLDER_MESSAGES.damaged(dataDir, DATA_FOLDER_MESSAGES.missing('PG_VERSION')));
  const control = sizeOf(join(dataDir, 'global', 'pg_control'));
  if (control === null) throw new DataFolderError(DATA_FOLDER_MESSAGES.damaged(dataDir, DATA_FOLDER_MESSAGES.missing('global/pg_control')));
  if (control < PG_CONTROL_BYTES) throw new DataFolderError(DATA_FOLDER_MESSAGES.damaged(dataDir, DATA_FOLDER_MESSAGES.truncated('global/pg_control', control)));
  return 'database';
}

/** Is `pid` a running Node process? (After a container restart the pid may belong to anything else.) */
const aliveNode = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return /node/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): trust the pid
  }
};

/**
 * `<dataDir>.pid` holds the process that has the folder open: a second PGlite on the same files (a second
 * server, a backup while the server runs) would write over the first one's work. A file left by a killed
 * process is taken over.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = `${dataDir}.pid`;
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && aliveNode(pid)) throw new DataFolderError(DATA_FOLDER_MESSAGES.inUse(dataDir, pid));
  } catch (error) {
    if (error instanceof DataFolderError) throw error;
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let pglite: PGlite;
  let unlock = () => undefined as void;
  if (dataDir) {
    const state = checkDataFolder(dataDir);
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataFolder(dataDir);
    try {
      pglite = await PGlite.create(dataDir);
    } catch (error) {
      unlock();
      // a folder that passed the checks but still fails (e.g. damaged pages): same advice, never a re-init
      if (state === 'database') throw new DataFolderError(DATA_FOLDER_MESSAGES.damaged(dataDir, DATA_FOLDER_MESSAGES.unreadable((error as Error).message)), { cause: error });
      throw error;
    }
  } else pglite = await PGlite.create(loadDataDir ? { loadDataDir } : undefined);
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    kind: 'pglite',
    embedded: true,
    db,
    pglite,
    async runScript(script) {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    onConnectionError: () => undefined, // in-process: no connections to lose
    async close() {
      // kysely closes PGlite only if it ever used it; close explicitly so the data dir is left clean.
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}

/** How long a request waits for a new connection before it is answered 503 (the database is away or hangs). */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // An 'error' event nobody hears ends the process. The pool emits one for an idle connection that dies
  // (killed, database restarted); a connection in use emits it on its client, whose query fails anyway.
  let tell = (error: Error) => console.warn(`Database connection lost: ${error.message}`);
  pool.on('error', (error) => tell(error));
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Fail at start with a clear error rather than on the first request.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    // nothing may stay open behind a failed start (start-up tries again with a new pool)
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    embedded: false,
    db,
    url,
    pool,
    async runScript(script) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script); // no parameters: simple protocol, several statements allowed
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    onConnectionError(listener) {
      tell = listener;
    },
    async close() {
      await db.destroy(); // ends the pool, when kysely ever used it
      if (!pool.ended) await pool.end(); // and when it did not (a handle closed before any query)
    },
  };
}
