// Small conversions that differ between drivers, kept in one place.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/** `count(*)` is a string from pg (int8) and a number from PGlite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value == null ? 0 : Number(value);
}

/** Timestamps come back as Date from both drivers; ISO strings are what the API answers. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** JSON text for a jsonb column: the same bytes on both drivers whatever their parameter typing. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Runs `work` in a transaction, or inside the caller's transaction when given one, so that a unit of
 * work (e.g. saving an agent) can also be part of a larger one (e.g. the seed).
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
