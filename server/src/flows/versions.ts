// Flow versions (migration 027): a snapshot of the saved flow — its settings (name, description, tags) and
// graph — taken when the builder names a version, when the flow is deployed, and when a version is
// restored. Auto-saves are not versions. Restoring puts a version's settings and graph back into the
// flow and records that as a new version, so history is only ever appended to.
import { FLOW_VERSION_TEXTS, type FlowVersion, type FlowVersionKind } from '@accent/flows-common';
import { sql, type ColumnType, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { inTransaction, toIso, toJson } from '../db/values.js';
import { HttpError } from '../http/errors.js';
import { withFlowTables, type FlowsDB } from './tables.js';

export interface FlowVersionsTable {
  id: ColumnType<string, string | undefined, never>;
  flow_id: string;
  library_id: string;
  number: number;
  kind: FlowVersionKind;
  label: string;
  flow_name: string;
  description: string;
  tags: string[];
  flow_data: ColumnType<unknown, string, never>;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
}

type VersionsDB = FlowsDB & { flow_versions: FlowVersionsTable };
const withVersions = (db: Kysely<DB> | Transaction<DB>) => withFlowTables(db as Kysely<DB>) as unknown as Kysely<VersionsDB>;

/** How many nodes a stored graph has (the flows row keeps the count for the dashboard). */
const nodeCountOf = (flowData: unknown) => {
  const nodes = (flowData as { nodes?: unknown } | null)?.nodes;
  return Array.isArray(nodes) ? nodes.length : 0;
};

/**
 * Appends a version with the flow's current saved state. The flow row is locked first, so two versions of
 * one flow made at once get consecutive numbers. Give it the transaction of a change when there is one.
 */
export async function recordFlowVersion(trx: Kysely<DB> | Transaction<DB>, input: { flowId: string; kind: FlowVersionKind; label: string; userId: string | null }): Promise<number> {
  const db = withVersions(trx);
  const flow = await db.selectFrom('flows').select(['id', 'library_id', 'name', 'description', 'tags', 'flow_data']).where('id', '=', input.flowId).forUpdate().executeTakeFirstOrThrow();
  const last = await db.selectFrom('flow_versions').select(sql<number>`coalesce(max(number), 0)`.as('n')).where('flow_id', '=', flow.id).executeTakeFirstOrThrow();
  const number = Number(last.n) + 1;
  await db
    .insertInto('flow_versions')
    .values({
      flow_id: flow.id,
      library_id: flow.library_id,
      number,
      kind: input.kind,
      label: input.label,
      flow_name: flow.name,
      description: flow.description,
      tags: flow.tags,
      flow_data: toJson(flow.flow_data),
      created_by: input.userId,
    })
    .execute();
  return number;
}

export async function listFlowVersions(database: Kysely<DB>, flowId: string): Promise<FlowVersion[]> {
  const rows = await withVersions(database)
    .selectFrom('flow_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.number', 'v.kind', 'v.label', 'v.flow_name', 'v.description', 'v.tags', 'v.flow_data', 'v.created_at', 'u.email'])
    .where('v.flow_id', '=', flowId)
    .orderBy('v.number', 'desc')
    .execute();
  return rows.map((r) => ({
    number: r.number,
    kind: r.kind,
    label: r.label,
    name: r.flow_name,
    description: r.description,
    tags: r.tags,
    flow_data: r.flow_data,
    created_by: r.email ?? '',
    created_at: toIso(r.created_at),
  }));
}

/** Puts version `number` back into the flow and records "Restored from version N (label)" as a new version. */
export async function restoreFlowVersion(database: Kysely<DB>, input: { flowId: string; number: number; userId: string }): Promise<{ number: number; restored: number }> {
  return inTransaction(database, async (trx) => {
    const db = withVersions(trx);
    const version = await db.selectFrom('flow_versions').selectAll().where('flow_id', '=', input.flowId).where('number', '=', input.number).executeTakeFirst();
    if (!version) throw new HttpError(404, FLOW_VERSION_TEXTS.versionNotFound);
    await db
      .updateTable('flows')
      .set({ name: version.flow_name, description: version.description, tags: version.tags, flow_data: toJson(version.flow_data), node_count: nodeCountOf(version.flow_data) })
      .where('id', '=', input.flowId)
      .execute();
    const number = await recordFlowVersion(trx, { flowId: input.flowId, kind: 'restored', label: FLOW_VERSION_TEXTS.restoredFrom(version.label, version.number), userId: input.userId });
    return { number, restored: version.number };
  });
}
