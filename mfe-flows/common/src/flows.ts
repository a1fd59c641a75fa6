// AI Flows (spec 02 §2.1–2.2, §3.1–3.4, §5, §9): the flow, its nodes and edges, the export file, the
// builder's constants, import and rename validation, the graph rules the engine enforces before a run
// (one start, edges between existing nodes, no cycles) and the run trace the engine records. Flows are
// camelCase as the builder uses them; rows are snake_case as stored (table `flows`).
import { z } from 'zod';

// ---- Enumerations and constants (§9) -----------------------------------------------------------

export const FLOW_STATUSES = ['active', 'inactive', 'draft'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const FLOW_NODE_TYPES = ['trigger', 'llm', 'condition', 'action'] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/** The model choices of an llm node; the server maps them to providers (server/src/flows/models.ts). */
export const FLOW_MODELS = ['gpt-4.1-mini', 'gpt-3.5-turbo', 'claude-3', 'claude-instant'] as const;
export type FlowModel = (typeof FLOW_MODELS)[number];
export const DEFAULT_FLOW_MODEL: FlowModel = 'gpt-4.1-mini';
export const DEFAULT_FLOW_SYSTEM_PROMPT = 'You are a helpful AI assistant.';
export const DEFAULT_FLOW_TEMPERATURE = 0.7;

export const FLOW_CONDITION_TYPES = ['equals', 'contains', 'greater_than', 'less_than', 'exists'] as const;
export type FlowConditionType = (typeof FLOW_CONDITION_TYPES)[number];

export const FLOW_ACTION_TYPES = ['api_call', 'database', 'email', 'slack', 'webhook', 'mcp_tool'] as const;
export type FlowActionType = (typeof FLOW_ACTION_TYPES)[number];

export const FLOW_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type FlowHttpMethod = (typeof FLOW_HTTP_METHODS)[number];

export const FLOW_ANALYSIS_TYPES = ['sentiment', 'keywords', 'both'] as const;
export type FlowAnalysisType = (typeof FLOW_ANALYSIS_TYPES)[number];

/** The source handles of a condition (if_else) node. */
export const CONDITION_HANDLES = { true: 'true', false: 'false' } as const;
/** The handle a switch node follows when no case matches. */
export const SWITCH_DEFAULT_HANDLE = 'default';

export const AUTO_SAVE_DELAY_MS = 2000;
export const BUILDER_TOAST_MS = 3000;
export const FLOW_NAME_MAX = 100;
export const FLOW_ZOOM = { min: 0.2, max: 4 } as const;
export const FLOW_GRID = { gap: 20, size: 1 } as const;
export const FLOW_MINIMAP = { width: 200, height: 150 } as const;
/** A dropped palette item becomes a node at the drop point minus this (about half a node). */
export const FLOW_DROP_OFFSET = { x: 75, y: 40 } as const;
/** A node card previews this many characters of its prompt. */
export const FLOW_PROMPT_PREVIEW_CHARS = 50;
export const FLOW_EXPORT_VERSION = '1.0';
export const FLOW_AUTHOR = 'current-user';
export const FLOW_DEFAULT_USER_ID = 'default-user';
/** Sample flows inserted when the stored list is empty. */
export const FLOW_SAMPLE_COUNT = 15;
/** Edges: a coloured stroke of width 2. */
export const FLOW_EDGE_STYLE = { stroke: '#6366f1', strokeWidth: 2 } as const;
export const FLOW_DEFAULT_VIEWPORT = { x: 0, y: 0, zoom: 1 } as const;

// ---- Palette (§2.2) -----------------------------------------------------------------------------

export const FLOW_TRIGGER_SUBTYPES = ['webhook', 'schedule', 'form', 'email'] as const;
export type FlowTriggerSubtype = (typeof FLOW_TRIGGER_SUBTYPES)[number];
export const FLOW_LOGIC_SUBTYPES = ['openai', 'if_else', 'switch', 'analysis'] as const;
export const FLOW_ACTION_SUBTYPES = ['api', 'database', 'email', 'slack', 'http', 'mcp'] as const;
/** The 13 palette subtypes of §9 ('email' is both a trigger and an action), and MCP tool. */
export const FLOW_PALETTE_SUBTYPES = [...FLOW_TRIGGER_SUBTYPES, ...FLOW_LOGIC_SUBTYPES, ...FLOW_ACTION_SUBTYPES] as const;

export interface FlowPaletteItem {
  type: FlowNodeType;
  subtype: string;
  label: string;
  description: string;
  /** action items: the action type the node starts with */
  actionType?: FlowActionType;
}
export interface FlowPaletteGroup {
  title: string;
  items: FlowPaletteItem[];
}

/**
 * The palette's action items and the action each starts with. API Call and HTTP Request are both the
 * general HTTP action (method, URL, headers, body); the webhook action (POST JSON) is chosen in the
 * properties panel. The engine runs a node's `actionType`; a node without one runs its subtype's.
 */
export const ACTION_TYPE_BY_SUBTYPE: Record<string, FlowActionType> = {
  api: 'api_call',
  http: 'api_call',
  database: 'database',
  email: 'email',
  slack: 'slack',
  webhook: 'webhook',
  mcp: 'mcp_tool',
};

export const FLOW_PALETTE: readonly FlowPaletteGroup[] = [
  {
    title: 'Triggers',
    items: [
      { type: 'trigger', subtype: 'webhook', label: 'Webhook', description: 'Start when a webhook is called' },
      { type: 'trigger', subtype: 'schedule', label: 'Schedule', description: 'Start on a schedule' },
      { type: 'trigger', subtype: 'form', label: 'Form Submit', description: 'Start when a form is submitted' },
      { type: 'trigger', subtype: 'email', label: 'Email', description: 'Start when an email arrives' },
    ],
  },
  {
    title: 'AI & Logic',
    items: [
      { type: 'llm', subtype: 'openai', label: 'Agent', description: 'Ask an AI model' },
      { type: 'condition', subtype: 'if_else', label: 'Condition', description: 'Branch on true or false' },
      { type: 'condition', subtype: 'switch', label: 'Switch', description: 'Route by value' },
      { type: 'llm', subtype: 'analysis', label: 'Text Analysis', description: 'Sentiment and keywords' },
    ],
  },
  {
    title: 'Actions',
    items: [
      { type: 'action', subtype: 'api', label: 'API Call', description: 'Call an API', actionType: 'api_call' },
      { type: 'action', subtype: 'database', label: 'Database', description: 'Insert a row', actionType: 'database' },
      { type: 'action', subtype: 'email', label: 'Send Email', description: 'Send an email', actionType: 'email' },
      { type: 'action', subtype: 'slack', label: 'Slack Message', description: 'Post to Slack', actionType: 'slack' },
      { type: 'action', subtype: 'http', label: 'HTTP Request', description: 'Send an HTTP request', actionType: 'api_call' },
      { type: 'action', subtype: 'mcp', label: 'MCP tool', description: 'Call a tool of an MCP server', actionType: 'mcp_tool' },
    ],
  },
];

export function findPaletteItem(type: string, subtype: string): FlowPaletteItem | undefined {
  for (const group of FLOW_PALETTE) for (const item of group.items) if (item.type === type && item.subtype === subtype) return item;
  return undefined;
}

// ---- Texts (§2.1, §5, §8) -----------------------------------------------------------------------

export const FLOW_MESSAGES = {
  invalidFile: 'Invalid flow file format',
  newFlowName: 'New Workflow',
  newFlowDescription: 'A new automated workflow.',
  startTriggerLabel: 'Start Trigger',
  searchPlaceholder: 'Search flows...',
  allStatuses: 'All Statuses',
  emptyTitle: 'No Flows Created Yet',
  emptyText: 'Create your first automated workflow to get started with intelligent process automation',
  emptyButton: 'Create Your First Flow',
  // a member cannot create flows: their empty list says why it is empty and who fills it
  memberEmptyTitle: 'No flows to show you',
  memberEmptyText: 'Administrators and builders create the flows in this library; none is visible to you yet.',
  confirmDelete: (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
  renamed: 'Workflow renamed successfully',
  renameFailed: 'Failed to rename workflow',
  saved: 'Flow saved successfully',
  saveFailed: 'Failed to save flow. Please try again.',
  nameEmpty: 'The name cannot be empty.',
  nameUnchanged: 'The name is unchanged.',
  nameTooLong: `The name can be at most ${FLOW_NAME_MAX} characters.`,
} as const;

/** Dashboard toasts (§8), title and message. */
export const FLOW_TOASTS = {
  databaseConnectionFailed: {
    title: 'Database Connection Failed',
    message: 'Unable to connect to the database. Please check your connection and try again.',
  },
  sampleDataFailed: { title: 'Sample Data Failed', message: 'Could not create sample flows. Please check your connection.' },
  flowNotFound: { title: 'Flow Not Found', message: 'The flow could not be loaded.' },
  databaseError: { title: 'Database Error', message: 'Could not load flow. Please check your connection.' },
  noFlowsToExport: { title: 'No Flows to Export', message: 'There are no flows available to export.' },
  exportStarted: { title: 'Export Started', message: 'Flows are being downloaded.' },
  exportFailed: { title: 'Export Failed', message: 'Could not export flows. Please check your connection.' },
  // the spec's sentence, then the flows the file held that were left out, by name and why
  importSuccessful: (n: number, skipped: readonly FlowImportSkip[] = []) => ({
    title: 'Import Successful',
    message: [
      `Successfully imported ${n} flows.`,
      ...(skipped.length ? [`Skipped ${skipped.length}: ${skipped.map((f) => `"${f.name}" (${f.reason})`).join('; ')}.`] : []),
    ].join(' '),
  }),
  importFailed: { title: 'Import Failed', message: 'Could not import flows. Please check the file format and your connection.' },
  duplicationLoadFailed: { title: 'Duplication Failed', message: 'Could not load original flow.' },
  duplicationFailed: { title: 'Duplication Failed', message: 'Could not duplicate flow. Please check your connection.' },
  duplicated: (name: string) => ({ title: 'Flow Duplicated', message: `${name} has been created.` }),
  deleted: (name: string) => ({ title: 'Flow Deleted', message: `${name} has been deleted.` }),
  deletionFailed: { title: 'Deletion Failed', message: 'Could not delete flow.' },
  deletionFailedConnection: { title: 'Deletion Failed', message: 'Could not delete flow. Please check your connection.' },
  autoSaveFailed: { title: 'Auto-save Failed', message: 'Could not save changes to database. Please check your connection.' },
  loadFailed: { title: 'Load Failed', message: 'Could not load flow data. Please check your connection.' },
} as const;

// ---- Node data (§3.2) ---------------------------------------------------------------------------
// Loose objects: the builder may keep extra fields on a node's data; they survive a round trip.

const label = z.string().default('');
const subtype = z.string().default('');
/** A text field the builder may have left unset. */
const text = z.string().default('');

export const triggerNodeDataSchema = z.looseObject({
  label,
  subtype,
  /** equal to the subtype (webhook, schedule, form, email) */
  triggerType: z.string().optional(),
  config: z.record(z.string(), z.unknown()).default({}),
});

export const llmNodeDataSchema = z.looseObject({
  label,
  subtype,
  model: z.string().min(1).default(DEFAULT_FLOW_MODEL),
  systemPrompt: z.string().default(DEFAULT_FLOW_SYSTEM_PROMPT),
  temperature: z.coerce.number().min(0).max(2).default(DEFAULT_FLOW_TEMPERATURE),
  /** the user message (templated); empty: the incoming data (`last`: its `text` when it has one, else JSON) */
  prompt: text,
  /** 0 or unset: the provider's default */
  maxTokens: z.coerce.number().int().min(0).optional(),
  /** analysis nodes (subtype 'analysis'): what to extract */
  analysisType: z.enum(FLOW_ANALYSIS_TYPES).default('both'),
  /** analysis nodes: the text to analyse (templated); empty: as `prompt` */
  text,
});

export const switchCaseSchema = z.looseObject({
  value: z.coerce.string(),
  /** the source handle its edges leave from */
  handle: z.string().min(1),
});
export type SwitchCase = z.infer<typeof switchCaseSchema>;

export const conditionNodeDataSchema = z.looseObject({
  label,
  subtype,
  conditionType: z.enum(FLOW_CONDITION_TYPES).default('equals'),
  /** a dotted path into the node's input, e.g. payload.amount, last.status, <node id>.text */
  field: text,
  /** compared with the field (templated) */
  value: z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v)),
    z.string(),
  ),
  /** switch nodes (subtype 'switch'): the first case whose value equals the field's value wins */
  cases: z.array(switchCaseSchema).default([]),
  defaultHandle: z.string().min(1).default(SWITCH_DEFAULT_HANDLE),
});

const headersSchema = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.union([z.record(z.string(), z.coerce.string()), z.string()]).optional(),
);

export const actionNodeDataSchema = z.looseObject({
  label,
  subtype,
  actionType: z.enum(FLOW_ACTION_TYPES).optional(),
  url: text,
  method: z.preprocess((v) => (typeof v === 'string' && v ? v.toUpperCase() : v), z.enum(FLOW_HTTP_METHODS).default('GET')),
  /** object, JSON text, or "Name: value" lines; values templated */
  headers: headersSchema,
  /**
   * api_call, webhook: the request body (JSON text or object: placeholders inside strings are filled and
   * JSON-escaped; a string that is exactly one placeholder keeps the value's type); email: the text;
   * slack: the message; database: the row (a JSON object).
   */
  body: z.unknown().optional(),
  /** email */
  to: text,
  subject: text,
  /** database: the library table (library_rows.table_name) */
  table: text,
  /** slack: the incoming webhook URL (url is used when empty) */
  webhookUrl: text,
  /** mcp_tool: the MCP server (Admin → MCP servers) and the name of one of its tools */
  mcpServerId: text,
  mcpTool: text,
  /** mcp_tool: the tool's arguments by name (values templated; a value that is exactly one placeholder keeps its type) */
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** api_call, webhook, slack, mcp_tool: per-request timeout in seconds (default: the engine's) */
  timeoutSeconds: z.coerce.number().positive().max(300).optional(),
});

export type TriggerNodeData = z.infer<typeof triggerNodeDataSchema>;
export type LlmNodeData = z.infer<typeof llmNodeDataSchema>;
export type ConditionNodeData = z.infer<typeof conditionNodeDataSchema>;
export type ActionNodeData = z.infer<typeof actionNodeDataSchema>;

// ---- Node, edge, flow (§3.1–3.3) ----------------------------------------------------------------

const positionSchema = z.object({ x: z.number(), y: z.number() });

const nodeBase = {
  id: z.string().min(1),
  position: positionSchema.default({ x: 0, y: 0 }),
  sourcePosition: z.string().default('right'),
  targetPosition: z.string().default('left'),
};

export const flowNodeSchema = z.discriminatedUnion('type', [
  z.looseObject({ ...nodeBase, type: z.literal('trigger'), data: triggerNodeDataSchema.default(() => triggerNodeDataSchema.parse({})) }),
  z.looseObject({ ...nodeBase, type: z.literal('llm'), data: llmNodeDataSchema.default(() => llmNodeDataSchema.parse({})) }),
  z.looseObject({ ...nodeBase, type: z.literal('condition'), data: conditionNodeDataSchema.default(() => conditionNodeDataSchema.parse({})) }),
  z.looseObject({ ...nodeBase, type: z.literal('action'), data: actionNodeDataSchema.default(() => actionNodeDataSchema.parse({})) }),
]);
export type FlowNode = z.infer<typeof flowNodeSchema>;
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;

export const flowEdgeSchema = z.looseObject({
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  sourceHandle: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  targetHandle: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  type: z.string().default('default'),
  animated: z.boolean().default(true),
  style: z.record(z.string(), z.unknown()).default(() => ({ ...FLOW_EDGE_STYLE })),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowViewportSchema = z.object({ x: z.number(), y: z.number(), zoom: z.number() });

export const flowDataSchema = z.object({
  nodes: z.array(flowNodeSchema),
  edges: z.array(flowEdgeSchema),
  viewport: flowViewportSchema.default(() => ({ ...FLOW_DEFAULT_VIEWPORT })),
});
export type FlowData = z.infer<typeof flowDataSchema>;

const isoDate = z.string();

export const flowSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  status: z.enum(FLOW_STATUSES),
  createdAt: isoDate,
  updatedAt: isoDate,
  nodeCount: z.number().int().min(0).default(0),
  executionCount: z.number().int().min(0).default(0),
  successRate: z.number().min(0).max(100).default(0),
  tags: z.array(z.string()).default([]),
  author: z.string().default(FLOW_AUTHOR),
  flowData: flowDataSchema,
});
export type Flow = z.infer<typeof flowSchema>;

/** The stored row (table flows). */
export const flowRowSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  status: z.enum(FLOW_STATUSES),
  node_count: z.number().int().min(0),
  execution_count: z.number().int().min(0),
  success_rate: z.number().min(0).max(100),
  tags: z.array(z.string()),
  author: z.string(),
  flow_data: flowDataSchema,
  user_id: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type FlowRow = z.infer<typeof flowRowSchema>;

export function flowFromRow(row: FlowRow): Flow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    nodeCount: row.node_count,
    executionCount: row.execution_count,
    successRate: row.success_rate,
    tags: row.tags,
    author: row.author,
    flowData: row.flow_data,
  };
}

export function flowToRow(flow: Flow, userId: string): FlowRow {
  return {
    id: flow.id,
    name: flow.name,
    description: flow.description,
    status: flow.status,
    node_count: flow.flowData.nodes.length,
    execution_count: flow.executionCount,
    success_rate: flow.successRate,
    tags: flow.tags,
    author: flow.author,
    flow_data: flow.flowData,
    user_id: userId,
    created_at: flow.createdAt,
    updated_at: flow.updatedAt,
  };
}

// ---- Identifiers and defaults -------------------------------------------------------------------

/** `flow-{timestamp}-{random}` (9 base-36 characters). */
export function flowId(now: number = Date.now(), random: () => number = Math.random): string {
  return `flow-${now}-${random().toString(36).slice(2, 11).padEnd(9, '0')}`;
}

/** `user_{user id}_lib_{library id}`, or `default-user` when nobody is signed in. */
export function userIdFor(user: { user_id?: string | null; id?: string | null; library_id?: string | null } | null | undefined): string {
  const id = user?.user_id ?? user?.id;
  if (!id || !user?.library_id) return FLOW_DEFAULT_USER_ID;
  return `user_${id}_lib_${user.library_id}`;
}

/** A node's data with every default of its type, for a palette subtype. */
export function defaultNodeData(type: FlowNodeType, nodeSubtype: string, nodeLabel?: string): FlowNode['data'] {
  const item = findPaletteItem(type, nodeSubtype);
  const base = { label: nodeLabel ?? item?.label ?? nodeSubtype, subtype: nodeSubtype };
  switch (type) {
    case 'trigger':
      return triggerNodeDataSchema.parse({ ...base, triggerType: nodeSubtype, config: {} });
    case 'llm':
      return llmNodeDataSchema.parse(base);
    case 'condition':
      return conditionNodeDataSchema.parse(base);
    case 'action':
      return actionNodeDataSchema.parse({ ...base, actionType: item?.actionType ?? ACTION_TYPE_BY_SUBTYPE[nodeSubtype] ?? 'api_call' });
  }
}

export function newFlowNode(input: {
  id: string;
  type: FlowNodeType;
  subtype: string;
  position: { x: number; y: number };
  label?: string;
}): FlowNode {
  return flowNodeSchema.parse({
    id: input.id,
    type: input.type,
    position: input.position,
    data: defaultNodeData(input.type, input.subtype, input.label),
    sourcePosition: 'right',
    targetPosition: 'left',
  });
}

export function newFlowEdge(input: {
  id?: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}): FlowEdge {
  return flowEdgeSchema.parse({
    id: input.id ?? `edge-${input.source}-${input.sourceHandle ?? 'out'}-${input.target}`,
    source: input.source,
    target: input.target,
    sourceHandle: input.sourceHandle ?? null,
    targetHandle: input.targetHandle ?? null,
  });
}

/** A new flow (§2.2): "New Workflow", draft, one webhook trigger "Start Trigger" at 100,100. */
export function newFlow(options: { now?: Date; id?: string } = {}): Flow {
  const now = (options.now ?? new Date()).toISOString();
  const trigger = newFlowNode({
    id: 'trigger-1',
    type: 'trigger',
    subtype: 'webhook',
    position: { x: 100, y: 100 },
    label: FLOW_MESSAGES.startTriggerLabel,
  });
  return {
    id: options.id ?? flowId(options.now?.getTime()),
    name: FLOW_MESSAGES.newFlowName,
    description: FLOW_MESSAGES.newFlowDescription,
    status: 'draft',
    createdAt: now,
    updatedAt: now,
    nodeCount: 1,
    executionCount: 0,
    successRate: 0,
    tags: [],
    author: FLOW_AUTHOR,
    flowData: { nodes: [trigger], edges: [], viewport: { ...FLOW_DEFAULT_VIEWPORT } },
  };
}

// ---- Validation (§5) ----------------------------------------------------------------------------

export type FlowRenameResult = { ok: true; name: string } | { ok: false; reason: 'empty' | 'unchanged' | 'too_long'; message: string };

/** A rename commits only a trimmed, non-empty name that differs from the current one, at most 100 characters. */
export function validateFlowRename(current: string, next: string): FlowRenameResult {
  const name = next.trim();
  if (!name) return { ok: false, reason: 'empty', message: FLOW_MESSAGES.nameEmpty };
  if (name === current.trim()) return { ok: false, reason: 'unchanged', message: FLOW_MESSAGES.nameUnchanged };
  if (name.length > FLOW_NAME_MAX) return { ok: false, reason: 'too_long', message: FLOW_MESSAGES.nameTooLong };
  return { ok: true, name };
}

export interface FlowExportFile {
  version: string;
  exportedAt: string;
  flows: Flow[];
}

export function buildFlowExport(flows: Flow[], now: Date = new Date()): FlowExportFile {
  return { version: FLOW_EXPORT_VERSION, exportedAt: now.toISOString(), flows };
}

/** What an imported file must hold per flow (§5); nodes and edges are only required to be arrays. */
const importedFlowSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(FLOW_STATUSES),
  flowData: z.looseObject({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) }),
});

export interface FlowImportResult {
  version: string;
  exportedAt: string | null;
  flows: Flow[];
  /** invalid flows left out, each with why */
  skipped: FlowImportSkip[];
}

/** A flow of an imported file that was left out: its name (else its place in the file) and why. */
export interface FlowImportSkip {
  name: string;
  reason: string;
}

/** Why an imported flow is left out, in words, from the first field that is wrong. */
function skipReason(candidate: unknown, issue: z.ZodError['issues'][number] | undefined): string {
  if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate)) return 'it is not a flow';
  const field = issue?.path[0];
  if (field === 'status') {
    const value = (candidate as { status?: unknown }).status;
    return value === undefined ? 'it has no status' : `its status ${JSON.stringify(value)} is not active, inactive or draft`;
  }
  if (field === 'flowData') return 'its flowData needs nodes and edges lists';
  if (typeof field === 'string') return `its ${field} is missing or not text`;
  return 'it is not a valid flow';
}

/**
 * Reads an exported file (its text or parsed JSON). The file must have a version and a flows list,
 * otherwise Error("Invalid flow file format"). Each flow needs a string id, name and description, a
 * status of active, inactive or draft, and flowData with nodes and edges arrays; other flows are skipped.
 * Missing counters, dates and tags get their defaults; nodes and edges are kept as they are.
 */
export function parseFlowImport(file: unknown, now: Date = new Date()): FlowImportResult {
  let json = file;
  if (typeof file === 'string') {
    try {
      json = JSON.parse(file);
    } catch {
      throw new Error(FLOW_MESSAGES.invalidFile);
    }
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error(FLOW_MESSAGES.invalidFile);
  const { version, flows, exportedAt } = json as { version?: unknown; flows?: unknown; exportedAt?: unknown };
  if ((typeof version !== 'string' && typeof version !== 'number') || version === '' || !Array.isArray(flows))
    throw new Error(FLOW_MESSAGES.invalidFile);

  const stamp = now.toISOString();
  const valid: Flow[] = [];
  const skipped: FlowImportSkip[] = [];
  for (const [index, candidate] of flows.entries()) {
    const parsed = importedFlowSchema.safeParse(candidate);
    if (!parsed.success) {
      const name = (candidate as { name?: unknown } | null)?.name;
      skipped.push({
        name: typeof name === 'string' && name.trim() ? name.trim() : `Flow #${index + 1}`,
        reason: skipReason(candidate, parsed.error.issues[0]),
      });
      continue;
    }
    const f = parsed.data as Record<string, unknown> & z.infer<typeof importedFlowSchema>;
    const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
    const viewport = flowViewportSchema.safeParse(f.flowData.viewport);
    valid.push({
      id: f.id,
      name: f.name,
      description: f.description,
      status: f.status,
      createdAt: typeof f.createdAt === 'string' ? f.createdAt : stamp,
      updatedAt: typeof f.updatedAt === 'string' ? f.updatedAt : stamp,
      nodeCount: f.flowData.nodes.length,
      executionCount: Math.floor(count(f.executionCount)),
      successRate: Math.min(100, count(f.successRate)),
      tags: Array.isArray(f.tags) ? f.tags.filter((t): t is string => typeof t === 'string') : [],
      author: typeof f.author === 'string' ? f.author : FLOW_AUTHOR,
      flowData: {
        nodes: f.flowData.nodes as FlowNode[],
        edges: f.flowData.edges as FlowEdge[],
        viewport: viewport.success ? viewport.data : { ...FLOW_DEFAULT_VIEWPORT },
      },
    });
  }
  return { version: String(version), exportedAt: typeof exportedAt === 'string' ? exportedAt : null, flows: valid, skipped };
}

/** Dashboard search (§5): case-insensitive over name, description or status; `status` 'all' or empty keeps all. */
export function filterFlows<T extends Pick<Flow, 'name' | 'description' | 'status'>>(
  flows: T[],
  query: string,
  status: FlowStatus | 'all' | '' = 'all',
): T[] {
  const q = query.trim().toLowerCase();
  return flows.filter(
    (f) =>
      (!status || status === 'all' || f.status === status) &&
      (!q || [f.name, f.description, f.status].some((v) => (v ?? '').toLowerCase().includes(q))),
  );
}

// ---- Graph rules (what a run requires) ----------------------------------------------------------

export const FLOW_GRAPH_MESSAGES = {
  noNodes: 'The flow has no nodes.',
  noTrigger: 'The flow has no trigger node: add one to start the flow from.',
  severalTriggers: (names: string[]) => `The flow has ${names.length} trigger nodes (${names.join(', ')}): choose the one to start from.`,
  unknownStart: (id: string) => `There is no node "${id}" to start from.`,
  duplicateNode: (id: string) => `Two nodes share the id "${id}".`,
  duplicateEdge: (id: string) => `Two edges share the id "${id}".`,
  danglingEdge: (edge: string, end: 'source' | 'target', node: string) => `Edge "${edge}" has a ${end} node "${node}" that does not exist.`,
  cycle: (names: string[]) => `The flow has a cycle: ${names.join(' → ')}. Flows must not loop.`,
  conditionHandle: (name: string, edge: string, handle: string | null) =>
    `Edge "${edge}" leaves condition "${name}" from ${handle === null ? 'no handle' : `handle "${handle}"`}: it must leave from "true" or "false".`,
  switchHandle: (name: string, edge: string, handle: string | null, handles: string[]) =>
    `Edge "${edge}" leaves switch "${name}" from ${handle === null ? 'no handle' : `handle "${handle}"`}: it must leave from one of ${handles.map((h) => `"${h}"`).join(', ')}.`,
} as const;

/** What a node is called in messages: its label, else its id. */
export const flowNodeName = (node: { id: string; data?: { label?: unknown } }): string =>
  typeof node.data?.label === 'string' && node.data.label.trim() ? node.data.label.trim() : node.id;

export const isSwitchNode = (node: Pick<FlowNode, 'type' | 'data'>): boolean => node.type === 'condition' && node.data.subtype === 'switch';

/** The handles a routing node's edges may leave from (null: any handle, the node is not a router). */
export function routingHandles(node: FlowNode): string[] | null {
  if (node.type !== 'condition') return null;
  if (!isSwitchNode(node)) return [CONDITION_HANDLES.true, CONDITION_HANDLES.false];
  const data = node.data as ConditionNodeData;
  return [...new Set([...data.cases.map((c) => c.handle), data.defaultHandle])];
}

/**
 * A cycle, as the node ids along it with the first repeated at the end (A, B, A), or null. Depth-first
 * from each node in order, so the same graph always names the same cycle.
 */
export function findFlowCycle(nodeIds: readonly string[], edges: readonly { source: string; target: string }[]): string[] | null {
  const next = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const e of edges) next.get(e.source)?.push(e.target);
  const state = new Map<string, 1 | 2>(); // 1 on the current path, 2 done
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    state.set(id, 1);
    path.push(id);
    for (const to of next.get(id) ?? []) {
      const s = state.get(to);
      if (s === 1) return [...path.slice(path.indexOf(to)), to];
      if (s === undefined && next.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(id, 2);
    return null;
  };
  for (const id of nodeIds) {
    if (state.has(id)) continue;
    const found = visit(id);
    if (found) return found;
  }
  return null;
}

/** Node ids in a topological order that keeps the flow's node order among independent nodes. */
export function topologicalOrder(nodeIds: readonly string[], edges: readonly { source: string; target: string }[]): string[] {
  const index = new Map(nodeIds.map((id, i) => [id, i]));
  const indegree = new Map(nodeIds.map((id) => [id, 0]));
  const next = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const e of edges) {
    if (!index.has(e.source) || !index.has(e.target)) continue;
    next.get(e.source)!.push(e.target);
    indegree.set(e.target, indegree.get(e.target)! + 1);
  }
  // ready nodes kept sorted by their position in the flow (small graphs: a sorted array is enough)
  const ready = nodeIds.filter((id) => indegree.get(id) === 0);
  const order: string[] = [];
  while (ready.length) {
    const id = ready.shift()!;
    order.push(id);
    for (const to of next.get(id)!) {
      const left = indegree.get(to)! - 1;
      indegree.set(to, left);
      if (left === 0) {
        const at = ready.findIndex((r) => index.get(r)! > index.get(to)!);
        ready.splice(at === -1 ? ready.length : at, 0, to);
      }
    }
  }
  return order;
}

export interface FlowGraphCheck {
  /** problems that stop a run (empty: the graph can run) */
  errors: string[];
  /** the start node's id when it was found */
  startId: string | null;
}

/**
 * The rules a run requires: unique node and edge ids, edges between existing nodes, condition edges
 * leaving from true or false, switch edges from a case handle or the default, exactly one start (the
 * one given, else the only trigger node), and no cycle anywhere in the graph.
 */
export function checkFlowGraph(data: Pick<FlowData, 'nodes' | 'edges'>, startNodeId?: string): FlowGraphCheck {
  const errors: string[] = [];
  const byId = new Map<string, FlowNode>();
  for (const node of data.nodes) {
    if (byId.has(node.id)) errors.push(FLOW_GRAPH_MESSAGES.duplicateNode(node.id));
    byId.set(node.id, node);
  }
  const edgeIds = new Set<string>();
  for (const edge of data.edges) {
    if (edgeIds.has(edge.id)) errors.push(FLOW_GRAPH_MESSAGES.duplicateEdge(edge.id));
    edgeIds.add(edge.id);
    const source = byId.get(edge.source);
    if (!source) errors.push(FLOW_GRAPH_MESSAGES.danglingEdge(edge.id, 'source', edge.source));
    if (!byId.has(edge.target)) errors.push(FLOW_GRAPH_MESSAGES.danglingEdge(edge.id, 'target', edge.target));
    const handles = source ? routingHandles(source) : null;
    if (source && handles && !(edge.sourceHandle !== null && handles.includes(edge.sourceHandle))) {
      errors.push(
        isSwitchNode(source)
          ? FLOW_GRAPH_MESSAGES.switchHandle(flowNodeName(source), edge.id, edge.sourceHandle, handles)
          : FLOW_GRAPH_MESSAGES.conditionHandle(flowNodeName(source), edge.id, edge.sourceHandle),
      );
    }
  }

  let startId: string | null = null;
  if (data.nodes.length === 0) errors.push(FLOW_GRAPH_MESSAGES.noNodes);
  else if (startNodeId !== undefined) {
    if (byId.has(startNodeId)) startId = startNodeId;
    else errors.push(FLOW_GRAPH_MESSAGES.unknownStart(startNodeId));
  } else {
    const triggers = data.nodes.filter((n) => n.type === 'trigger');
    if (triggers.length === 1) startId = triggers[0].id;
    else if (triggers.length === 0) errors.push(FLOW_GRAPH_MESSAGES.noTrigger);
    else errors.push(FLOW_GRAPH_MESSAGES.severalTriggers(triggers.map(flowNodeName)));
  }

  const cycle = findFlowCycle(
    [...byId.keys()],
    data.edges.filter((e) => byId.has(e.source) && byId.has(e.target)),
  );
  if (cycle) {
    const names = cycle.map((id) => flowNodeName(byId.get(id)!));
    errors.push(FLOW_GRAPH_MESSAGES.cycle(names));
  }
  return { errors, startId };
}

// ---- Runs (Test Flow and deployed runs) ---------------------------------------------------------

export const FLOW_RUN_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type FlowRunStatus = (typeof FLOW_RUN_STATUSES)[number];
export const FLOW_NODE_RUN_STATUSES = ['succeeded', 'failed', 'skipped'] as const;
export type FlowNodeRunStatus = (typeof FLOW_NODE_RUN_STATUSES)[number];
/** How a run was started: the builder's Test Flow, by hand, or by the deployed trigger. */
export const FLOW_RUN_TRIGGERS = ['test', 'manual', 'webhook', 'schedule', 'form', 'email'] as const;
export type FlowRunTrigger = (typeof FLOW_RUN_TRIGGERS)[number];

export const flowRunNodeResultSchema = z.object({
  nodeId: z.string(),
  type: z.enum(FLOW_NODE_TYPES),
  subtype: z.string(),
  label: z.string(),
  status: z.enum(FLOW_NODE_RUN_STATUSES),
  /** what the node received: {payload, <upstream node id>: output…, last} (null when skipped) */
  input: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  /** ISO time it started (null when skipped) */
  started_at: z.string().nullable(),
  duration_ms: z.number(),
  /** condition and switch nodes: the source handle they followed (null for other nodes) */
  handle: z.string().nullable(),
  /** skipped nodes: why (null otherwise) */
  reason: z.string().nullable(),
});
export type FlowRunNodeResult = z.infer<typeof flowRunNodeResultSchema>;

export const flowRunSchema = z.object({
  id: z.string(),
  flow_id: z.string(),
  status: z.enum(FLOW_RUN_STATUSES),
  trigger: z.enum(FLOW_RUN_TRIGGERS),
  payload: z.unknown(),
  /** every node of the flow, in topological order */
  nodes: z.array(flowRunNodeResultSchema),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  /** the first failure ("<node>" failed: <error>), or the cancellation */
  error: z.string().nullable(),
});
export type FlowRun = z.infer<typeof flowRunSchema>;

/** POST body of a test run (wired later): the payload the trigger emits, and optionally another start node. */
export const flowTestRequestSchema = z.object({
  payload: z.unknown().default({}),
  startNodeId: z.string().min(1).optional(),
});
export type FlowTestRequest = z.input<typeof flowTestRequestSchema>;

// ---- Versions ----------------------------------------------------------------------------------
// A version is a save the builder names ("Save version…"), a deploy, or a restore, never an auto-save.

export const FLOW_VERSION_KINDS = ['named', 'deployed', 'restored'] as const;
export type FlowVersionKind = (typeof FLOW_VERSION_KINDS)[number];
export const FLOW_VERSION_NAME_MAX = 120;
export const FLOW_VERSION_TEXTS = {
  deployed: 'Deployed',
  restoredFrom: (label: string, number: number) => `Restored from version ${number} (${label})`,
  nameRequired: 'Give the version a name.',
  nameTooLong: `A version name has at most ${FLOW_VERSION_NAME_MAX} characters.`,
  versionNotFound: 'Version not found',
} as const;

export const flowVersionCreateSchema = z.object({
  name: z
    .string({ error: FLOW_VERSION_TEXTS.nameRequired })
    .trim()
    .min(1, { error: FLOW_VERSION_TEXTS.nameRequired })
    .max(FLOW_VERSION_NAME_MAX, { error: FLOW_VERSION_TEXTS.nameTooLong }),
});

export const flowVersionSchema = z.object({
  number: z.number().int().min(1),
  kind: z.enum(FLOW_VERSION_KINDS),
  label: z.string(),
  /** the flow's settings and graph at that moment; the graph as stored (validated when run or shown) */
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  flow_data: z.unknown(),
  /** the email of who made it ('' once they are deleted) */
  created_by: z.string(),
  created_at: z.string(),
});
export type FlowVersion = z.infer<typeof flowVersionSchema>;
export const flowVersionsResponseSchema = z.object({ versions: z.array(flowVersionSchema) });

// ---- Template variables -------------------------------------------------------------------------
// What `{{…}}` can name in a node's fields. `{{last}}` is what the node before passed on as text: an
// Agent's answer, not its whole output object (that is `{{last_raw}}`, or `{{nodes.<id>.output}}`).

export const FLOW_LAST = 'last';
export const FLOW_LAST_RAW = 'last_raw';

export interface FlowVariable {
  /** the placeholder as written, e.g. {{last}} */
  name: string;
  /** what it holds, in words */
  holds: string;
}

type VariableNode = { id: string; type: string; data: { label?: string; subtype?: string; actionType?: string } };

/** What a node outputs (its `nodes.<id>.output`), by kind. */
function outputShape(node: VariableNode): string {
  const { type } = node;
  const subtype = node.data.subtype ?? '';
  if (type === 'trigger') return 'the payload it started with';
  if (type === 'condition') return 'the comparison it made (it passes on what it received)';
  if (type === 'llm') return subtype === 'analysis' ? '{sentiment, score, keywords, usage, model}' : '{text, usage, model, provider, provider_model}';
  const action = node.data.actionType ?? (subtype === 'api' || subtype === 'http' ? 'api_call' : subtype);
  if (action === 'email') return '{messageId, to, subject, accepted, rejected}';
  if (action === 'database') return '{id, table, row, created_at}';
  if (action === 'mcp_tool') return '{text, result, server, tool, arguments}';
  return '{status, ok, url, headers, body}';
}

const isAgent = (node: VariableNode) => node.type === 'llm' && node.data.subtype !== 'analysis';
/** Nodes whose output has a `text` that `{{last}}` reads: an Agent's answer, an MCP tool's result. */
const answersText = (node: VariableNode) => isAgent(node) || (node.type === 'action' && (node.data.actionType ?? node.data.subtype) === 'mcp_tool') || node.data.subtype === 'mcp';
const nameOf = (node: VariableNode) => `"${node.data.label || node.id}"`;

/**
 * The variables a node's templates can use, with what each holds: the run's payload, what the node before
 * passed on (`{{last}}` as text, `{{last_raw}}` as it is) and every node upstream by id.
 */
export function flowVariables(nodeId: string, nodes: readonly VariableNode[], edges: readonly { source: string; target: string }[]): FlowVariable[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const variables: FlowVariable[] = [
    { name: '{{payload}}', holds: "What started the run: the webhook's JSON body, the form's fields, {} on a schedule" },
    { name: '{{payload.<field>}}', holds: 'One field of the payload' },
  ];
  const before = edges
    .filter((e) => e.target === nodeId)
    .map((e) => byId.get(e.source))
    .filter((n): n is VariableNode => n !== undefined);
  if (before.length > 0) {
    const from = before.length === 1 ? nameOf(before[0]) : 'the node the run came from';
    const text = before.length === 1 && answersText(before[0]) ? `${from}'s answer text` : `What ${from} passed on, as text`;
    variables.push({ name: `{{${FLOW_LAST}}}`, holds: text });
    variables.push({
      name: `{{${FLOW_LAST_RAW}}}`,
      holds: before.length === 1 ? `${from}'s whole output: ${outputShape(before[0])}` : `The whole output of ${from}`,
    });
  }
  // every node upstream, nearest first
  const seen = new Set<string>();
  const queue = before.map((n) => n.id);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id) || id === nodeId) continue;
    seen.add(id);
    const node = byId.get(id);
    if (!node) continue;
    if (answersText(node)) variables.push({ name: `{{nodes.${id}.output.text}}`, holds: `${nameOf(node)}'s answer text` });
    variables.push({ name: `{{nodes.${id}.output}}`, holds: `${nameOf(node)}'s output: ${outputShape(node)}` });
    for (const e of edges) if (e.target === id) queue.push(e.source);
  }
  return variables;
}
