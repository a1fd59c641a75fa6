// One table operation through the data client, for every service in this folder: any failure (no client,
// network, PostgREST error) becomes `database error: {message}` (spec 01 §8).
import type { SupabaseClient } from '@supabase/supabase-js';
import { sharedMsg } from '@accent/shared';

/** PostgREST: `.single()` found no row (or more than one). */
export const NOT_FOUND_CODE = 'PGRST116';

export type DataClientSource = () => SupabaseClient | Promise<SupabaseClient>;

export interface DbError {
  message?: string;
  code?: string;
}
export type DbResult<T> = { data: T; error: DbError | null; count?: number | null };

/** `database error: {message}` (spec 01 §8). */
export function databaseError(error: unknown): Error {
  const message =
    error instanceof Error ? error.message : typeof error === 'object' && error && typeof (error as DbError).message === 'string' ? (error as DbError).message! : String(error);
  return new Error(sharedMsg.databaseError(message || 'unknown error'), { cause: error });
}

/** Runs one operation; a thrown failure becomes `database error: …`, a PostgREST error is returned as is. */
export async function attempt<T>(source: DataClientSource, run: (client: SupabaseClient) => PromiseLike<DbResult<T>>): Promise<DbResult<T>> {
  let client: SupabaseClient;
  try {
    client = await source();
  } catch (err) {
    throw databaseError(err);
  }
  try {
    return await run(client);
  } catch (err) {
    throw databaseError(err);
  }
}

/** Like attempt, but a PostgREST error is raised too. */
export async function strict<T>(source: DataClientSource, run: (client: SupabaseClient) => PromiseLike<DbResult<T>>): Promise<T> {
  const { data, error } = await attempt(source, run);
  if (error) throw databaseError(error);
  return data;
}
