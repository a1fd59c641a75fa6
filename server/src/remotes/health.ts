// What browsers report about the remote versions they load, and the automatic rollback of a failing
// canary. A report counts only from a signed-in user who is given that version (the canary's sticky share,
// or the current version for everyone else), and once per user, version and page load: each row is one
// visit, failed if anything of it failed. Once a canary has CANARY_MIN_REPORTS visits and at least
// CANARY_FAILURE_THRESHOLD of them failed, it stops being served, the version is marked withdrawn (when and
// why) and the registry's audit trail says so (Admin → Remotes shows it).
import { REMOTE_TITLES, type RemoteId } from '@accent/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { listRemotes, type RegistrySources } from './registry.js';

/** Share of a canary's visits that may fail before it is rolled back. */
export const CANARY_FAILURE_THRESHOLD = 0.25;
/** Visits a canary needs before it is judged (one unlucky page load is not a verdict). */
export const CANARY_MIN_REPORTS = 4;

export type HealthOutcome = 'loaded' | 'load-failed' | 'render-failed';

export const HEALTH_MESSAGES = {
  rolledBack: (id: RemoteId, version: string, failed: number, total: number) =>
    `Canary ${REMOTE_TITLES[id]} ${version} was rolled back automatically: ${failed} of ${total} visits failed (limit ${Math.round(CANARY_FAILURE_THRESHOLD * 100)}%).`,
} as const;

export interface HealthReport {
  reference: string;
  id: RemoteId;
  version: string;
  outcome: HealthOutcome;
  message: string | null;
  userId: string;
  /** the browser's id of the page load the report comes from */
  pageLoad: string;
}

/**
 * Stores one report of a user given that version (else it is not counted); a failure of the canary may
 * roll it back. The channel stays locked meanwhile, so who is given the version and the verdict read
 * the same state.
 */
export async function recordHealth(
  db: Kysely<DB>,
  report: HealthReport,
  sources: RegistrySources,
): Promise<{ counted: boolean; rolledBack: boolean }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('remote_channels').select('remote_id').where('remote_id', '=', report.id).forUpdate().executeTakeFirst();
    const served = (await listRemotes(trx, sources, report.userId)).find((r) => r.id === report.id);
    if (served?.version !== report.version) return { counted: false, rolledBack: false };
    await trx
      .insertInto('remote_health')
      .values({
        remote_id: report.id,
        version: report.version,
        user_id: report.userId,
        page_load: report.pageLoad,
        reference: report.reference,
        outcome: report.outcome,
        message: report.message,
      })
      // one visit: a failure replaces its load, nothing replaces a failure
      .onConflict((oc) =>
        oc
          .columns(['remote_id', 'version', 'user_id', 'page_load'])
          .doUpdateSet((eb) => ({
            outcome: eb.ref('excluded.outcome'),
            reference: eb.ref('excluded.reference'),
            message: eb.ref('excluded.message'),
          }))
          .where('remote_health.outcome', '=', 'loaded')
          .where('excluded.outcome', '<>', 'loaded'),
      )
      .execute();
    if (report.outcome === 'loaded' || served.channel !== 'canary') return { counted: true, rolledBack: false };
    const counts = await trx
      .selectFrom('remote_health')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE outcome <> 'loaded')`.as('failed')])
      .where('remote_id', '=', report.id)
      .where('version', '=', report.version)
      .executeTakeFirstOrThrow();
    const total = Number(counts.total);
    const failed = Number(counts.failed);
    if (total < CANARY_MIN_REPORTS || failed / total < CANARY_FAILURE_THRESHOLD) return { counted: true, rolledBack: false };
    const reason = HEALTH_MESSAGES.rolledBack(report.id, report.version, failed, total);
    await trx
      .updateTable('remote_channels')
      .set({ canary_version: null, canary_percent: null, updated_at: sql<Date>`now()` })
      .where('remote_id', '=', report.id)
      .execute();
    await trx
      .updateTable('remote_versions')
      .set({ withdrawn: true, withdrawn_at: sql<Date>`now()`, withdrawn_reason: reason })
      .where('remote_id', '=', report.id)
      .where('version', '=', report.version)
      .execute();
    await trx
      .insertInto('remote_events')
      .values({ remote_id: report.id, action: 'canary-rolled-back', version: report.version, actor_id: null, detail: reason })
      .execute();
    return { counted: true, rolledBack: true };
  });
}
