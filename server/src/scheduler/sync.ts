// Keeping a queue's pg-boss schedules equal to what a table says should run (missions, background
// agents): list the queue's schedules, remove those nobody wants, (re)create those that are missing or
// changed. Schedule keys allow [A-Za-z0-9_.-/] only: `scheduleKeyFor` makes one from any id.
import type { PgBoss, ScheduleOptions } from 'pg-boss';

export type BossSchedule = Awaited<ReturnType<PgBoss['getSchedules']>>[number];

/** A schedule a row asks for. */
export interface DesiredSchedule {
  cron: string;
  timezone: string;
  data: object;
  /** send options of each job (retries) */
  options?: Omit<ScheduleOptions, 'tz' | 'key'>;
}

/** A pg-boss schedule key for an id: the id itself when allowed, else a stable hash of it. */
export function scheduleKeyFor(id: string, prefix: string): string {
  if (/^[\w.\-/]+$/.test(id) && id.length <= 200) return id;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (const char of id) {
    const code = char.codePointAt(0)!;
    h1 = Math.imul(h1 ^ code, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ code, 0x5bd1e995) >>> 0;
  }
  return `${prefix}-${h1.toString(16)}${h2.toString(16)}`;
}

/** Every schedule of a queue (pages of 1000). */
export async function listSchedules(boss: PgBoss, queue: string): Promise<BossSchedule[]> {
  const page = 1000;
  const out: BossSchedule[] = [];
  let after: { name: string; key: string } | undefined;
  for (;;) {
    const rows = await boss.getSchedules(queue, undefined, { limit: page, ...(after ? { after } : {}) });
    out.push(...rows);
    if (rows.length < page) return out;
    after = { name: rows[rows.length - 1].name, key: rows[rows.length - 1].key };
  }
}

/** JSON equality regardless of key order (jsonb stores keys sorted). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value ?? null;
}
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * Makes `existing` (schedules of `queue`, already narrowed to the rows this pass looked at) equal to
 * `desired` (key → schedule). Returns the keys created or changed, the keys removed, and the keys pg-boss
 * refused (with its reason) for the caller to report.
 */
export async function syncSchedules(
  boss: PgBoss,
  queue: string,
  existing: readonly BossSchedule[],
  desired: ReadonlyMap<string, DesiredSchedule>,
): Promise<{ scheduled: string[]; unscheduled: string[]; failed: { key: string; reason: string }[] }> {
  const scheduled: string[] = [];
  const unscheduled: string[] = [];
  // one schedule pg-boss refuses (a cron or time zone it reads differently) must not keep the others from theirs
  const failed: { key: string; reason: string }[] = [];
  const have = new Map(existing.map((s) => [s.key, s]));
  for (const s of existing) {
    if (desired.has(s.key)) continue;
    await boss.unschedule(queue, s.key);
    unscheduled.push(s.key);
  }
  for (const [key, want] of desired) {
    const current = have.get(key);
    if (current && current.cron === want.cron && current.timezone === want.timezone && sameJson(current.data, want.data)) {
      const { tz: _tz, key: _key, missed: _missed, ...sendOptions } = (current.options ?? {}) as ScheduleOptions;
      if (sameJson(sendOptions, want.options ?? {})) continue;
    }
    try {
      await boss.schedule(queue, want.cron, want.data, { ...want.options, tz: want.timezone, key });
      scheduled.push(key);
    } catch (error) {
      failed.push({ key, reason: (error as Error).message });
    }
  }
  return { scheduled, unscheduled, failed };
}

/**
 * `work`, one call at a time in this process, in call order: a reconcile never races another here
 * (other processes do the same work idempotently). A failed call does not stop the ones after it.
 */
export function oneAtATime<A extends unknown[], R>(work: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let chain: Promise<unknown> = Promise.resolve();
  return (...args) => {
    const next = chain.then(() => work(...args));
    chain = next.catch(() => undefined);
    return next;
  };
}
