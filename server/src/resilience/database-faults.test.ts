// The server as operators run it (server/dist/main.js, a child process) on a real PostgreSQL, through the
// faults every deployment meets: connections killed (a failover, a pooler's idle kill, an administrator)
// and the database stopped and started again. The process must stay up, say what is wrong while it is
// (ready 503 naming the database, API requests 503 in words) and serve again by itself.
// Needs `pnpm --filter @accent/server build` first (npm test type-checks, which builds, before jest).
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { DATABASE_UNAVAILABLE } from '../http/database-errors.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../testing/postgres.js';
import { FATAL_OUTPUT, startServerProcess, type ServerProcess } from '../testing/server-process.js';

jest.setTimeout(180_000);

const UNAVAILABLE = DATABASE_UNAVAILABLE;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a server process on PostgreSQL through database faults', () => {
  let postgres: ThrowawayPostgres | undefined;
  let server: ServerProcess;
  let base = '';

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    if (!postgres) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
    server = await startServerProcess({ DATABASE_URL: postgres.url });
    base = server.base;
  });

  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
  });

  const get = async (path: string) => {
    try {
      const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5_000) });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    } catch {
      return { status: 0, body: null };
    }
  };
  /** The studio serves: ready, and an API route that reads the database answers. */
  const serving = async () => (await get('/api/ready')).status === 200 && (await get('/api/v1/remotes')).status === 200;
  /** Seconds until serving again (polled every 100 ms), or Infinity after `limitS`. */
  const secondsToServe = async (limitS: number) => {
    const start = performance.now();
    while (performance.now() - start < limitS * 1000) {
      if (await serving()) return (performance.now() - start) / 1000;
      await sleep(100);
    }
    return Number.POSITIVE_INFINITY;
  };
  const terminate = async (where: string) => {
    const admin = new pg.Client({ connectionString: postgres?.url });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = 'postgres' ${where}`,
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  };
  const listening = async () => {
    const admin = new pg.Client({ connectionString: postgres?.url });
    await admin.connect();
    try {
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_listening_channels()`);
      const { rows: others } = await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      return (rows[0].n as number) + (others[0].n as number);
    } finally {
      await admin.end();
    }
  };

  it('serves at start', async () => {
    expect(await secondsToServe(30)).toBeLessThan(30);
  });

  it('survives its idle connections being killed and serves again within 5 s', async () => {
    // some traffic first, so the pool holds idle connections
    await Promise.all(Array.from({ length: 8 }, () => get('/api/v1/remotes')));
    const killed = await terminate(`AND state = 'idle'`);
    expect(killed).toBeGreaterThan(0);
    const seconds = await secondsToServe(5);
    console.log(`idle connections killed (${killed}): serving again after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThanOrEqual(5);
    expect(server.exits).toEqual([]);
  });

  it('survives every connection being killed, during traffic, and serves again within 5 s', async () => {
    let stop = false;
    const traffic = (async () => {
      while (!stop) await Promise.all(Array.from({ length: 4 }, () => get('/api/v1/remotes')));
    })();
    await sleep(300);
    const killed = await terminate('');
    expect(killed).toBeGreaterThan(0);
    const seconds = await secondsToServe(5);
    stop = true;
    await traffic;
    console.log(`all connections killed (${killed}): serving again after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThanOrEqual(5);
    expect(server.exits).toEqual([]);
    // the LISTEN connection (other processes' changes) came back too
    const start = Date.now();
    while ((await listening()) === 0 && Date.now() - start < 10_000) await sleep(200);
    expect(await listening()).toBeGreaterThan(0);
  });

  it('stays up while PostgreSQL is stopped, says so, and serves again within 10 s of its return', async () => {
    postgres?.stopServer();
    const down = performance.now();
    await sleep(1_000);
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    const ready = await get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body?.failed).toEqual(['database']);
    const api = await get('/api/v1/remotes');
    expect(api).toEqual({ status: 503, body: { detail: UNAVAILABLE } });
    // down for 12 s in all, with requests coming in
    while (performance.now() - down < 12_000) {
      expect((await get('/api/v1/remotes')).status).toBe(503);
      await sleep(500);
    }
    postgres?.startServer();
    const seconds = await secondsToServe(10);
    console.log(
      `PostgreSQL stopped for ${((performance.now() - down) / 1000 - seconds).toFixed(1)} s: serving again ${seconds.toFixed(2)} s after it was back`,
    );
    expect(seconds).toBeLessThanOrEqual(10);
    expect(server.exits).toEqual([]);
    // pg-boss's LISTEN connection retries 1, 2, 4, 8, 16 then every 30 s: back at its next attempt
    const start = Date.now();
    while ((await listening()) === 0 && Date.now() - start < 35_000) await sleep(200);
    console.log(`LISTEN back ${((Date.now() - start) / 1000).toFixed(1)} s after serving again`);
    expect(await listening()).toBeGreaterThan(0);
  });

  it('never exited', () => {
    expect(server.exits).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(FATAL_OUTPUT);
  });
});
