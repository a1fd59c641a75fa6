// Background agent versions (migration 027): the database keeps one on every save that changes an agent
// (trigger accent_background_agent_version), whoever saves it. Restoring puts a version's name, icon,
// description, category and configuration back — not its status, so a restore never publishes or pauses
// an agent — and the trigger records that save as a new version marked "Restored from version N".
import { BACKGROUND_VERSION_TEXTS, type BackgroundAgentVersion } from '@accent/background-common';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { inTransaction, toIso, toJson } from '../db/values.js';
import { HttpError } from '../http/errors.js';
import { withBackgroundTables, type BackgroundTables } from './tables.js';

export interface BackgroundAgentVersionsTable {
  id: ColumnType<string, never, never>;
  agent_id: string;
  library_id: string;
  number: number;
  note: string | null;
  name: string;
  icon: string;
  description: string;
  category: string;
  status: string;
  config: ColumnType<unknown, never, never>;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
}

type VersionsDB = DB & BackgroundTables & { background_agent_versions: BackgroundAgentVersionsTable };
const withVersions = (db: Kysely<DB>) => withBackgroundTables(db) as unknown as Kysely<VersionsDB>;

export async function listBackgroundVersions(database: Kysely<DB>, agentId: string): Promise<BackgroundAgentVersion[]> {
  const rows = await withVersions(database)
    .selectFrom('background_agent_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.number', 'v.note', 'v.name', 'v.icon', 'v.description', 'v.category', 'v.status', 'v.config', 'v.created_at', 'u.email'])
    .where('v.agent_id', '=', agentId)
    .orderBy('v.number', 'desc')
    .execute();
  return rows.map(({ email, created_at, ...r }) => ({ ...r, created_by: email ?? '', created_at: toIso(created_at) }));
}

export async function restoreBackgroundVersion(database: Kysely<DB>, input: { agentId: string; number: number; userId: string }): Promise<{ number: number; restored: number }> {
  return inTransaction(database, async (trx) => {
    const db = withVersions(trx as unknown as Kysely<DB>);
    const version = await db.selectFrom('background_agent_versions').selectAll().where('agent_id', '=', input.agentId).where('number', '=', input.number).executeTakeFirst();
    if (!version) throw new HttpError(404, BACKGROUND_VERSION_TEXTS.versionNotFound);
    // who restored it and why, for the version the trigger records (both last until the transaction ends)
    await sql`SELECT set_config('accent.version_by', ${input.userId}, true), set_config('accent.version_note', ${BACKGROUND_VERSION_TEXTS.restoredFrom(version.number)}, true)`.execute(trx);
    await db
      .updateTable('background_agents')
      .set({ name: version.name, icon: version.icon, description: version.description, category: version.category, config: toJson(version.config) })
      .where('id', '=', input.agentId)
      .execute();
    const latest = await db.selectFrom('background_agent_versions').select(sql<number>`max(number)`.as('n')).where('agent_id', '=', input.agentId).executeTakeFirstOrThrow();
    return { number: Number(latest.n), restored: version.number };
  });
}
