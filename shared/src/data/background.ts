// Background agents storage (spec 02 §2.3–2.4, §3.5–3.6): table operations on `background_agents`
// through the page's data client (the gateway's PostgREST protocol). The id (when not given), library_id,
// owner_id and the timestamps are filled by the database: a save never sends them.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  backgroundAgentToRow,
  backgroundConfigFromRow,
  BACKGROUND_AGENT_STATUSES,
  DEFAULT_BACKGROUND_ICON,
  type BackgroundAgentCard,
  type BackgroundAgentConfig,
  type BackgroundAgentStatus,
} from '../domain/background.js';
import { getDataClient } from './client.js';
import { attempt, databaseError, NOT_FOUND_CODE, strict, type DataClientSource } from './query.js';

export const BACKGROUND_AGENTS_TABLE = 'background_agents';
/** The columns of the dashboard's list. */
export const BACKGROUND_LIST_COLUMNS = 'id, name, icon, description, category, status, created_at, updated_at';

/** A dashboard card with its timestamps. */
export interface BackgroundAgentSummary extends BackgroundAgentCard {
  createdAt: string;
  updatedAt: string;
}

/** One stored agent as the editor opens it: the configuration parsed with defaults and normalized (§4.4). */
export interface StoredBackgroundAgent {
  id: string;
  status: BackgroundAgentStatus;
  config: BackgroundAgentConfig;
  createdAt: string;
  updatedAt: string;
}

export interface BackgroundAgentsService {
  /** the cards, most recently updated first. Raises `database error: …`. */
  listAgents(): Promise<BackgroundAgentSummary[]>;
  /** null when there is none (PGRST116) */
  getAgent(id: string): Promise<StoredBackgroundAgent | null>;
  /** a new row (the database picks the id) with the given status */
  insertAgent(config: BackgroundAgentConfig, status: BackgroundAgentStatus): Promise<StoredBackgroundAgent>;
  updateAgent(id: string, config: BackgroundAgentConfig, status: BackgroundAgentStatus): Promise<StoredBackgroundAgent>;
  /** the editor's save: updates when an id is given, inserts otherwise */
  saveAgent(config: BackgroundAgentConfig, status: BackgroundAgentStatus, id?: string | null): Promise<StoredBackgroundAgent>;
  deleteAgent(id: string): Promise<void>;
  /** a copy named "{name} (Copy)", status draft; null when the original is gone */
  duplicateAgent(id: string): Promise<StoredBackgroundAgent | null>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const status = (v: unknown): BackgroundAgentStatus => ((BACKGROUND_AGENT_STATUSES as readonly unknown[]).includes(v) ? (v as BackgroundAgentStatus) : 'draft');

/** A list row (snake_case) as a dashboard card. */
export function backgroundSummaryFromRow(row: Record<string, unknown>): BackgroundAgentSummary {
  return {
    id: str(row.id),
    name: str(row.name),
    icon: str(row.icon) || DEFAULT_BACKGROUND_ICON,
    description: str(row.description),
    category: str(row.category),
    status: status(row.status),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
  };
}

/** A full stored row (lenient: a row written by an older client still opens). */
export function storedBackgroundAgentFromRow(row: Record<string, unknown>): StoredBackgroundAgent {
  const s = status(row.status);
  return {
    id: str(row.id),
    status: s,
    config: backgroundConfigFromRow({ name: str(row.name), icon: str(row.icon), description: str(row.description), category: str(row.category), status: s, config: row.config }),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
  };
}

export function createBackgroundAgentsService(source: DataClientSource = getDataClient): BackgroundAgentsService {
  const table = (client: SupabaseClient) => client.from(BACKGROUND_AGENTS_TABLE);

  const service: BackgroundAgentsService = {
    async listAgents() {
      const data = await strict(source, (c) => table(c).select(BACKGROUND_LIST_COLUMNS).order('updated_at', { ascending: false }));
      return Array.isArray(data) ? data.map((r) => backgroundSummaryFromRow(r as Record<string, unknown>)) : [];
    },

    async getAgent(id) {
      const { data, error } = await attempt(source, (c) => table(c).select('*').eq('id', id).single());
      if (error) {
        if (error.code === NOT_FOUND_CODE) return null;
        throw databaseError(error);
      }
      return data ? storedBackgroundAgentFromRow(data as Record<string, unknown>) : null;
    },

    async insertAgent(config, s) {
      const row = await strict(source, (c) => table(c).insert(backgroundAgentToRow(config, s)).select().single());
      return storedBackgroundAgentFromRow(row as Record<string, unknown>);
    },

    async updateAgent(id, config, s) {
      const row = await strict(source, (c) => table(c).update(backgroundAgentToRow(config, s)).eq('id', id).select().single());
      return storedBackgroundAgentFromRow(row as Record<string, unknown>);
    },

    saveAgent(config, s, id) {
      return id ? service.updateAgent(id, config, s) : service.insertAgent(config, s);
    },

    async deleteAgent(id) {
      await strict(source, (c) => table(c).delete().eq('id', id));
    },

    async duplicateAgent(id) {
      const original = await service.getAgent(id);
      if (!original) return null;
      return service.insertAgent({ ...original.config, name: `${original.config.name} (Copy)`, status: 'draft' }, 'draft');
    },
  };
  return service;
}

/** The background agents service on the page's data client. */
export const backgroundAgentsService: BackgroundAgentsService = createBackgroundAgentsService();
