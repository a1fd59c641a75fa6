// Agents stored per library, unique by name; every save is a version (history and restore).
import { AGENT_CATEGORIES, AGENT_STATUSES, agentSaveRequestSchema, type AgentConfig, type AgentListItem } from '@accent/agents-common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { inTransaction, toIso, toJson } from '../db/values.js';
// the runtime's cache of saved agents forgets an agent on every write (in this and other processes)
import { agentChanged } from '../runtime/agent-cache.js';

export interface SavedAgent {
  name: string;
  version: number;
}

export interface AgentVersionInfo {
  version: number;
  created_at: string;
  /** email of the user who saved it; empty when that user was deleted */
  created_by: string;
}

/** Size shown on the dashboard: the stored configuration in KB, rounded up, at least 1. */
const sizeKb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/**
 * Configurations saved by an older server may lack fields added since; reading them through the save
 * schema fills the defaults. A stored config that no longer validates is returned as stored.
 */
function readConfig(stored: AgentConfig, name: string): AgentConfig {
  const parsed = agentSaveRequestSchema.safeParse(stored);
  return { ...(parsed.success ? parsed.data : stored), name };
}

/** The editor metadata the dashboard cards show, when the stored config has valid values. */
function cardFields(r: { category: string | null; avatar: string | null; status: string | null; tools: unknown; chatbot: boolean | null }): Partial<AgentListItem> {
  const out: Partial<AgentListItem> = {};
  if ((AGENT_CATEGORIES as readonly string[]).includes(r.category ?? '')) out.category = r.category as AgentListItem['category'];
  if (r.avatar) out.avatar = r.avatar;
  if ((AGENT_STATUSES as readonly string[]).includes(r.status ?? '')) out.status = r.status as AgentListItem['status'];
  if (Array.isArray(r.tools)) out.tools = r.tools.filter((t): t is string => typeof t === 'string');
  if (r.chatbot) out.chatbot = true;
  return out;
}

/**
 * A listed agent with the model providers its steps use (the route turns those into missingProviders)
 * and its stored settings (the route keeps only the agents the caller may open).
 */
export type ListedAgent = AgentListItem & { providers: string[]; settings: unknown };

export async function listAgents(db: Kysely<DB>, libraryId: string): Promise<ListedAgent[]> {
  const rows = await db
    .selectFrom('agents')
    .select([
      'name',
      sql<string>`coalesce(config->>'description', '')`.as('description'),
      sql<number>`octet_length(config::text)`.as('bytes'),
      sql<string | null>`config->>'category'`.as('category'),
      sql<string | null>`config->>'avatar'`.as('avatar'),
      sql<string | null>`config->>'status'`.as('status'),
      sql<string[] | null>`config->'tools'`.as('tools'),
      sql<boolean | null>`config->'chatbot'`.as('chatbot'),
      sql<boolean | null>`(config->>'chatbot')::boolean`.as('chatbot'),
      sql<string[] | null>`(select jsonb_agg(distinct s->'model'->>'provider') from jsonb_array_elements(case when jsonb_typeof(config->'steps') = 'array' then config->'steps' else '[]'::jsonb end) s where jsonb_typeof(s->'model'->'provider') = 'string')`.as('providers'),
      sql<unknown>`config->'settings'`.as('settings'),
      'created_at',
      'updated_at',
    ])
    .where('library_id', '=', libraryId)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    title: r.name,
    description: r.description,
    size: sizeKb(Number(r.bytes)),
    lastModDate: toIso(r.updated_at),
    importDate: toIso(r.created_at),
    ...cardFields(r),
    providers: r.providers ?? [],
    settings: r.settings,
  }));
}

/** What the runtime needs: the id (runs reference it), the version that ran, and the configuration. */
export async function getAgentForRun(db: Kysely<DB>, libraryId: string, name: string): Promise<{ id: string; version: number; config: AgentConfig } | undefined> {
  const row = await db
    .selectFrom('agents')
    .select(['id', 'config', 'current_version'])
    .where('library_id', '=', libraryId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { id: row.id, version: row.current_version, config: readConfig(row.config, name) };
}

export async function getAgent(db: Kysely<DB>, libraryId: string, name: string): Promise<(AgentConfig & { version: number }) | undefined> {
  const row = await db
    .selectFrom('agents')
    .select(['config', 'current_version'])
    .where('library_id', '=', libraryId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { ...readConfig(row.config, name), version: row.current_version };
}

/**
 * Creates or updates the agent named `config.name` and records the new version, in one transaction:
 * either both the agent and its version row are written or neither is.
 */
export async function saveAgent(db: Kysely<DB>, input: { libraryId: string; userId: string | null; config: AgentConfig }): Promise<SavedAgent> {
  const { libraryId, userId, config } = input;
  const json = toJson(config);
  return inTransaction(db, async (trx) => {
    // The upsert locks the row, so concurrent saves of one agent get consecutive versions.
    const agent = await trx
      .insertInto('agents')
      .values({ library_id: libraryId, name: config.name, config: json, current_version: 1, created_by: userId })
      .onConflict((oc) =>
        oc.columns(['library_id', 'name']).doUpdateSet({
          config: json,
          current_version: sql<number>`agents.current_version + 1`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning(['id', 'current_version'])
      .executeTakeFirstOrThrow();
    await trx.insertInto('agent_versions').values({ agent_id: agent.id, version: agent.current_version, config: json, created_by: userId }).execute();
    await agentChanged(trx, libraryId, config.name);
    return { name: config.name, version: agent.current_version };
  });
}

export async function deleteAgent(db: Kysely<DB>, libraryId: string, name: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const deleted = await trx.deleteFrom('agents').where('library_id', '=', libraryId).where('name', '=', name).returning('id').executeTakeFirst();
    if (deleted) await agentChanged(trx, libraryId, name);
    return deleted !== undefined;
  });
}

/** Newest first; undefined when the agent does not exist in this library. */
export async function listVersions(db: Kysely<DB>, libraryId: string, name: string): Promise<AgentVersionInfo[] | undefined> {
  const agent = await findAgentId(db, libraryId, name);
  if (!agent) return undefined;
  const rows = await db
    .selectFrom('agent_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.version', 'v.created_at', 'u.email'])
    .where('v.agent_id', '=', agent.id)
    .orderBy('v.version', 'desc')
    .execute();
  return rows.map((r) => ({ version: r.version, created_at: toIso(r.created_at), created_by: r.email ?? '' }));
}

export async function getVersion(db: Kysely<DB>, libraryId: string, name: string, version: number): Promise<(AgentConfig & { version: number }) | undefined> {
  const row = await db
    .selectFrom('agent_versions as v')
    .innerJoin('agents as a', 'a.id', 'v.agent_id')
    .select(['v.config', 'v.version'])
    .where('a.library_id', '=', libraryId)
    .where('a.name', '=', name)
    .where('v.version', '=', version)
    .executeTakeFirst();
  return row && { ...readConfig(row.config, name), version: row.version };
}

/** Saves an older version's configuration as the newest version (history is never rewritten). */
export async function restoreVersion(db: Kysely<DB>, input: { libraryId: string; userId: string; name: string; version: number }): Promise<SavedAgent | undefined> {
  return inTransaction(db, async (trx) => {
    const old = await getVersion(trx, input.libraryId, input.name, input.version);
    if (!old) return undefined;
    const { version: _version, ...config } = old;
    return saveAgent(trx, { libraryId: input.libraryId, userId: input.userId, config });
  });
}

function findAgentId(db: Kysely<DB>, libraryId: string, name: string) {
  return db.selectFrom('agents').select('id').where('library_id', '=', libraryId).where('name', '=', name).executeTakeFirst();
}
