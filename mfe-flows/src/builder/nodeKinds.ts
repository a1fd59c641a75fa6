// What the canvas knows about each node type, in one place: its icon, colour (card and minimap), readable
// title and subtitle, and its handles. The card, the palette, the node picker and the minimap all read
// this table, so a new node type adds one entry here (and its palette items in @accent/flows-common).
import {
  findPaletteItem,
  FLOW_PALETTE,
  routingHandles,
  type ActionNodeData,
  type ConditionNodeData,
  type FlowActionType,
  type FlowNode,
  type FlowNodeType,
  type FlowPaletteItem,
  type LlmNodeData,
  type TriggerNodeData,
} from '@accent/flows-common';

/** One output of a node: its handle id (null: the node's only output) and what the card calls it. */
export interface NodeOutput {
  id: string | null;
  label: string | null;
}

/** A node as the table's functions see it (canvas and stored nodes both fit). */
export interface KindNode {
  type?: string;
  data: { label?: unknown; subtype?: unknown } & Record<string, unknown>;
}

export interface NodeKind {
  /** the kind's name (the palette group says more) */
  name: string;
  /** accent colour of the card's icon and of the node in the minimap */
  color: string;
  /** the icon of a subtype (SVG path data, 24 × 24, stroked), else the kind's */
  icon: (subtype: string) => readonly string[];
  /** one line under the title: what this node does with its settings ('' when there is nothing to say) */
  subtitle: (data: KindNode['data']) => string;
  /** whether the node takes an input (a trigger does not) */
  input: boolean;
  /** the outputs, top to bottom */
  outputs: (data: KindNode['data']) => NodeOutput[];
}

// ---- icons (lucide-style outlines) ----------------------------------------------------------------
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
export const ICONS = {
  bolt: ['M13 2 3 14h9l-1 8 10-12h-9l1-8z'],
  clock: [circle(12, 12, 10), 'M12 6v6l4 2'],
  form: ['M9 3h6v3H9z', 'M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2', 'M8 11h8', 'M8 16h5'],
  mail: ['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'm22 7-10 6L2 7'],
  sparkles: ['M12 3l1.9 5.8L20 10.7l-6.1 1.9L12 18.4l-1.9-5.8L4 10.7l6.1-1.9z', 'M19 3v4', 'M21 5h-4'],
  branch: [circle(6, 18, 3), circle(18, 6, 3), 'M6 3v12', 'M18 9a9 9 0 0 1-9 9'],
  route: ['M16 3h5v5', 'M8 3H3v5', 'M12 22v-8.3a4 4 0 0 0-1.2-2.9L3 3', 'm15 9 6-6'],
  chart: ['M3 3v18h18', 'M7 16v-4', 'M12 16V8', 'M17 16v-7'],
  globe: [circle(12, 12, 10), 'M2 12h20', 'M12 2a15 15 0 0 1 0 20a15 15 0 0 1 0-20'],
  database: ['M3 5a9 3 0 0 0 18 0a9 3 0 0 0-18 0', 'M3 5v14a9 3 0 0 0 18 0V5', 'M3 12a9 3 0 0 0 18 0'],
  message: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'],
  send: ['m22 2-7 20-4-9-9-4z', 'M22 2 11 13'],
  plug: ['M12 22v-5', 'M9 8V2', 'M15 8V2', 'M18 8v5a4 4 0 0 1-4 4h-4a4 4 0 0 1-4-4V8z'],
  plus: ['M12 5v14', 'M5 12h14'],
} as const satisfies Record<string, readonly string[]>;

// ---- subtitles ------------------------------------------------------------------------------------
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));
/** A URL without its scheme, cut to fit one line of a card. */
const shortUrl = (url: string, chars = 32): string => {
  const bare = url.replace(/^https?:\/\//, '');
  return bare.length > chars ? `${bare.slice(0, chars)}…` : bare;
};
const OPERATORS: Record<string, string> = { equals: '=', contains: 'contains', greater_than: '>', less_than: '<', exists: 'exists' };

const ONE_OUTPUT: NodeOutput[] = [{ id: null, label: null }];

export const NODE_KINDS: Record<FlowNodeType, NodeKind> = {
  trigger: {
    name: 'Trigger',
    color: '#16a34a',
    icon: (subtype) => ({ schedule: ICONS.clock, form: ICONS.form, email: ICONS.mail })[subtype] ?? ICONS.bolt,
    subtitle: (data) => {
      const d = data as Partial<TriggerNodeData>;
      const cron = str((d.config as { cron?: unknown } | undefined)?.cron);
      if (d.subtype === 'schedule' && cron) return `Every ${cron}`;
      return findPaletteItem('trigger', str(d.subtype))?.description ?? '';
    },
    input: false,
    outputs: () => ONE_OUTPUT,
  },
  llm: {
    name: 'AI',
    color: '#6366f1',
    icon: (subtype) => (subtype === 'analysis' ? ICONS.chart : ICONS.sparkles),
    subtitle: (data) => {
      const d = data as Partial<LlmNodeData>;
      const model = str(d.model);
      if (d.subtype === 'analysis') {
        const what = { sentiment: 'Sentiment', keywords: 'Keywords', both: 'Sentiment and keywords' }[str(d.analysisType) || 'both'] ?? '';
        return [what, model].filter(Boolean).join(' · ');
      }
      return model;
    },
    input: true,
    outputs: () => ONE_OUTPUT,
  },
  condition: {
    name: 'Logic',
    color: '#d97706',
    icon: (subtype) => (subtype === 'switch' ? ICONS.route : ICONS.branch),
    subtitle: (data) => {
      const d = data as Partial<ConditionNodeData>;
      const field = str(d.field);
      if (d.subtype === 'switch') return field ? `Route by ${field}` : 'No field to route by yet';
      if (!field) return 'No condition set yet';
      const op = OPERATORS[str(d.conditionType) || 'equals'] ?? str(d.conditionType);
      return d.conditionType === 'exists' ? `${field} exists` : `${field} ${op} ${str(d.value) || '""'}`;
    },
    input: true,
    // the handles the engine routes by, each named by its case's value
    outputs: (data) => {
      const d = data as Partial<ConditionNodeData>;
      const cases = d.cases ?? [];
      const handles = routingHandles({ type: 'condition', data: { ...d, cases, defaultHandle: d.defaultHandle || 'default' } } as FlowNode) ?? [];
      return handles.map((id) => ({ id, label: cases.find((c) => c.handle === id)?.value || id }));
    },
  },
  action: {
    name: 'Action',
    color: '#0284c7',
    icon: (subtype) => ({ database: ICONS.database, email: ICONS.send, slack: ICONS.message, mcp: ICONS.plug })[subtype] ?? ICONS.globe,
    subtitle: (data) => {
      const d = data as Partial<ActionNodeData>;
      switch (d.actionType) {
        case 'email':
          return str(d.to) ? `To ${str(d.to)}` : 'No recipient yet';
        case 'slack':
          return str(d.webhookUrl) || str(d.url) ? 'Posts to a Slack webhook' : 'No Slack webhook yet';
        case 'database':
          return str(d.table) ? `Insert into ${str(d.table)}` : 'No table yet';
        case 'mcp_tool':
          return str(d.mcpTool) ? `Tool ${str(d.mcpTool)}` : 'No tool chosen yet';
        case 'webhook':
          return str(d.url) ? `POST ${shortUrl(str(d.url))}` : 'No URL yet';
        default:
          return str(d.url) ? `${str(d.method) || 'GET'} ${shortUrl(str(d.url))}` : `${str(d.method) || 'GET'} · no URL yet`;
      }
    },
    input: true,
    outputs: () => ONE_OUTPUT,
  },
};

/** What the properties panel calls each action type (the stored value stays the engine's name). */
export const ACTION_TYPE_LABELS: Record<FlowActionType, string> = {
  api_call: 'HTTP request',
  database: 'Database insert',
  email: 'Send email',
  slack: 'Slack message',
  webhook: 'Webhook (POST JSON)',
  mcp_tool: 'MCP tool',
};

const FALLBACK: NodeKind = { name: 'Node', color: '#64748b', icon: () => ICONS.bolt, subtitle: () => '', input: true, outputs: () => ONE_OUTPUT };

export const kindOf = (type: string | undefined): NodeKind => NODE_KINDS[type as FlowNodeType] ?? FALLBACK;

/** The card's title: the node's label, else the display name of its palette item, else its kind's name. */
export function nodeTitle(node: KindNode): string {
  return str(node.data.label) || findPaletteItem(node.type ?? '', str(node.data.subtype))?.label || kindOf(node.type).name;
}

/** Everything a card shows about a node, from its type's entry. */
export function describeNode(node: KindNode) {
  const kind = kindOf(node.type);
  const subtype = str(node.data.subtype);
  return {
    kind,
    title: nodeTitle(node),
    subtitle: kind.subtitle(node.data),
    icon: kind.icon(subtype),
    input: kind.input,
    outputs: kind.outputs(node.data),
  };
}

/** The minimap's colour of a node: its kind's. */
export const minimapColor = (node: { type?: string }): string => kindOf(node.type).color;

/** The palette items a node can be created from after another one (a trigger takes no input). */
export const PICKER_PALETTE = FLOW_PALETTE.map((group) => ({ ...group, items: group.items.filter((item) => kindOf(item.type).input) })).filter(
  (g) => g.items.length > 0,
);

/** Palette items whose name, description or group contains every word of the query (case-insensitive). */
export function searchPalette(groups: typeof FLOW_PALETTE, query: string): { title: string; items: FlowPaletteItem[] }[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups.map((g) => ({ title: g.title, items: [...g.items] }));
  return groups
    .map((g) => ({
      title: g.title,
      items: g.items.filter((item) => {
        const text = `${item.label} ${item.description} ${g.title} ${kindOf(item.type).name}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.items.length > 0);
}
