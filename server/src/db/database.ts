// One database handle for both modes: embedded PGlite (default, or in memory for tests) and a real
// PostgreSQL through `pg` (DATABASE_URL). Queries go through kysely and are identical for both.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DB } from './schema.js';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined: in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export interface Database {
  readonly kind: DatabaseTarget['kind'];
  /** True for PGlite: the server owns the data (seeding with demo accounts is allowed). */
  readonly embedded: boolean;
  readonly db: Kysely<DB>;
  /** The embedded instance (kind 'pglite'): the job scheduler (pg-boss) shares it through `fromPglite`. */
  readonly pglite?: PGlite;
  /** The connection string (kind 'postgres'): the job scheduler opens its own small pool on it. */
  readonly url?: string;
  /**
   * Runs a multi-statement SQL script in one transaction. kysely sends one statement per query (PGlite
   * uses the extended protocol), so migrations need this path.
   */
  runScript(script: string): Promise<void>;
  close(): Promise<void>;
}

export function databaseTargetFor(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
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
    async close() {
      // kysely closes PGlite only if it ever used it; close explicitly so the data dir is left clean.
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail at start with a clear error rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    embedded: false,
    db,
    url,
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
    async close() {
      await db.destroy(); // ends the pool
    },
  };
}
