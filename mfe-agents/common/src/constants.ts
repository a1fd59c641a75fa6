// The Agents area's constants (spec 01 §3, §5, §9): models, tools, categories, statuses, the editor's
// Advanced Settings, ratings. The server, mfe-agents and the areas that pick an agent use them.

/** How long the dashboard's category filter animates. */
export const FILTER_ANIMATION_MS = 300;

export const DEFAULT_MAX_HISTORY_ITEMS = 10;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;

export const MODEL_PROVIDERS = {
  openai: ['gpt-4', 'gpt-4-turbo', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1-mini', 'gpt-3.5-turbo'],
  anthropic: ['claude-3-opus', 'claude-3-sonnet', 'claude-3-haiku', 'claude-3.5-sonnet'],
  google: ['gemini-pro', 'gemini-pro-vision', 'palm-2'],
  microsoft: ['azure-gpt-4', 'azure-gpt-35-turbo'],
} as const;
export type ModelProvider = keyof typeof MODEL_PROVIDERS;
export const PROVIDER_NAMES = Object.keys(MODEL_PROVIDERS) as ModelProvider[];

/** Step model bounds (spec 01 §5). */
export const MODEL_BOUNDS = {
  temperature: { min: 0, max: 2, step: 0.1 },
  max_retries: { min: 0, max: 10 },
  timeout: { min: 1, max: 600 },
  max_tokens: { min: 0 },
} as const;

/** Default step model (spec 01 §9). */
export const DEFAULT_STEP_MODEL = {
  provider: 'openai' as ModelProvider,
  model: 'gpt-4',
  temperature: 0.7,
  max_retries: 3,
  timeout: 30,
  max_tokens: 1000,
  system: '',
  enable_context_helper: true,
};

export const TOOL_CATALOGUE = [
  'Google Search',
  'internal knowledge base search',
  'Serp API',
  'Find Document',
  'Ask Agent',
  'Run Agent Command',
  'Send Channel Message',
  'Send Direct Message',
  'Send Message',
  'SendGrid',
  'Create Draft Email',
  'HubSpot API',
  'Salesforce API',
  'Insert Row',
  'Append Text',
  'Create Document',
  'LinkedIn API',
  'Create Share Update',
  'Create Company Update',
  'Duplicate File',
  'Create New Folder',
  'Create New File',
  'Create Quick Event',
  'Presentation Builder',
  'Library File Reader',
] as const;
export type ToolName = (typeof TOOL_CATALOGUE)[number];

export const AGENT_CATEGORIES = ['Sales', 'Marketing', 'Research', 'Support'] as const;
export type AgentCategory = (typeof AGENT_CATEGORIES)[number];
/** Demo agents that match no keyword fall back to this (spec 01 §3). */
export const FALLBACK_CATEGORY = 'General';
export const ALL_CATEGORIES_LABEL = 'All Categories';

export const AGENT_STATUSES = ['Draft', 'Active', 'Inactive'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const FLOW_TYPES = ['dynamic', 'supervisor'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];
export const FLOW_TYPE_LABELS: Record<FlowType, string> = {
  dynamic: 'Multi-step workflow',
  supervisor: 'Single step execution',
};

/** The ten agent avatars. */
export const AGENT_AVATARS = ['🤖', '🧠', '💼', '📈', '🔍', '✉️', '🎯', '📊', '💡', '🚀'] as const;

export const PARTNER_ICON_KEYS = ['salesforce', 'hubspot', 'microsoft', 'google', 'slack', 'zoom', 'linkedin', 'mailchimp', 'zapier', 'tableau'] as const;
export type PartnerIconKey = (typeof PARTNER_ICON_KEYS)[number];
/** Only salesforce and hubspot use logo images; the rest are emoji (spec 01 §3). */
export const PARTNER_ICON_EMOJI: Record<Exclude<PartnerIconKey, 'salesforce' | 'hubspot'>, string> = {
  microsoft: '🪟',
  google: '🔎',
  slack: '💬',
  zoom: '🎥',
  linkedin: '💼',
  mailchimp: '🐵',
  zapier: '⚡',
  tableau: '📊',
};

/** Agent editor Advanced Settings (spec 01 §9). */
export const MEMORY_OPTIONS = ['none', 'session', 'persistent'] as const;
export type MemoryOption = (typeof MEMORY_OPTIONS)[number];
export const DEFAULT_MEMORY: MemoryOption = 'session';
export const FALLBACK_OPTIONS = [
  { value: 'apologize', label: 'Apologize and ask for clarification' },
  { value: 'escalate', label: 'Escalate to human' },
  { value: 'search', label: 'Search knowledge base' },
] as const;
export type FallbackOption = (typeof FALLBACK_OPTIONS)[number]['value'];
export const DEFAULT_FALLBACK: FallbackOption = 'apologize';
export const ACCESS_PERMISSIONS = [
  { key: 'all_users', label: 'All Users', default: true },
  { key: 'sales_team', label: 'Sales Team Only', default: false },
  { key: 'marketing_team', label: 'Marketing Team Only', default: false },
  { key: 'admin_only', label: 'Admin Only', default: false },
] as const;
export type AccessPermissionKey = (typeof ACCESS_PERMISSIONS)[number]['key'];

/** Real agents get a fixed rating; demo agents 4.7 + random up to 0.6 (spec 01 §9). */
export const REAL_AGENT_RATING = 4.5;
export const DEMO_RATING_BASE = 4.7;
export const DEMO_RATING_SPREAD = 0.6;
