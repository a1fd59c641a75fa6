// Run leases on PGlite and on PostgreSQL: a run whose process is gone (its lease expired, nobody renews
// it) ends failed with "The server stopped while this ran." after the sweep, in every kind of run; a run
// whose process is alive keeps running past its lease's length; a shutdown lets a run finish within the
// grace and marks the one past it as interrupted, saying so in the log.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { createAdministrator } from '../admin/first-admin.js';
import { openDatabase, type Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { silentLog } from '../scheduler/index.js';
import { startThrowawayPostgres } from '../testing/postgres.js';
import { openSeededDatabase } from '../testing/seeded-database.js';
import { createRunLeases, LEASED_TABLES, RUN_INTERRUPTED, type LeasedTable, type LeaseHolder } from './leases.js';
import { drain } from './shutdown.js';

jest.setTimeout(120_000);

const postgres = await startThrowawayPostgres();
if (!postgres) console.warn('leases.test: PostgreSQL part skipped, PostgreSQL is not installed (apt-get install postgresql)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One running row in each run table (with the parents they need), as a process that carries them leaves them. */
async function runningRuns(db: Kysely<DB>, leases?: LeaseHolder): Promise<Record<LeasedTable, string>> {
  // started as the runs' code starts them: the lease in the statement that marks the run running
  const lease = leases ? sql`${leases.owner}, now() + make_interval(secs => ${leases.ttlSeconds})` : sql`NULL, NULL`;
  const { rows: users } = await sql<{ id: string; library_id: string }>`SELECT id, library_id FROM users ORDER BY created_at LIMIT 1`.execute(db);
  const { id: user, library_id: library } = users[0];
  const one = async (query: ReturnType<typeof sql<{ id: string }>>) => (await query.execute(db)).rows[0].id;
  const agent = await one(
    sql<{
      id: string;
    }>`INSERT INTO agents (library_id, name, config) VALUES (${library}, ${`lease-agent-${Date.now()}-${Math.random()}`}, '{}') RETURNING id`,
  );
  const mission = await one(
    sql<{
      id: string;
    }>`INSERT INTO missions (library_id, user_id, name, agent_id, agent_name) VALUES (${library}, ${user}, 'Lease', 'a', 'a') RETURNING id`,
  );
  const flow = await one(sql<{ id: string }>`INSERT INTO flows (library_id, owner_id) VALUES (${library}, ${user}) RETURNING id`);
  const background = await one(sql<{ id: string }>`INSERT INTO background_agents (library_id, owner_id) VALUES (${library}, ${user}) RETURNING id`);
  const set = await one(
    sql<{ id: string }>`INSERT INTO agent_test_sets (library_id, agent_id, name) VALUES (${library}, ${agent}, 'Lease') RETURNING id`,
  );
  return {
    agent_runs: await one(
      sql<{
        id: string;
      }>`INSERT INTO agent_runs (library_id, agent_id, agent_name, source, status, lease_owner, lease_expires_at) VALUES (${library}, ${agent}, 'a', 'api', 'running', ${lease}) RETURNING id`,
    ),
    mission_runs: await one(
      sql<{
        id: string;
      }>`INSERT INTO mission_runs (mission_id, library_id, user_id, trigger, status, started_at, lease_owner, lease_expires_at) VALUES (${mission}, ${library}, ${user}, 'manual', 'running', now(), ${lease}) RETURNING id`,
    ),
    flow_runs: await one(
      sql<{
        id: string;
      }>`INSERT INTO flow_runs (flow_id, library_id, owner_id, trigger, status, started_at, lease_owner, lease_expires_at) VALUES (${flow}, ${library}, ${user}, 'manual', 'running', now(), ${lease}) RETURNING id`,
    ),
    background_runs: await one(
      sql<{
        id: string;
      }>`INSERT INTO background_runs (agent_id, library_id, owner_id, trigger, status, started_at, lease_owner, lease_expires_at) VALUES (${background}, ${library}, ${user}, 'manual', 'running', now(), ${lease}) RETURNING id`,
    ),
    agent_test_runs: await one(
      sql<{
        id: string;
      }>`INSERT INTO agent_test_runs (library_id, test_set_id, agent_id, status, lease_owner, lease_expires_at) VALUES (${library}, ${set}, ${agent}, 'running', ${lease}) RETURNING id`,
    ),
  };
}

async function statusOf(db: Kysely<DB>, table: LeasedTable, id: string) {
  const { rows } = await sql<{
    status: string;
    error: string | null;
    finished_at: Date | null;
  }>`SELECT status, error, finished_at FROM ${sql.table(table)} WHERE id = ${id}`.execute(db);
  return rows[0];
}

function leaseSuite(name: string, open: () => Promise<Database>) {
  describe(name, () => {
    let database: Database;
    beforeAll(async () => {
      database = await open();
    }, 120_000);
    afterAll(() => database?.close());

    it('fails every kind of run whose process is gone after the sweep, and leaves the runs of a live process running', async () => {
      const { db } = database;
      const fast = { ttlMs: 3000, renewMs: 200, sweepMs: 60_000 };
      // two processes lease their runs; one dies (kill -9 leaves nothing behind: it just stops renewing)
      const dead = createRunLeases({ db, timing: fast });
      const live = createRunLeases({ db, timing: fast });
      await live.start();
      const lost = await runningRuns(db, dead);
      const kept = await runningRuns(db, live);
      // a run of an older version, without a lease, started long ago
      const unleased = await runningRuns(db);
      await sql`UPDATE agent_runs SET started_at = now() - interval '2 hours' WHERE id = ${unleased.agent_runs}`.execute(db);
      await sql`UPDATE flow_runs SET started_at = now() - interval '2 hours' WHERE id = ${unleased.flow_runs}`.execute(db);
      for (const table of LEASED_TABLES) {
        dead.hold(table, lost[table]);
        live.hold(table, kept[table]);
      }
      await dead.stop();

      // while the leases last only the old unleased runs are swept
      expect(await live.sweep()).toEqual([
        { table: 'agent_runs', id: unleased.agent_runs },
        { table: 'flow_runs', id: unleased.flow_runs },
      ]);
      await sleep(3500);

      const swept = await live.sweep();
      expect(swept).toEqual(LEASED_TABLES.map((table) => ({ table, id: lost[table] })));
      for (const table of LEASED_TABLES) {
        expect(await statusOf(db, table, lost[table])).toMatchObject({ status: 'failed', error: RUN_INTERRUPTED, finished_at: expect.any(Date) });
        expect(await statusOf(db, table, kept[table])).toMatchObject({ status: 'running', error: null });
      }
      // the flow counts its failed run like any finished run
      const { rows } = await sql<{
        execution_count: number;
      }>`SELECT f.execution_count FROM flows f JOIN flow_runs r ON r.flow_id = f.id WHERE r.id = ${lost.flow_runs}`.execute(db);
      expect(rows[0].execution_count).toBe(1);
      await live.stop();
    });

    it('lets a run finish within the shutdown grace, and marks the one past it as interrupted, saying so in the log', async () => {
      const { db } = database;
      const lines: string[] = [];
      const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`WARN ${m}`), error: silentLog.error };

      // within the grace: the run finishes and is recorded as it ended
      const quick = createRunLeases({ db, log });
      const first = await runningRuns(db, quick);
      const lease = quick.hold('flow_runs', first.flow_runs);
      setTimeout(() => {
        void sql`UPDATE flow_runs SET status = 'succeeded', finished_at = now() WHERE id = ${first.flow_runs}`
          .execute(db)
          .then(() => lease.release());
      }, 300);
      const calm = await drain({ close: async () => undefined, stopJobs: async () => undefined, leases: quick, log }, 5_000);
      expect(calm).toEqual({ drained: true, cut: [] });
      expect(await statusOf(db, 'flow_runs', first.flow_runs)).toMatchObject({ status: 'succeeded', error: null });
      expect(lines.at(-1)).toMatch(/^Shutdown: everything finished in \d+\.\d s$/);

      // past the grace: the run that still works is cut and marked, and the log names it
      const slow = createRunLeases({ db, log });
      const second = await runningRuns(db, slow);
      slow.hold('agent_runs', second.agent_runs);
      const started = Date.now();
      const cut = await drain({ close: async () => undefined, stopJobs: async () => undefined, leases: slow, log }, 500);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(cut).toEqual({ drained: false, cut: [{ table: 'agent_runs', id: second.agent_runs }] });
      expect(await statusOf(db, 'agent_runs', second.agent_runs)).toMatchObject({ status: 'failed', error: RUN_INTERRUPTED });
      expect(lines.at(-1)).toBe(
        `WARN Shutdown cut 1 run: agent run ${second.agent_runs} after ${lines.at(-1)!.match(/after (\d+\.\d) s/)![1]} s: marked failed as interrupted`,
      );

      // a request still open past the grace is named too (method, route, request id)
      const third = createRunLeases({ db, log });
      const hung = new Promise<void>(() => undefined);
      const cutRequests = await drain(
        { close: () => hung, stopJobs: async () => undefined, leases: third, openRequests: () => ['POST /api/v1/agent/invoke (request req-7)'], log },
        300,
      );
      expect(cutRequests).toEqual({ drained: false, cut: [] });
      expect(lines.at(-1)).toMatch(/^WARN Shutdown cut 1 open request after \d+\.\d s: POST \/api\/v1\/agent\/invoke \(request req-7\)$/);
    });
  });
}

leaseSuite('run leases on PGlite', () => openSeededDatabase());

(postgres ? leaseSuite : describe.skip)('run leases on PostgreSQL', async () => {
  const database = await openDatabase({ kind: 'postgres', url: postgres!.url });
  await createAdministrator(database, {
    environment: 'prod',
    library: 'main',
    email: 'ops@example.com',
    password: 'a-long-enough-secret',
    name: 'Ops',
  });
  return database;
});

afterAll(async () => {
  await postgres?.stop();
});
