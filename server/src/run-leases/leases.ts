// Run leases: no run stays "running" after its process is gone.
//
// A process holds a lease on each run it carries (agent runs, mission runs, flow runs, background runs,
// test set runs): `lease_owner` (this process) and `lease_expires_at`, written by the very statement that
// marks the run running (`leaseColumns`; a lease written afterwards left a window where a kill -9 left a
// running row with no lease, which only the unleased grace of an hour would sweep), then renewed every
// `renewMs` while the run works. A run whose lease expired lost its process (kill -9, a crash, a shutdown that cut it): a
// sweep — when the process starts, then every `sweepMs`, on every process — marks it failed with
// RUN_INTERRUPTED. A graceful shutdown marks what it could not finish the same way at once
// (`interruptAll`). A job-backed run (missions, background agents) that pg-boss retries afterwards
// continues the same row.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import type { SchedulerLog } from '../scheduler/index.js';

export const RUN_INTERRUPTED = 'The server stopped while this ran.';

export const LEASED_TABLES = ['agent_runs', 'mission_runs', 'flow_runs', 'background_runs', 'agent_test_runs'] as const;
export type LeasedTable = (typeof LEASED_TABLES)[number];

/** How each table's run is named in the log. */
const KIND: Record<LeasedTable, string> = {
  agent_runs: 'agent run',
  mission_runs: 'mission run',
  flow_runs: 'flow run',
  background_runs: 'background run',
  agent_test_runs: 'test set run',
};

/** A run without a lease (started by a version before leases, or in the moment before its first one) counts as lost after this. */
const UNLEASED_GRACE = '1 hour';

export interface RunLeaseTiming {
  /** How long a lease lasts without renewal (default 60 s). */
  ttlMs?: number;
  /** How often held leases are renewed (default 15 s; well under ttlMs). */
  renewMs?: number;
  /** How often expired leases are swept (default 30 s). */
  sweepMs?: number;
}

export interface CutRun {
  table: LeasedTable;
  id: string;
}

export interface Lease {
  /** The run finished (its own status is written): stop renewing. */
  release(): void;
}

/** What starting a run needs of the leases: the lease to write with the run, and holding it afterwards. */
export interface LeaseHolder {
  /** This process in lease_owner; null: runs carry no lease (tests of one area, tools). */
  readonly owner: string | null;
  /** How long a lease lasts without renewal. */
  readonly ttlSeconds: number;
  /** Renews the lease of a run this process now carries (its start wrote it: `leaseColumns`) until release. */
  hold(table: LeasedTable, id: string): Lease;
}

export interface RunLeases extends LeaseHolder {
  /** This process in lease_owner: host, pid and a random part. */
  readonly owner: string;
  /** The runs this process carries now. */
  held(): CutRun[];
  /** Resolves true once nothing is held, false when `timeoutMs` passed first. */
  whenIdle(timeoutMs: number): Promise<boolean>;
  /** Fails every running run whose lease expired; answers what it failed. */
  sweep(): Promise<CutRun[]>;
  /** Fails the runs this process still carries (a shutdown past its grace); answers them. */
  interruptAll(): Promise<CutRun[]>;
  /** Sweeps now, then renews and sweeps on timers. */
  start(): Promise<void>;
  /** Stops the timers (nothing is failed). */
  stop(): Promise<void>;
}

/** "3 runs: agent run 1a2b…, flow run 3c4d…" */
export function describeRuns(runs: readonly CutRun[]): string {
  if (runs.length === 0) return 'no runs';
  return `${runs.length} ${runs.length === 1 ? 'run' : 'runs'}: ${runs.map((r) => `${KIND[r.table]} ${r.id}`).join(', ')}`;
}

/** The columns a failed run gets, per table (each records its end differently). */
function failedSet(table: LeasedTable): RawBuilder<unknown> {
  const message = sql.lit(RUN_INTERRUPTED);
  switch (table) {
    case 'agent_runs':
      return sql`status = 'failed', error = ${message}, finished_at = now(), duration_ms = (extract(epoch FROM now() - started_at) * 1000)::int`;
    case 'flow_runs':
    case 'background_runs':
      return sql`status = 'failed', error = ${message}, finished_at = now(), duration_ms = (extract(epoch FROM now() - coalesce(started_at, created_at)) * 1000)::int`;
    case 'mission_runs':
    case 'agent_test_runs':
      return sql`status = 'failed', error = ${message}, finished_at = now()`;
  }
}

/** When a run began, for the unleased grace. */
function startedColumn(table: LeasedTable): RawBuilder<unknown> {
  if (table === 'agent_runs') return sql`started_at`;
  if (table === 'agent_test_runs') return sql`created_at`;
  return sql`coalesce(started_at, created_at)`;
}

/**
 * Fails the matching rows of `table` with RUN_INTERRUPTED; a flow's counters count its failed runs (as a
 * finished run does). One statement per table.
 */
async function failRuns(db: Kysely<DB>, table: LeasedTable, where: RawBuilder<unknown>): Promise<string[]> {
  const update = sql`UPDATE ${sql.table(table)} SET ${failedSet(table)} WHERE status = 'running' AND (${where})`;
  if (table === 'flow_runs') {
    const { rows } = await sql<{ id: string }>`
      WITH failed AS (${update} RETURNING id, flow_id),
      counted AS (
        UPDATE public.flows f
        SET success_rate = round((f.success_rate * f.execution_count) / (f.execution_count + n.runs), 2),
            execution_count = f.execution_count + n.runs
        FROM (SELECT flow_id, count(*)::int AS runs FROM failed GROUP BY flow_id) n
        WHERE f.id = n.flow_id
      )
      SELECT id FROM failed`.execute(db);
    return rows.map((r) => r.id);
  }
  const { rows } = await sql<{ id: string }>`${update} RETURNING id`.execute(db);
  return rows.map((r) => r.id);
}

export function createRunLeases(deps: { db: Kysely<DB>; log?: SchedulerLog; timing?: RunLeaseTiming }): RunLeases {
  const { db } = deps;
  const log = deps.log;
  const ttlMs = deps.timing?.ttlMs ?? 60_000;
  const renewMs = deps.timing?.renewMs ?? 15_000;
  const sweepMs = deps.timing?.sweepMs ?? 30_000;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const holding = new Map<LeasedTable, Set<string>>(LEASED_TABLES.map((t) => [t, new Set<string>()]));
  let renewTimer: ReturnType<typeof setInterval> | undefined;
  let sweepTimer: ReturnType<typeof setInterval> | undefined;
  const idleWaiters = new Set<() => void>();

  const count = () => [...holding.values()].reduce((n, ids) => n + ids.size, 0);

  async function renew(table: LeasedTable, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      UPDATE ${sql.table(table)}
      SET lease_owner = ${owner}, lease_expires_at = now() + make_interval(secs => ${ttlMs / 1000})
      WHERE id = ANY(${ids}::uuid[]) AND status IN ('queued', 'running')`.execute(db);
  }

  async function renewAll(tables: Map<LeasedTable, Set<string>>): Promise<void> {
    for (const [table, ids] of tables) {
      try {
        await renew(table, [...ids]);
      } catch (error) {
        log?.error(error, `Renewing the leases of ${ids.size} ${KIND[table]}s failed`);
      }
    }
  }

  async function sweepWhere(where: (table: LeasedTable) => RawBuilder<unknown> | null): Promise<CutRun[]> {
    const cut: CutRun[] = [];
    for (const table of LEASED_TABLES) {
      const condition = where(table);
      if (!condition) continue;
      const ids = await failRuns(db, table, condition);
      cut.push(...ids.map((id) => ({ table, id })));
    }
    return cut;
  }

  const leases: RunLeases = {
    owner,
    ttlSeconds: ttlMs / 1000,
    hold(table, id) {
      holding.get(table)!.add(id);
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          holding.get(table)!.delete(id);
          if (count() === 0) for (const wake of idleWaiters) wake();
        },
      };
    },
    held() {
      return [...holding].flatMap(([table, ids]) => [...ids].map((id) => ({ table, id })));
    },
    whenIdle(timeoutMs) {
      if (count() === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (idle: boolean) => {
          clearTimeout(timer);
          idleWaiters.delete(wake);
          resolve(idle);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        idleWaiters.add(wake);
      });
    },
    async sweep() {
      const cut = await sweepWhere(
        (table) =>
          sql`lease_expires_at < now() OR (lease_expires_at IS NULL AND ${startedColumn(table)} < now() - ${sql.lit(UNLEASED_GRACE)}::interval)`,
      );
      if (cut.length > 0) log?.warn(`Marked ${describeRuns(cut)} as failed: their server stopped while they ran (lease expired)`);
      return cut;
    },
    async interruptAll() {
      const mine = new Map([...holding].map(([table, ids]) => [table, [...ids]]));
      const cut = await sweepWhere((table) => {
        const ids = mine.get(table) ?? [];
        return ids.length > 0 ? sql`id = ANY(${ids}::uuid[])` : null;
      });
      for (const run of cut) holding.get(run.table)!.delete(run.id);
      return cut;
    },
    async start() {
      await leases.sweep().catch((error: unknown) => log?.error(error, 'Sweeping runs whose server stopped failed'));
      renewTimer ??= setInterval(() => void renewAll(new Map(holding)), renewMs);
      renewTimer.unref();
      sweepTimer ??= setInterval(
        () => void leases.sweep().catch((error: unknown) => log?.error(error, 'Sweeping runs whose server stopped failed')),
        sweepMs,
      );
      sweepTimer.unref();
    },
    async stop() {
      clearInterval(renewTimer);
      clearInterval(sweepTimer);
      renewTimer = sweepTimer = undefined;
    },
  };
  return leases;
}

/** For callers that carry no runs across processes (tests of one area, tools). */
export const noLeases: LeaseHolder = { owner: null, ttlSeconds: 0, hold: () => ({ release: () => undefined }) };

/**
 * The lease columns for the statement that marks a run running (set or values), so that no running row
 * is ever without its lease: nothing when the caller carries no leases.
 */
export function leaseColumns(leases: LeaseHolder): { lease_owner?: string; lease_expires_at?: RawBuilder<Date> } {
  if (!leases.owner) return {};
  return { lease_owner: leases.owner, lease_expires_at: sql<Date>`now() + make_interval(secs => ${leases.ttlSeconds})` };
}
