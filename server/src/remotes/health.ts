// What browsers report about the remote versions they load, and the automatic rollback of a failing
// canary: once a canary has CANARY_MIN_REPORTS reports and at least CANARY_FAILURE_THRESHOLD of them are
// failures, it stops being served, the version is marked withdrawn and the registry's audit trail says why
// (Admin → Remotes shows it to admins).
import { REMOTE_TITLES, type RemoteId } from '@accent/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Share of a canary's reported loads that may fail before it is rolled back. */
export const CANARY_FAILURE_THRESHOLD = 0.25;
/** Reports a canary needs before it is judged (one unlucky page load is not a verdict). */
export const CANARY_MIN_REPORTS = 4;

export type HealthOutcome = 'loaded' | 'load-failed' | 'render-failed';

export const HEALTH_MESSAGES = {
  rolledBack: (id: RemoteId, version: string, failed: number, total: number) =>
    `Canary ${REMOTE_TITLES[id]} ${version} was rolled back automatically: ${failed} of ${total} loads failed (limit ${Math.round(CANARY_FAILURE_THRESHOLD * 100)}%).`,
} as const;

export interface HealthReport {
  reference: string;
  id: RemoteId;
  version: string;
  outcome: HealthOutcome;
  message: string | null;
  userId: string | null;
}

/** Stores one report; a failure of the canary may roll it back. Returns whether it did. */
export async function recordHealth(db: Kysely<DB>, report: HealthReport): Promise<{ rolledBack: boolean }> {
  await db
    .insertInto('remote_health')
    .values({ id: report.reference, remote_id: report.id, version: report.version, outcome: report.outcome, message: report.message, user_id: report.userId })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (report.outcome === 'loaded') return { rolledBack: false };
  return db.transaction().execute(async (trx) => {
    const channel = await trx.selectFrom('remote_channels').selectAll().where('remote_id', '=', report.id).forUpdate().executeTakeFirst();
    if (!channel || channel.canary_version !== report.version) return { rolledBack: false };
    const counts = await trx
      .selectFrom('remote_health')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE outcome <> 'loaded')`.as('failed')])
      .where('remote_id', '=', report.id)
      .where('version', '=', report.version)
      .executeTakeFirstOrThrow();
    const total = Number(counts.total);
    const failed = Number(counts.failed);
    if (total < CANARY_MIN_REPORTS || failed / total < CANARY_FAILURE_THRESHOLD) return { rolledBack: false };
    await trx.updateTable('remote_channels').set({ canary_version: null, canary_percent: null, updated_at: sql<Date>`now()` }).where('remote_id', '=', report.id).execute();
    await trx.updateTable('remote_versions').set({ withdrawn: true }).where('remote_id', '=', report.id).where('version', '=', report.version).execute();
    await trx
      .insertInto('remote_events')
      .values({ remote_id: report.id, action: 'canary-rolled-back', version: report.version, actor_id: null, detail: HEALTH_MESSAGES.rolledBack(report.id, report.version, failed, total) })
      .execute();
    return { rolledBack: true };
  });
}
