// Background agents storage (spec 02 §2.3–2.4, §3.5–3.6): table operations on `background_agents`
// through the page's data client (the gateway's PostgREST protocol). The id (when not given), library_id,
// owner_id and the timestamps are filled by the database: a save never sends them.
// Running (not in the spec): the runs and the results feed are read from `background_runs` the same way;
// run now, the dry run, the event trigger and the run's document go through the API client (/api/v1).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { api } from '@accent/shared/client';
import {
  backgroundAgentToRow,
  backgroundAgentVersionsResponseSchema,
  backgroundConfigFromRow,
  backgroundDeliverySchema,
  backgroundEventTriggerSchema,
  backgroundRunNowResponseSchema,
  backgroundSourceResultSchema,
  backgroundTestResultSchema,
  BACKGROUND_AGENT_STATUSES,
  BACKGROUND_OUTPUT_FORMATS,
  BACKGROUND_RUN_COLUMNS,
  BACKGROUND_RUN_STATUSES,
  BACKGROUND_RUN_TRIGGERS,
  DEFAULT_BACKGROUND_ICON,
  DEFAULT_BACKGROUND_OUTPUT_FORMAT,
  type BackgroundAgentCard,
  type BackgroundAgentConfig,
  type BackgroundAgentStatus,
  type BackgroundAgentVersion,
  type BackgroundDelivery,
  type BackgroundEventTrigger,
  type BackgroundOutputFormat,
  type BackgroundRunNowResponse,
  type BackgroundRunRow,
  type BackgroundRunStatus,
  type BackgroundRunTrigger,
  type BackgroundSourceResult,
  type BackgroundTestResult,
} from '@accent/background-common';
import { getDataClient } from '@accent/shared/data';
import { attempt, databaseError, NOT_FOUND_CODE, strict, type DataClientSource } from '@accent/shared/data';

export const BACKGROUND_AGENTS_TABLE = 'background_agents';
export const BACKGROUND_RUNS_TABLE = 'background_runs';
/** An agent's runs in the editor. */
export const BACKGROUND_RUNS_LIMIT = 50;
/** The dashboard's results feed. */
export const BACKGROUND_FEED_LIMIT = 20;
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

/** A run as listed (BACKGROUND_RUN_COLUMNS: without library_id and owner_id). */
export type BackgroundRun = Omit<BackgroundRunRow, 'library_id' | 'owner_id'>;

/** A run's formatted document, ready to be saved. */
export interface BackgroundDocument {
  blob: Blob;
  filename: string;
}

/** An MCP server's tools as the editor offers them (GET /api/v1/mcp-tools): `ref` is what mcpTools holds. */
export interface BackgroundMcpToolGroup {
  id: string;
  name: string;
  tools: { ref: string; name: string; label: string; description: string }[];
}
const mcpToolGroupsSchema = z.object({
  servers: z.array(z.object({ id: z.string(), name: z.string(), tools: z.array(z.object({ ref: z.string(), name: z.string(), label: z.string(), description: z.string() })) })),
});

export interface BackgroundAgentsService {
  /** the library's MCP servers and the tools an agent may attach */
  listMcpTools(): Promise<BackgroundMcpToolGroup[]>;
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
  /**
   * Pause (paused) or Resume (active) by hand: only the status changes; the server's schedules follow it
   * (a paused agent has none). Resolves with the card as stored.
   */
  setAgentStatus(id: string, status: Exclude<BackgroundAgentStatus, 'draft'>): Promise<BackgroundAgentSummary>;
  /** a copy named "{name} (Copy)", status draft; null when the original is gone */
  duplicateAgent(id: string): Promise<StoredBackgroundAgent | null>;
  /** the agent's runs, newest first (at most BACKGROUND_RUNS_LIMIT). Raises `database error: …`. */
  listRuns(agentId: string, limit?: number): Promise<BackgroundRun[]>;
  /** the results feed: runs the dashboard channel delivered, newest first (at most BACKGROUND_FEED_LIMIT) */
  listFeed(limit?: number): Promise<BackgroundRun[]>;
  /** POST /api/v1/background-agents/:id/run. Rejects with ApiError (409 with a detail when it may not run). */
  runNow(id: string): Promise<BackgroundRunNowResponse>;
  /** POST /api/v1/background-agents/test: one dry run of an unsaved configuration (nothing delivered, nothing stored) */
  testConfig(config: BackgroundAgentConfig, id?: string | null): Promise<BackgroundTestResult>;
  /** GET /api/v1/background-agents/:id/event-trigger (event-type agents) */
  getEventTrigger(id: string): Promise<BackgroundEventTrigger>;
  /** GET /api/v1/background-agents/:id/runs/:runId/document: the formatted output with its file name */
  downloadDocument(agentId: string, runId: string): Promise<BackgroundDocument>;
  /** GET /api/v1/background-agents/:id/versions: one per save that changed the agent, newest first */
  listVersions(id: string): Promise<BackgroundAgentVersion[]>;
  /** POST /api/v1/background-agents/:id/versions/:n/restore: saved over the agent as a new version */
  restoreVersion(id: string, number: number): Promise<{ number: number; restored: number }>;
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

const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T => ((values as readonly unknown[]).includes(v) ? (v as T) : fallback);
const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback);
const strOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
/** The entries of a jsonb list that match the schema (a malformed entry is dropped, not fatal). */
function entries<T>(v: unknown, schema: { safeParse(x: unknown): { success: true; data: T } | { success: false } }): T[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((x) => {
    const parsed = schema.safeParse(x);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A `background_runs` row (lenient: unknown values fall back rather than hide the run). */
export function backgroundRunFromRow(row: Record<string, unknown>): BackgroundRun {
  const attempt = Math.max(1, int(row.attempt, 1));
  return {
    id: str(row.id),
    agent_id: str(row.agent_id),
    agent_name: str(row.agent_name),
    trigger: oneOf<BackgroundRunTrigger>(BACKGROUND_RUN_TRIGGERS, row.trigger, 'manual'),
    status: oneOf<BackgroundRunStatus>(BACKGROUND_RUN_STATUSES, row.status, 'queued'),
    output: strOrNull(row.output),
    format: oneOf<BackgroundOutputFormat>(BACKGROUND_OUTPUT_FORMATS, row.format, DEFAULT_BACKGROUND_OUTPUT_FORMAT),
    deliveries: entries<BackgroundDelivery>(row.deliveries, backgroundDeliverySchema),
    sources: entries<BackgroundSourceResult>(row.sources, backgroundSourceResultSchema),
    error: strOrNull(row.error),
    attempt,
    max_attempts: Math.max(attempt, int(row.max_attempts, 1)),
    agent_run_id: strOrNull(row.agent_run_id),
    in_feed: row.in_feed === true,
    started_at: strOrNull(row.started_at),
    finished_at: strOrNull(row.finished_at),
    duration_ms: typeof row.duration_ms === 'number' ? row.duration_ms : null,
    created_at: str(row.created_at),
  };
}

/** The file name of a `Content-Disposition` header (RFC 6266: filename* wins over filename), else `fallback`. */
export function filenameFromContentDisposition(header: unknown, fallback: string): string {
  if (typeof header !== 'string') return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, '')) || fallback;
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return fallback;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim();
  return name || fallback;
}

/** A schedule the database refused on save (migration 009's check: an invalid cron expression or time zone). */
export interface BackgroundScheduleProblem {
  field: 'cronExpression' | 'timezone';
  /** the database's message, e.g. `Invalid cron expression "x": minute must be between 0 and 59 (got "99")` */
  message: string;
  hint: string | null;
}

/** The schedule problem behind a failed save (`database error: …` with the PostgREST error as its cause), else null. */
export function backgroundScheduleProblem(err: unknown): BackgroundScheduleProblem | null {
  const cause = err instanceof Error ? err.cause : err;
  if (!cause || typeof cause !== 'object') return null;
  const { message, hint } = cause as { message?: unknown; hint?: unknown };
  if (typeof message !== 'string') return null;
  const field = message.startsWith('Invalid cron expression') ? 'cronExpression' : message.startsWith('Unknown time zone') ? 'timezone' : null;
  return field ? { field, message, hint: typeof hint === 'string' && hint.trim() ? hint : null } : null;
}

const agentPath = (id: string) => `/api/v1/background-agents/${encodeURIComponent(id)}`;

export function createBackgroundAgentsService(source: DataClientSource = getDataClient, http: AxiosInstance = api): BackgroundAgentsService {
  const table = (client: SupabaseClient) => client.from(BACKGROUND_AGENTS_TABLE);
  const runs = (client: SupabaseClient) => client.from(BACKGROUND_RUNS_TABLE).select(BACKGROUND_RUN_COLUMNS);
  const runList = (data: unknown) => (Array.isArray(data) ? data.map((r) => backgroundRunFromRow(r as Record<string, unknown>)) : []);

  const service: BackgroundAgentsService = {
    async listAgents() {
      const data = await strict(source, (c) => table(c).select(BACKGROUND_LIST_COLUMNS).order('updated_at', { ascending: false }));
      return Array.isArray(data) ? data.map((r) => backgroundSummaryFromRow(r as Record<string, unknown>)) : [];
    },

    async getAgent(id) {
      // maybeSingle: an unknown id is an empty list, not a 406 in the browser's console
      const { data, error } = await attempt(source, (c) => table(c).select('*').eq('id', id).maybeSingle());
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

    async setAgentStatus(id, s) {
      const row = await strict(source, (c) => table(c).update({ status: s }).eq('id', id).select(BACKGROUND_LIST_COLUMNS).single());
      return backgroundSummaryFromRow(row as Record<string, unknown>);
    },

    async duplicateAgent(id) {
      const original = await service.getAgent(id);
      if (!original) return null;
      return service.insertAgent({ ...original.config, name: `${original.config.name} (Copy)`, status: 'draft' }, 'draft');
    },

    async listRuns(agentId, limit = BACKGROUND_RUNS_LIMIT) {
      return runList(await strict(source, (c) => runs(c).eq('agent_id', agentId).order('created_at', { ascending: false }).limit(limit)));
    },

    async listFeed(limit = BACKGROUND_FEED_LIMIT) {
      return runList(await strict(source, (c) => runs(c).eq('in_feed', true).order('created_at', { ascending: false }).limit(limit)));
    },

    async runNow(id) {
      const { data } = await http.post<unknown>(`${agentPath(id)}/run`);
      return backgroundRunNowResponseSchema.parse(data);
    },

    async listMcpTools() {
      const { data } = await http.get<unknown>('/api/v1/mcp-tools');
      return mcpToolGroupsSchema.parse(data).servers;
    },

    async testConfig(config, id) {
      const { data } = await http.post<unknown>('/api/v1/background-agents/test', id ? { config, id } : { config });
      return backgroundTestResultSchema.parse(data);
    },

    async getEventTrigger(id) {
      const { data } = await http.get<unknown>(`${agentPath(id)}/event-trigger`);
      return backgroundEventTriggerSchema.parse(data);
    },

    async listVersions(id) {
      const { data } = await http.get<unknown>(`${agentPath(id)}/versions`);
      return backgroundAgentVersionsResponseSchema.parse(data).versions;
    },

    async restoreVersion(id, number) {
      const { data } = await http.post<unknown>(`${agentPath(id)}/versions/${number}/restore`);
      const answer = data as { number?: unknown; restored?: unknown } | null;
      if (typeof answer?.number !== 'number' || typeof answer.restored !== 'number') throw new Error('Unexpected answer from the server');
      return { number: answer.number, restored: answer.restored };
    },

    async downloadDocument(agentId, runId) {
      // arraybuffer (not blob): the same on the browser's adapter and on Node's (tests)
      const response = await http.get<ArrayBuffer>(`${agentPath(agentId)}/runs/${encodeURIComponent(runId)}/document`, { responseType: 'arraybuffer' });
      const header = (name: string): unknown => {
        const headers = response.headers as { get?: (n: string) => unknown } & Record<string, unknown>;
        return typeof headers.get === 'function' ? headers.get(name) : headers[name];
      };
      const type = header('content-type');
      return {
        blob: new Blob([response.data], { type: typeof type === 'string' ? type : 'application/octet-stream' }),
        filename: filenameFromContentDisposition(header('content-disposition'), `background-run-${runId}`),
      };
    },
  };
  return service;
}

/** The background agents service on the page's data client. */
export const backgroundAgentsService: BackgroundAgentsService = createBackgroundAgentsService();
