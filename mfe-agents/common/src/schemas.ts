// zod schemas of the Agents area's boundaries (spec 01 §3 and §7). The server validates requests with these
// and the browser validates what it sends, so a bad value gets the same clear message on both sides.
import { z } from 'zod';
import {
  AGENT_AVATARS,
  AGENT_CATEGORIES,
  AGENT_STATUSES,
  DEFAULT_MAX_HISTORY_ITEMS,
  DEFAULT_STEP_MODEL,
  FLOW_TYPES,
  MODEL_BOUNDS,
  PARTNER_ICON_KEYS,
} from './constants.js';

const name = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

// ---- Agents -------------------------------------------------------------------------------------

export const modelSettingsSchema = z.object({
  provider: z.string().min(1).max(50).default(DEFAULT_STEP_MODEL.provider),
  model: z.string().min(1).max(100).default(DEFAULT_STEP_MODEL.model),
  temperature: z
    .number({ error: 'Temperature must be a number' })
    .min(MODEL_BOUNDS.temperature.min, 'Temperature must be between 0 and 2')
    .max(MODEL_BOUNDS.temperature.max, 'Temperature must be between 0 and 2')
    .default(DEFAULT_STEP_MODEL.temperature),
  max_retries: z
    .number({ error: 'Max retries must be a number' })
    .int('Max retries must be a whole number')
    .min(MODEL_BOUNDS.max_retries.min, 'Max retries must be between 0 and 10')
    .max(MODEL_BOUNDS.max_retries.max, 'Max retries must be between 0 and 10')
    .default(DEFAULT_STEP_MODEL.max_retries),
  timeout: z
    .number({ error: 'Timeout must be a number' })
    .min(MODEL_BOUNDS.timeout.min, 'Timeout must be between 1 and 600 seconds')
    .max(MODEL_BOUNDS.timeout.max, 'Timeout must be between 1 and 600 seconds')
    .default(DEFAULT_STEP_MODEL.timeout),
  max_tokens: z
    .number({ error: 'Max tokens must be a number' })
    .int('Max tokens must be a whole number')
    .min(MODEL_BOUNDS.max_tokens.min, 'Max tokens must be at least 0')
    .default(DEFAULT_STEP_MODEL.max_tokens),
  system: z.string().max(100_000).default(''),
  enable_context_helper: z.boolean().default(DEFAULT_STEP_MODEL.enable_context_helper),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

export const stepSchema = z.object({
  name: z.string().max(200).default(''),
  query: z.string().max(100_000).default(''),
  system: z.array(z.string().max(100_000)).max(1000).default([]),
  model: modelSettingsSchema.default(() => modelSettingsSchema.parse({})),
  tools: z.array(z.string().min(1).max(100)).max(100).default([]),
  include_in_output: z.boolean().default(true),
  enable_multimodal_input: z.boolean().default(false),
});
export type Step = z.infer<typeof stepSchema>;

export const paramsSchema = z.record(z.string().min(1, 'Parameter names cannot be empty').max(100), z.string().max(100_000));

/** Settings of the editor's Advanced Settings tab that the server keeps with the agent. */
export const agentSettingsSchema = z.object({
  rate_limit: z.number({ error: 'Rate limit must be a number' }).int('Rate limit must be a whole number').min(1, 'Rate limit must be at least 1 request per minute').max(100_000).default(60),
  memory: z.enum(['none', 'session', 'persistent']).default('session'),
  fallback: z.enum(['apologize', 'escalate', 'search']).default('apologize'),
  access: z.array(z.enum(['all_users', 'sales_team', 'marketing_team', 'admin_only'])).default(['all_users']),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/** POST /api/v1/agent/save (spec 01 §7) plus the fields the editor keeps (description metadata, settings). */
export const agentSaveRequestSchema = z.object({
  name: name('Agent name', 200).refine((v) => !/[\/\\]/.test(v), 'Agent name cannot contain slashes'),
  description: z.string().max(10_000).default(''),
  query: z.string().max(100_000).default(''),
  params: paramsSchema.default({}),
  flow_type: z.enum(FLOW_TYPES, { error: 'flow_type must be dynamic or supervisor' }).default('dynamic'),
  steps: z.array(stepSchema).max(100, 'An agent can have at most 100 steps').default([]),
  file_name: z.string().max(200).default(''),
  trace: z.boolean().default(false),
  thread_id: z.string().max(200).default(''),
  namespace: z.string().max(200).default('default'),
  use_history: z.boolean().default(true),
  save_history: z.boolean().default(true),
  max_history_items: z.number().int().min(0).max(1000).default(DEFAULT_MAX_HISTORY_ITEMS),
  inputs: z.array(z.unknown()).max(1000).default([]),
  // editor metadata (not in the spec's request, kept so a reload shows what was saved)
  category: z.enum(AGENT_CATEGORIES).optional(),
  avatar: z.string().max(16).optional(),
  status: z.enum(AGENT_STATUSES).optional(),
  tools: z.array(z.string().max(100)).max(100).optional(),
  settings: agentSettingsSchema.optional(),
  /** offered on /chatbots as a chat that keeps a thread */
  chatbot: z.boolean().optional(),
  /** offered to MCP clients as a tool at /mcp; absent: offered (administrators change it) */
  mcp: z.boolean().optional(),
  /** the knowledge collections (ids) its knowledge base search may read; absent or empty: all of the library's */
  knowledgeCollections: z.array(z.uuid('A knowledge collection id is not valid')).max(50, 'At most 50 knowledge collections').optional(),
});
export type AgentSaveRequest = z.input<typeof agentSaveRequestSchema>;
export type AgentConfig = z.infer<typeof agentSaveRequestSchema>;

/** GET /api/v1/agent/list item (spec 01 §3). */
export const agentListItemSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** size in KB */
  size: z.number(),
  lastModDate: z.string(),
  importDate: z.string(),
  // what the cards show without loading every config (our addition to the spec's list item)
  category: z.enum(AGENT_CATEGORIES).optional(),
  avatar: z.string().optional(),
  status: z.enum(AGENT_STATUSES).optional(),
  tools: z.array(z.string()).optional(),
  chatbot: z.boolean().optional(),
  /** the model providers its steps use that the library has no key (or base URL) for: it cannot run now */
  missingProviders: z.array(z.string()).optional(),
});
export type AgentListItem = z.infer<typeof agentListItemSchema>;
export const agentListResponseSchema = z.object({ status: z.literal('success'), agents: z.array(agentListItemSchema) });
export type AgentListResponse = z.infer<typeof agentListResponseSchema>;

/** GET /api/v1/multi-agent/agent-config?name= : the saved configuration plus its version. */
export const agentConfigResponseSchema = agentSaveRequestSchema.extend({ version: z.number().int() });
export type AgentConfigResponse = z.infer<typeof agentConfigResponseSchema>;

export const agentNameQuerySchema = z.object({ name: name('Agent name', 200) });

/** POST /api/v1/agent/invoke (spec 01 §7). */
export const agentInvokeRequestSchema = z.object({
  trace: z.boolean().default(false),
  params: z.record(z.string(), z.string().max(100_000)).default({}),
  name: name('Agent name', 200),
  thread_id: z.string().max(200).default(''),
  namespace: z.string().max(200).default('default'),
  use_history: z.boolean().default(false),
  save_history: z.boolean().default(false),
  max_history_items: z.number().int().min(0).max(1000).default(DEFAULT_MAX_HISTORY_ITEMS),
  query: z.string().max(100_000).default(''),
  file_name: z.string().max(200).default(''),
});
export type AgentInvokeRequest = z.input<typeof agentInvokeRequestSchema>;

/** The agent as the dashboard and editor see it (spec 01 §3 "Agent" and the derived list fields). */
export interface Agent {
  id: string;
  name: string;
  file_name: string;
  avatar: string;
  description: string;
  displayDescription?: string;
  category: string;
  status: (typeof AGENT_STATUSES)[number];
  flow_type: (typeof FLOW_TYPES)[number];
  query: string;
  params: Record<string, string>;
  steps: Step[];
  tools: string[];
  use_history: boolean;
  save_history: boolean;
  max_history_items: number;
  settings: AgentSettings;
  /** offered on /chatbots */
  chatbot?: boolean;
  /** offered to MCP clients at /mcp (absent: offered) */
  mcp?: boolean;
  /** the knowledge collections (ids) its knowledge base search may read; empty: all */
  knowledgeCollections?: string[];
  // derived for cards
  model?: string;
  usage?: string;
  rating?: number;
  partnerIcons?: (typeof PARTNER_ICON_KEYS)[number][];
  lastModDate?: string;
  /** true for a local copy made by Duplicate (not saved to the server) */
  localOnly?: boolean;
  /** true for demo agents shown in presentation mode */
  demo?: boolean;
}

export const avatarSchema = z.enum(AGENT_AVATARS);
