// At start-up PostgreSQL may not be there yet: a container started before the database, a failover or a
// restart in progress. Rather than exit at the first refusal, start-up tries again, waiting 1, 2, 4 … (at
// most 30) seconds between attempts and saying so each time, up to DATABASE_CONNECT_ATTEMPTS. Errors that
// waiting cannot mend (a wrong password, a database that does not exist, a damaged embedded folder) are
// thrown at once.
import { isDatabaseUnavailable } from '../http/database-errors.js';
import { type Database, type DatabaseTarget, openDatabase } from './database.js';

export interface ConnectRetry {
  /** tries in all (at least 1) */
  attempts: number;
  /** one line in words per failed attempt */
  log: (line: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export const CONNECT_MESSAGES = {
  retrying: (attempt: number, attempts: number, reason: string, delayMs: number) =>
    `Cannot reach the PostgreSQL server in DATABASE_URL yet (attempt ${attempt} of ${attempts}: ${reason}); trying again in ${delayMs / 1000} s`,
  gaveUp: (attempts: number) => `no answer after ${attempts} attempt${attempts === 1 ? '' : 's'} (DATABASE_CONNECT_ATTEMPTS)`,
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** openDatabase, tried again with backoff while PostgreSQL cannot be reached; throws the last error. */
export async function openDatabaseWithRetry(
  target: DatabaseTarget,
  { attempts, log, firstDelayMs = 1_000, maxDelayMs = 30_000 }: ConnectRetry,
): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(target);
    } catch (error) {
      if (target.kind !== 'postgres' || !isDatabaseUnavailable(error)) throw error;
      if (attempt >= attempts)
        throw new Error(`${CONNECT_MESSAGES.gaveUp(attempts)}: ${(error as Error).message || (error as { code?: string }).code}`, { cause: error });
      const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
      log(CONNECT_MESSAGES.retrying(attempt, attempts, (error as Error).message || String((error as { code?: string }).code), delayMs));
      await sleep(delayMs);
    }
  }
}
