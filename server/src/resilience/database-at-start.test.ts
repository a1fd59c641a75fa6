// The server started (server/dist/main.js, a child process) while its PostgreSQL is not up yet, as when
// a host boots or a container starts before its database: it waits for the database, saying so at each
// attempt, and serves once it is there; it gives up in words after DATABASE_CONNECT_ATTEMPTS.
// Needs `pnpm --filter @accent/server build` first (npm test type-checks, which builds, before jest).
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CONNECT_MESSAGES } from '../db/connect.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../testing/postgres.js';
import { FATAL_OUTPUT, startServerProcess, type ServerProcess } from '../testing/server-process.js';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a server process started before its PostgreSQL', () => {
  let postgres: ThrowawayPostgres | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    if (!postgres) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
    postgres.stopServer();
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
  });

  it('gives up in words after DATABASE_CONNECT_ATTEMPTS', async () => {
    const started = performance.now();
    const refused = startServerProcess({ DATABASE_URL: postgres?.url ?? '', DATABASE_CONNECT_ATTEMPTS: '2' });
    await expect(refused).rejects.toThrow(/exited \(1\)/);
    const output = String(await refused.catch((error: Error) => error.message));
    // one wait of 1 s between the two attempts, then the sentence
    expect(output).toContain('Cannot reach the PostgreSQL server in DATABASE_URL yet (attempt 1 of 2: ');
    expect(output).toContain('trying again in 1 s');
    expect(output).toContain(CONNECT_MESSAGES.gaveUp(2));
    expect(output).not.toContain('attempt 2 of 2');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('waits for the database and serves once it is up', async () => {
    let attempts = 0;
    const starting = startServerProcess({ DATABASE_URL: postgres?.url ?? '' }, (output) => {
      attempts = output.match(/Cannot reach the PostgreSQL server/g)?.length ?? 0;
    });
    starting.catch(() => undefined);
    // the database comes back after two failed attempts (waits of 1 and 2 s), before the third wait ends
    const deadline = Date.now() + 60_000;
    while (attempts < 2 && Date.now() < deadline) await sleep(100);
    postgres?.startServer();
    server = await starting;
    const output = server.output();
    expect(output).toContain(CONNECT_MESSAGES.retrying(1, 10, '', 1_000).split(': ')[0]);
    expect(output).toMatch(/attempt 2 of 10: [^)]+\); trying again in 2 s/);
    expect(output).not.toContain('no answer after');
    const ready = await fetch(`${server.base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(server.exits).toEqual([]);
    expect(output).not.toMatch(FATAL_OUTPUT);
  });
});
