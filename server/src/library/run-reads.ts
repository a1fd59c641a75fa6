// What an agent run may read of the library: its reads (documents, files, knowledge) run in a
// transaction as role `authenticated` with claims naming the run (migration 035), so the row-level
// security of /storage/v1 and /rest/v1 decides, one rule for people and their agents. Who the run reads
// for is the database's answer from the run's row, not something the tools are trusted to filter.
import type { RunSource } from '@accent/agents-common';
import { sql, type Kysely } from 'kysely';
import { POSTGRES_ROLE } from '../auth/access-token.js';
import type { DB } from '../db/schema.js';

/**
 * - `user`: what the person the run acts for may read now (their own objects, the library's shared
 *   ones; administrators all of the library's): a signed-in person's runs, their test runs, and the
 *   agents those call.
 * - `shared`: only what is shared with the library (objects without owner, shared ones, public buckets),
 *   never anyone's private objects: runs with no signed-in person (a published page's visitor, a mission,
 *   a background agent) whose answer may go to others.
 */
export type LibraryAccess = 'user' | 'shared';

/**
 * Runs no one signed in to: a published page's visitor ('page'), a mission ('mission', scheduled or Run
 * now) and a background agent ('background'), whose answers go to visitors, recipients, webhooks.
 */
export const SHARED_ONLY_SOURCES: readonly RunSource[] = ['page', 'mission', 'background'];

/** What a run of `source` acting for `user` reads; no user (a page visitor) always reads `shared`. */
export function libraryAccessOf(source: RunSource, user: { id: string | null }): LibraryAccess {
  return user.id === null || SHARED_ONLY_SOURCES.includes(source) ? 'shared' : 'user';
}

/** One transaction (the server's own connection; PGlite's or a pool's). */
export type Transact = <T>(work: (trx: Kysely<DB>) => Promise<T>) => Promise<T>;

/** Runs `work` with the library as the run may read it: statements on `trx` see only those rows. */
export type LibraryReads = <T>(work: (trx: Kysely<DB>) => Promise<T>) => Promise<T>;

export function runLibraryReads(transact: Transact, run: { runId: string; access: LibraryAccess }): LibraryReads {
  const claims = JSON.stringify({ role: POSTGRES_ROLE, accent_run: run.runId, accent_reads: run.access });
  return (work) =>
    transact(async (trx) => {
      // set_config(…, true) lasts until the transaction ends, as SET LOCAL does
      await sql`SELECT set_config('request.jwt.claims', ${claims}, true), set_config('role', ${POSTGRES_ROLE}, true)`.execute(trx);
      return work(trx);
    });
}

/** Reads refused outright: a tool context made outside a run (a background agent's data sources). */
export const noLibraryReads: LibraryReads = () => Promise.reject(new Error('This context cannot read library files.'));
