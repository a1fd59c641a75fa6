// AI Flows storage (spec 02 §7): table operations on `flows` through the data client, import and export
// of flow files (§3.4, §5), and the flow endpoints of the server (Test Flow, deploy, undeploy, runs).
// Library and owner columns are filled by the database; user_id is the §3.1 scope string.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { api } from '@accent/shared/client';
import {
  buildFlowExport,
  flowId,
  flowRunSchema,
  flowToRow,
  flowVersionsResponseSchema,
  parseFlowImport,
  userIdFor,
  FLOW_AUTHOR,
  FLOW_DEFAULT_VIEWPORT,
  FLOW_STATUSES,
  type Flow,
  type FlowData,
  type FlowExportFile,
  type FlowImportSkip,
  type FlowRun,
  type FlowStatus,
  type FlowVersion,
} from '@accent/flows-common';
import { getDataClient } from '@accent/shared/data';
import { attempt, databaseError, NOT_FOUND_CODE, strict, type DataClientSource } from '@accent/shared/data';

export const FLOWS_TABLE = 'flows';
/** The columns of a flow list (§7). */
export const FLOW_LIST_COLUMNS = 'id, name, description, status, node_count, execution_count, success_rate, created_at, updated_at';

/** A flow as the dashboard lists it (no graph). */
export interface FlowSummary {
  id: string;
  name: string;
  description: string;
  status: FlowStatus;
  nodeCount: number;
  executionCount: number;
  successRate: number;
  createdAt: string;
  updatedAt: string;
}

/** The fields an update may change (camelCase); node_count follows flowData when it is given. */
export type FlowPatch = Partial<Pick<Flow, 'name' | 'description' | 'status' | 'tags' | 'flowData' | 'nodeCount' | 'executionCount' | 'successRate' | 'author'>>;

/** An MCP server's tools as the MCP tool node offers them (names, descriptions, argument schemas). */
const mcpToolsSchema = z.object({
  servers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      tools: z.array(z.object({ name: z.string(), label: z.string(), description: z.string(), input_schema: z.record(z.string(), z.unknown()).default({}) })),
    }),
  ),
});
export type FlowMcpServer = z.infer<typeof mcpToolsSchema>['servers'][number];

/** Who imports or creates flows: their rows get user_{user id}_lib_{library id}. */
export type FlowUser = Parameters<typeof userIdFor>[0];

/** What an import did: how many flows were inserted, and the file's flows left out (by name, with why). */
export interface FlowImportReport {
  imported: number;
  skipped: FlowImportSkip[];
}

export interface FlowDeployment {
  webhookUrl?: string;
  /** shown once */
  secret?: string;
  /** the header the secret goes in */
  secretHeader?: string;
  formUrl?: string;
  schedule?: { cron: string; timezone: string };
}

/** A flow's deployment as the server has it (never the secret). */
export interface FlowDeploymentState extends Omit<FlowDeployment, 'secret'> {
  deployed: boolean;
}

export interface FlowsService {
  /** id, name, description, status and counters, most recently updated first. Raises `database error: …`. */
  listFlows(): Promise<FlowSummary[]>;
  listFlowsByStatus(status: FlowStatus): Promise<FlowSummary[]>;
  /** name or description, case-insensitive partial match */
  searchFlows(query: string): Promise<FlowSummary[]>;
  /** every field; null when there is none (PGRST116) */
  getFlow(id: string): Promise<Flow | null>;
  /** true when a flow with this id is visible */
  flowExists(id: string): Promise<boolean>;
  insertFlow(flow: Flow, user?: FlowUser): Promise<Flow>;
  /** several at once (sample flows, imports) */
  insertFlows(flows: Flow[], user?: FlowUser): Promise<number>;
  updateFlow(id: string, patch: FlowPatch): Promise<Flow>;
  deleteFlow(id: string): Promise<void>;
  updateFlowStats(id: string, nodeCount: number, executionCount?: number, successRate?: number): Promise<void>;
  updateFlowTags(id: string, tags: string[]): Promise<void>;
  /** copy named "{name} (Copy)", draft, counters zero; null when the original is gone */
  duplicateFlow(id: string, user?: FlowUser): Promise<Flow | null>;
  /** every flow with its graph, as an export file (version 1.0) */
  exportFlows(): Promise<FlowExportFile>;
  /** Reads an export file (File, text or JSON) and inserts its valid flows; resolves with their count and the flows left out. Raises "Invalid flow file format". */
  importFlows(file: Blob | string | unknown, user?: FlowUser): Promise<FlowImportReport>;
  /** POST /api/v1/flows/:id/test */
  testFlow(id: string, payload: unknown, startNodeId?: string): Promise<FlowRun>;
  /** the library's MCP servers and their tools (GET /api/v1/mcp-tools), for the MCP tool node */
  listMcpTools(): Promise<FlowMcpServer[]>;
  /** POST /api/v1/flows/:id/deploy */
  deployFlow(id: string): Promise<FlowDeployment>;
  /** POST /api/v1/flows/:id/undeploy */
  undeployFlow(id: string): Promise<void>;
  /**
   * GET /api/v1/flows/:id/deployment: whether the start trigger is live. The stored status alone can be
   * stale (an imported "active" flow, a sample or a duplicate of a deployed flow is not deployed).
   */
  getDeployment(id: string): Promise<FlowDeploymentState>;
  /** GET /api/v1/flows/:id/runs */
  listFlowRuns(id: string): Promise<FlowRun[]>;
  /** GET /api/v1/flows/:id/versions: named saves, deploys and restores, newest first */
  listFlowVersions(id: string): Promise<FlowVersion[]>;
  /** POST /api/v1/flows/:id/versions: the stored flow as a named version; resolves with its number */
  saveFlowVersion(id: string, name: string): Promise<number>;
  /** POST /api/v1/flows/:id/versions/:n/restore: the version replaces the stored flow, recorded as a new version */
  restoreFlowVersion(id: string, number: number): Promise<{ number: number; restored: number }>;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const status = (v: unknown): FlowStatus => ((FLOW_STATUSES as readonly unknown[]).includes(v) ? (v as FlowStatus) : 'draft');

/** A list row (snake_case, any subset of the columns) as the dashboard shows it. */
export function flowSummaryFromRow(row: Record<string, unknown>): FlowSummary {
  return {
    id: str(row.id),
    name: str(row.name),
    description: str(row.description),
    status: status(row.status),
    nodeCount: num(row.node_count),
    executionCount: num(row.execution_count),
    successRate: num(row.success_rate),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
  };
}

function flowData(v: unknown): FlowData {
  const d = (v && typeof v === 'object' ? v : {}) as Partial<FlowData>;
  return {
    nodes: Array.isArray(d.nodes) ? d.nodes : [],
    edges: Array.isArray(d.edges) ? d.edges : [],
    viewport: d.viewport && typeof d.viewport === 'object' ? d.viewport : { ...FLOW_DEFAULT_VIEWPORT },
  };
}

/** A full stored row as the builder uses it (lenient: a row written by an older client still opens). */
export function flowFromStoredRow(row: Record<string, unknown>): Flow {
  const summary = flowSummaryFromRow(row);
  return {
    id: summary.id,
    name: summary.name,
    description: summary.description,
    status: summary.status,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    nodeCount: summary.nodeCount,
    executionCount: summary.executionCount,
    successRate: summary.successRate,
    tags: Array.isArray(row.tags) ? row.tags.filter((t): t is string => typeof t === 'string') : [],
    author: typeof row.author === 'string' ? row.author : FLOW_AUTHOR,
    flowData: flowData(row.flow_data),
  };
}

/** The snake_case patch of an update; node_count follows the graph. */
export function flowPatchToRow(patch: FlowPatch): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  if (patch.name !== undefined) row.name = patch.name;
  if (patch.description !== undefined) row.description = patch.description;
  if (patch.status !== undefined) row.status = patch.status;
  if (patch.tags !== undefined) row.tags = patch.tags;
  if (patch.author !== undefined) row.author = patch.author;
  if (patch.executionCount !== undefined) row.execution_count = patch.executionCount;
  if (patch.successRate !== undefined) row.success_rate = patch.successRate;
  if (patch.nodeCount !== undefined) row.node_count = patch.nodeCount;
  if (patch.flowData !== undefined) {
    row.flow_data = patch.flowData;
    row.node_count = patch.flowData.nodes.length;
  }
  return row;
}

const deploymentSchema = z.looseObject({
  webhookUrl: z.string().nullish(),
  secret: z.string().nullish(),
  secretHeader: z.string().nullish(),
  formUrl: z.string().nullish(),
  schedule: z.object({ cron: z.string(), timezone: z.string() }).nullish(),
});

const deploymentStateSchema = deploymentSchema.extend({ deployed: z.boolean() });

function parseRun(data: unknown): FlowRun {
  const parsed = flowRunSchema.safeParse(data);
  return parsed.success ? parsed.data : (data as FlowRun);
}

async function readText(file: Blob | string | unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    return typeof file.text === 'function'
      ? file.text()
      : new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result ?? ''));
          reader.onerror = () => reject(reader.error);
          reader.readAsText(file);
        });
  }
  return file;
}

export function createFlowsService(source: DataClientSource = getDataClient, http: AxiosInstance = api): FlowsService {
  const table = (client: SupabaseClient) => client.from(FLOWS_TABLE);
  const listOf = (data: unknown) => (Array.isArray(data) ? data.map((r) => flowSummaryFromRow(r as Record<string, unknown>)) : []);
  const rowFor = (flow: Flow, user?: FlowUser) => flowToRow({ ...flow, nodeCount: flow.flowData.nodes.length }, userIdFor(user));

  const service: FlowsService = {
    async listFlows() {
      return listOf(await strict(source, (c) => table(c).select(FLOW_LIST_COLUMNS).order('updated_at', { ascending: false })));
    },

    async listFlowsByStatus(s) {
      return listOf(await strict(source, (c) => table(c).select(FLOW_LIST_COLUMNS).eq('status', s).order('updated_at', { ascending: false })));
    },

    async searchFlows(query) {
      const pattern = JSON.stringify(`%${query}%`);
      return listOf(
        await strict(source, (c) =>
          table(c).select(FLOW_LIST_COLUMNS).or(`name.ilike.${pattern},description.ilike.${pattern}`).order('updated_at', { ascending: false }),
        ),
      );
    },

    async getFlow(id) {
      // maybeSingle: an unknown id is an empty list, not a 406 in the browser's console
      const { data, error } = await attempt(source, (c) => table(c).select('*').eq('id', id).maybeSingle());
      if (error) {
        if (error.code === NOT_FOUND_CODE) return null;
        throw databaseError(error);
      }
      return data ? flowFromStoredRow(data as Record<string, unknown>) : null;
    },

    async flowExists(id) {
      const data = await strict(source, (c) => table(c).select('id').eq('id', id).limit(1));
      return Array.isArray(data) && data.length > 0;
    },

    async insertFlow(flow, user) {
      const row = await strict(source, (c) => table(c).insert(rowFor(flow, user)).select().single());
      return flowFromStoredRow(row as Record<string, unknown>);
    },

    async insertFlows(flows, user) {
      if (flows.length === 0) return 0;
      await strict(source, (c) => table(c).insert(flows.map((f) => rowFor(f, user))));
      return flows.length;
    },

    async updateFlow(id, patch) {
      const row = await strict(source, (c) => table(c).update(flowPatchToRow(patch)).eq('id', id).select().single());
      return flowFromStoredRow(row as Record<string, unknown>);
    },

    async deleteFlow(id) {
      await strict(source, (c) => table(c).delete().eq('id', id));
    },

    async updateFlowStats(id, nodeCount, executionCount, successRate) {
      const patch: Record<string, unknown> = { node_count: nodeCount };
      if (executionCount !== undefined) patch.execution_count = executionCount;
      if (successRate !== undefined) patch.success_rate = successRate;
      await strict(source, (c) => table(c).update(patch).eq('id', id));
    },

    async updateFlowTags(id, tags) {
      await strict(source, (c) => table(c).update({ tags }).eq('id', id));
    },

    async duplicateFlow(id, user) {
      const original = await service.getFlow(id);
      if (!original) return null;
      const now = new Date().toISOString();
      const copy: Flow = {
        ...original,
        id: flowId(),
        name: `${original.name} (Copy)`,
        status: 'draft',
        executionCount: 0,
        successRate: 0,
        createdAt: now,
        updatedAt: now,
      };
      return service.insertFlow(copy, user);
    },

    async exportFlows() {
      const rows = await strict(source, (c) => table(c).select('*').order('updated_at', { ascending: false }));
      const flows = Array.isArray(rows) ? rows.map((r) => flowFromStoredRow(r as Record<string, unknown>)) : [];
      return buildFlowExport(flows);
    },

    async importFlows(file, user) {
      const { flows, skipped } = parseFlowImport(await readText(file));
      if (flows.length === 0) return { imported: 0, skipped };
      // Ids already taken (a re-import, or another user's flow) get fresh ones instead of failing the insert.
      const ids = flows.map((f) => f.id);
      const taken = await strict(source, (c) => table(c).select('id').in('id', ids));
      const takenIds = new Set(Array.isArray(taken) ? taken.map((r) => (r as { id: string }).id) : []);
      const seen = new Set<string>();
      const fresh = flows.map((f) => {
        const id = takenIds.has(f.id) || seen.has(f.id) ? flowId() : f.id;
        seen.add(id);
        return { ...f, id };
      });
      return { imported: await service.insertFlows(fresh, user), skipped };
    },

    async testFlow(id, payload, startNodeId) {
      const { data } = await http.post<unknown>(`/api/v1/flows/${encodeURIComponent(id)}/test`, { payload, ...(startNodeId ? { startNodeId } : {}) });
      return parseRun(data);
    },

    async listMcpTools() {
      const { data } = await http.get<unknown>('/api/v1/mcp-tools');
      return mcpToolsSchema.parse(data).servers;
    },

    async deployFlow(id) {
      const { data } = await http.post<unknown>(`/api/v1/flows/${encodeURIComponent(id)}/deploy`);
      const parsed = deploymentSchema.safeParse(data ?? {});
      const d = parsed.success ? parsed.data : {};
      return {
        ...(d.webhookUrl ? { webhookUrl: d.webhookUrl } : {}),
        ...(d.secret ? { secret: d.secret } : {}),
        ...(d.secretHeader ? { secretHeader: d.secretHeader } : {}),
        ...(d.formUrl ? { formUrl: d.formUrl } : {}),
        ...(d.schedule ? { schedule: d.schedule } : {}),
      };
    },

    async undeployFlow(id) {
      await http.post(`/api/v1/flows/${encodeURIComponent(id)}/undeploy`);
    },

    async getDeployment(id) {
      const { data } = await http.get<unknown>(`/api/v1/flows/${encodeURIComponent(id)}/deployment`);
      const d = deploymentStateSchema.parse(data);
      return {
        deployed: d.deployed,
        ...(d.webhookUrl ? { webhookUrl: d.webhookUrl } : {}),
        ...(d.secretHeader ? { secretHeader: d.secretHeader } : {}),
        ...(d.formUrl ? { formUrl: d.formUrl } : {}),
        ...(d.schedule ? { schedule: d.schedule } : {}),
      };
    },

    async listFlowVersions(id) {
      const { data } = await http.get<unknown>(`/api/v1/flows/${encodeURIComponent(id)}/versions`);
      return flowVersionsResponseSchema.parse(data).versions;
    },

    async saveFlowVersion(id, name) {
      const { data } = await http.post<unknown>(`/api/v1/flows/${encodeURIComponent(id)}/versions`, { name });
      return z.object({ number: z.number() }).parse(data).number;
    },

    async restoreFlowVersion(id, number) {
      const { data } = await http.post<unknown>(`/api/v1/flows/${encodeURIComponent(id)}/versions/${number}/restore`);
      return z.object({ number: z.number(), restored: z.number() }).parse(data);
    },

    async listFlowRuns(id) {
      const { data } = await http.get<unknown>(`/api/v1/flows/${encodeURIComponent(id)}/runs`);
      const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { runs?: unknown }).runs) ? (data as { runs: unknown[] }).runs : [];
      return list.map(parseRun);
    },
  };
  return service;
}

/** The flows service on the page's data client and API client. */
export const flowsService: FlowsService = createFlowsService();
