// Agent helpers shared by the dashboard, the editor and the server (spec 01 §3–§5).
import {
  AGENT_AVATARS,
  AGENT_CATEGORIES,
  DEFAULT_MAX_HISTORY_ITEMS,
  FALLBACK_CATEGORY,
  REAL_AGENT_RATING,
} from './constants.js';
import { msg } from './messages.js';
import {
  agentSaveRequestSchema,
  agentSettingsSchema,
  modelSettingsSchema,
  stepSchema,
  type Agent,
  type AgentConfig,
  type AgentListItem,
  type Step,
} from './schemas.js';

/** Keyword → category for demo agents (spec 01 §3: Marketing, Sales, Research, Support, otherwise General). */
const CATEGORY_KEYWORDS: [string, RegExp][] = [
  ['Marketing', /market|campaign|brand|content|seo|social|newsletter/i],
  ['Sales', /sales|lead|prospect|deal|pipeline|crm|quote|proposal|revenue/i],
  ['Research', /research|analy|insight|competit|study|report|intel/i],
  ['Support', /support|help|ticket|customer|faq|service|onboard/i],
];
export function categoryByKeyword(name: string, description: string): string {
  const text = `${name} ${description}`;
  return CATEGORY_KEYWORDS.find(([, re]) => re.test(text))?.[0] ?? FALLBACK_CATEGORY;
}

/** A stable avatar for an agent that has none stored. */
export function avatarFor(name: string): string {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return AGENT_AVATARS[h % AGENT_AVATARS.length];
}

export function newStep(index: number): Step {
  return stepSchema.parse({ name: `Step ${index + 1}` });
}

export function newAgent(): Agent {
  return {
    id: '',
    name: '',
    file_name: '',
    avatar: AGENT_AVATARS[0],
    description: '',
    category: AGENT_CATEGORIES[0],
    status: 'Draft',
    flow_type: 'dynamic',
    query: '',
    params: {},
    steps: [],
    tools: [],
    use_history: true,
    save_history: true,
    max_history_items: DEFAULT_MAX_HISTORY_ITEMS,
    settings: agentSettingsSchema.parse({}),
  };
}

/** Card fields derived from a list item (spec 01 §3). Loaded agents show Active (spec 01 §4). */
export function agentFromListItem(item: AgentListItem, meta?: Partial<AgentConfig>): Agent {
  const category = meta?.category ?? categoryByKeyword(item.name, item.description);
  return {
    ...newAgent(),
    id: item.name,
    name: item.name,
    file_name: item.name,
    avatar: meta?.avatar ?? avatarFor(item.name),
    description: item.description,
    displayDescription: item.description,
    category,
    status: meta?.status ?? 'Active',
    usage: msg.usageText(item.size),
    rating: REAL_AGENT_RATING,
    lastModDate: item.lastModDate,
    chatbot: item.chatbot ?? meta?.chatbot ?? false,
  };
}

/** Merge a loaded configuration into an agent (spec 01 §7: "merged into the agent"). */
export function mergeAgentConfig(agent: Agent, config: Partial<AgentConfig>): Agent {
  return {
    ...agent,
    description: config.description ?? agent.description,
    query: config.query ?? agent.query,
    params: config.params ?? agent.params,
    flow_type: config.flow_type ?? agent.flow_type,
    steps: (config.steps ?? agent.steps).map((s) => stepSchema.parse(s)),
    tools: config.tools ?? agent.tools,
    use_history: config.use_history ?? agent.use_history,
    save_history: config.save_history ?? agent.save_history,
    max_history_items: config.max_history_items ?? agent.max_history_items,
    category: config.category ?? agent.category,
    avatar: config.avatar ?? agent.avatar,
    status: config.status ?? agent.status,
    settings: agentSettingsSchema.parse(config.settings ?? agent.settings),
    chatbot: config.chatbot ?? agent.chatbot,
    mcp: config.mcp ?? agent.mcp,
    knowledgeCollections: config.knowledgeCollections ?? agent.knowledgeCollections,
  };
}

/** The save body of spec 01 §7 for an agent. */
export function toSaveRequest(agent: Agent): AgentConfig {
  return {
    name: agent.name.trim(),
    description: agent.description,
    query: agent.query,
    params: agent.params,
    flow_type: agent.flow_type,
    steps: agent.steps,
    file_name: agent.file_name || agent.id || agent.name,
    trace: false,
    thread_id: '',
    namespace: 'default',
    use_history: agent.use_history,
    save_history: agent.save_history,
    max_history_items: agent.max_history_items,
    inputs: [],
    category: (AGENT_CATEGORIES as readonly string[]).includes(agent.category) ? (agent.category as AgentConfig['category']) : undefined,
    avatar: agent.avatar,
    status: agent.status,
    tools: agent.tools,
    settings: agent.settings,
    chatbot: agent.chatbot ?? false,
    ...(agent.mcp === false ? { mcp: false } : {}),
    ...(agent.knowledgeCollections?.length ? { knowledgeCollections: agent.knowledgeCollections } : {}),
  };
}

/** Dashboard search (spec 01 §5): case-insensitive over name, description and category, with the category filter. */
export function filterAgents(agents: Agent[], search: string, category: string | null): Agent[] {
  const q = search.trim().toLowerCase();
  return agents.filter(
    (a) =>
      (!category || a.category === category) &&
      (!q || a.name.toLowerCase().includes(q) || a.description.toLowerCase().includes(q) || a.category.toLowerCase().includes(q)),
  );
}

/** System prompt text is split by line and blank lines are dropped (spec 01 §5). */
export function splitSystemPrompt(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
}

/** Next free auto-name param{n} (spec 01 §2). */
export function nextParamName(params: Record<string, string>): string {
  let n = Object.keys(params).length + 1;
  while (`param${n}` in params) n++;
  return `param${n}`;
}

/** Rename keeping order; ignored when the new name is empty, unchanged or taken (spec 01 §5). */
export function renameParam(params: Record<string, string>, from: string, to: string): Record<string, string> {
  const next = to.trim();
  if (!next || next === from || next in params) return params;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => (k === from ? [next, v] : [k, v])));
}

/** A tool can be added only when chosen and not already on the step (spec 01 §5). */
export function canAddTool(step: Step, tool: string | null | undefined): boolean {
  return Boolean(tool) && !step.tools.includes(tool as string);
}

/** Clamp a model setting into the spec's bounds. */
export const modelDefaults = () => modelSettingsSchema.parse({});

/** Local duplicate (spec 01 §4): name suffixed (Copy), generated id, not saved. */
export function duplicateAgent(agent: Agent, id: string): Agent {
  const name = `${agent.name} (Copy)`;
  return { ...structuredClone(agent), id, name, file_name: name, localOnly: true };
}

/**
 * A stored configuration with every default applied, as the editor shows and saves it: an agent saved by the
 * API without settings and the same agent saved by the editor (rate limit 60, memory session, …) are the same
 * configuration. Versions are compared in this form, so a diff lists only what someone changed.
 */
export function normalizeAgentConfig(config: Partial<AgentConfig>): AgentConfig {
  const parsed = agentSaveRequestSchema.safeParse(config);
  const c = parsed.success ? parsed.data : ({ ...agentSaveRequestSchema.parse({ name: config.name?.trim() || 'Agent' }), ...config } as AgentConfig);
  return {
    ...c,
    steps: c.steps.map((s) => stepSchema.safeParse(s).data ?? s),
    category: c.category ?? (categoryByKeyword(c.name, c.description) as AgentConfig['category']),
    avatar: c.avatar ?? avatarFor(c.name),
    // a loaded agent without a stored status shows Active (spec 01 §4)
    status: c.status ?? 'Active',
    tools: c.tools ?? [],
    settings: agentSettingsSchema.parse(c.settings ?? {}),
    chatbot: c.chatbot ?? false,
    knowledgeCollections: c.knowledgeCollections ?? [],
  };
}
