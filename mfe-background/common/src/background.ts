// Background agents (spec 02 §2.3–2.4, §3.5–3.6, §4.4, §5, §9): the editor's configuration (camelCase,
// zod schema with every default), its enumerations, the dashboard card, the publish/test rules, the
// preview checklist and schedule summary, and the stored rows (snake_case, tables `background_agents`
// and `background_runs`, migration 008; the full configuration lives in the `config` jsonb column).
import { z } from 'zod';

// ---- Enumerations and constants (§3.6, §9) -------------------------------------------------------

export const BACKGROUND_CATEGORIES = [
  'CRM Monitoring',
  'Market Research',
  'Sales Analytics',
  'Customer Success',
  'Lead Management',
  'Content Generation',
  'Competitor Analysis',
  'System Monitoring',
] as const;
export type BackgroundCategory = (typeof BACKGROUND_CATEGORIES)[number];

/** The dashboard's category filter (§2.3); 'All' shows every agent. */
export const BACKGROUND_DASHBOARD_CATEGORIES = [
  'All',
  'Sales',
  'Marketing',
  'Research',
  'CRM Monitoring',
  'Market Research',
  'Sales Analytics',
] as const;
export type BackgroundDashboardCategory = (typeof BACKGROUND_DASHBOARD_CATEGORIES)[number];

/**
 * The spec's broad chips (Sales, Marketing, Research) are not categories the editor offers: each stands
 * for the editor's categories of its kind, so an agent made in the editor is found under them.
 */
export const BACKGROUND_CHIP_CATEGORIES: Readonly<Partial<Record<BackgroundDashboardCategory, readonly BackgroundCategory[]>>> = {
  Sales: ['Sales Analytics', 'Lead Management', 'Customer Success'],
  Marketing: ['Content Generation', 'Competitor Analysis', 'Market Research'],
  Research: ['Market Research', 'Competitor Analysis'],
};

/** Whether an agent of `category` is shown under the chip. */
export function matchesCategoryChip(chip: string, category: string | null | undefined): boolean {
  if (!chip || chip === 'All') return true;
  const members = BACKGROUND_CHIP_CATEGORIES[chip as BackgroundDashboardCategory] as readonly string[] | undefined;
  return category === chip || (members?.includes(category ?? '') ?? false);
}

/** The spec's chips, then one for each category of the agents that none of them shows (e.g. System Monitoring). */
export function dashboardCategoryChips(agents: readonly { category?: string | null }[]): string[] {
  const chips: string[] = [...BACKGROUND_DASHBOARD_CATEGORIES];
  const extra = new Set<string>();
  for (const a of agents) {
    const c = (a.category ?? '').trim();
    if (c && !chips.slice(1).some((chip) => matchesCategoryChip(chip, c))) extra.add(c);
  }
  const order = (c: string) => {
    const i = (BACKGROUND_CATEGORIES as readonly string[]).indexOf(c);
    return i === -1 ? BACKGROUND_CATEGORIES.length : i;
  };
  return [...chips, ...[...extra].sort((a, b) => order(a) - order(b) || a.localeCompare(b))];
}

/** robot, bell, chart, warning, target, magnifier, green heart, envelope, alarm clock, rocket, briefcase, rising chart */
export const BACKGROUND_ICONS = ['🤖', '🔔', '📊', '⚠️', '🎯', '🔍', '💚', '✉️', '⏰', '🚀', '💼', '📈'] as const;
export type BackgroundIcon = (typeof BACKGROUND_ICONS)[number];
export const DEFAULT_BACKGROUND_ICON: BackgroundIcon = '🤖';

export const BACKGROUND_DATA_SOURCE_GROUPS = [
  {
    id: 'crm',
    label: 'CRM',
    sources: [
      { value: 'salesforce', label: 'Salesforce' },
      { value: 'hubspot', label: 'HubSpot' },
      { value: 'pipedrive', label: 'Pipedrive' },
    ],
  },
  {
    id: 'communication',
    label: 'Communication',
    sources: [
      { value: 'gmail', label: 'Gmail' },
      { value: 'outlook', label: 'Outlook' },
      { value: 'slack', label: 'Slack' },
    ],
  },
  {
    id: 'external',
    label: 'External',
    sources: [
      { value: 'web_scraping', label: 'Web Scraping' },
      { value: 'news_apis', label: 'News APIs' },
      { value: 'social_media', label: 'Social Media' },
    ],
  },
] as const;
const BACKGROUND_SOURCE_LABELS: ReadonlyMap<string, string> = new Map(BACKGROUND_DATA_SOURCE_GROUPS.flatMap((g) => g.sources.map((s) => [s.value, s.label] as const)));
/** A data source's label (§3.6): 'hubspot' → 'HubSpot'. */
export const backgroundSourceLabel = (source: string): string => BACKGROUND_SOURCE_LABELS.get(source) ?? source;

export const BACKGROUND_DATA_SOURCES = [
  'salesforce',
  'hubspot',
  'pipedrive',
  'gmail',
  'outlook',
  'slack',
  'web_scraping',
  'news_apis',
  'social_media',
] as const;
export type BackgroundDataSource = (typeof BACKGROUND_DATA_SOURCES)[number];

export const BACKGROUND_STEP_TYPES = [
  'data_collection',
  'filtering',
  'analysis',
  'scoring',
  'classification',
  'generation',
  'formatting',
  'validation',
] as const;
export type BackgroundStepType = (typeof BACKGROUND_STEP_TYPES)[number];
export const BACKGROUND_STEP_TYPE_LABELS: Readonly<Record<BackgroundStepType, string>> = {
  data_collection: 'Data Collection',
  filtering: 'Filtering',
  analysis: 'Analysis',
  scoring: 'Scoring',
  classification: 'Classification',
  generation: 'Content Generation',
  formatting: 'Formatting',
  validation: 'Validation',
};

export const BACKGROUND_SCHEDULE_TYPES = ['interval', 'cron', 'event'] as const;
export type BackgroundScheduleType = (typeof BACKGROUND_SCHEDULE_TYPES)[number];

export const BACKGROUND_INTERVALS = ['5min', '15min', '30min', '1hour', '4hours', 'daily', 'weekly', 'monthly'] as const;
export type BackgroundInterval = (typeof BACKGROUND_INTERVALS)[number];
/** The schedule summary labels (§9). */
export const BACKGROUND_INTERVAL_LABELS: Readonly<Record<BackgroundInterval, string>> = {
  '5min': 'Every 5 minutes',
  '15min': 'Every 15 minutes',
  '30min': 'Every 30 minutes',
  '1hour': 'Every hour',
  '4hours': 'Every 4 hours',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const BACKGROUND_TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Tokyo',
] as const;
export type BackgroundTimezone = (typeof BACKGROUND_TIMEZONES)[number];

export const BACKGROUND_OUTPUT_FORMATS = ['markdown', 'html', 'json', 'csv', 'pdf', 'slack_blocks'] as const;
export type BackgroundOutputFormat = (typeof BACKGROUND_OUTPUT_FORMATS)[number];

export const BACKGROUND_DELIVERY_CHANNELS = ['email', 'slack', 'sms', 'webhook', 'dashboard'] as const;
export type BackgroundDeliveryChannel = (typeof BACKGROUND_DELIVERY_CHANNELS)[number];

export const BACKGROUND_PERMISSIONS = [
  'read_crm',
  'write_crm',
  'read_emails',
  'send_emails',
  'post_slack',
  'send_sms',
  'web_scraping',
  'api_calls',
] as const;
export type BackgroundPermission = (typeof BACKGROUND_PERMISSIONS)[number];
/** The editor's permission groups (§2.4). */
export const BACKGROUND_PERMISSION_GROUPS = [
  { label: 'Data Access', permissions: ['read_crm', 'write_crm', 'read_emails'] },
  { label: 'Communication', permissions: ['send_emails', 'post_slack', 'send_sms'] },
  { label: 'External Access', permissions: ['web_scraping', 'api_calls'] },
] as const satisfies readonly { label: string; permissions: readonly BackgroundPermission[] }[];

/** The editor's statuses (added on save); cards also show 'paused'. */
export const BACKGROUND_CONFIG_STATUSES = ['draft', 'active'] as const;
export type BackgroundConfigStatus = (typeof BACKGROUND_CONFIG_STATUSES)[number];
export const BACKGROUND_AGENT_STATUSES = ['draft', 'active', 'paused'] as const;
export type BackgroundAgentStatus = (typeof BACKGROUND_AGENT_STATUSES)[number];
export const BACKGROUND_STATUS_LABELS: Readonly<Record<BackgroundAgentStatus, string>> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
};

export const BACKGROUND_RETRIES = { min: 0, max: 10, default: 3 } as const;
/** Minutes. */
export const BACKGROUND_RETRY_DELAY = { min: 1, max: 60, default: 5 } as const;
export const DEFAULT_BACKGROUND_SCHEDULE_TYPE: BackgroundScheduleType = 'interval';
export const DEFAULT_BACKGROUND_INTERVAL: BackgroundInterval = 'daily';
export const DEFAULT_BACKGROUND_TIMEZONE: BackgroundTimezone = 'UTC';
export const DEFAULT_BACKGROUND_OUTPUT_FORMAT: BackgroundOutputFormat = 'markdown';
/** Dashboard filter animation (§2.3). */
export const BACKGROUND_FILTER_ANIMATION_MS = 300;
/** The cron hint: 7 AM on weekdays (§2.4). */
export const BACKGROUND_CRON_EXAMPLE = '0 7 * * 1-5';

// ---- Texts (§2.3, §2.4, §4.4, §5) ---------------------------------------------------------------

export const BACKGROUND_TEXTS = {
  createTitle: 'Create Background Agent',
  editTitle: 'Edit Background Agent',
  // beyond the spec: what a member, who may not change agents, sees instead of the editor
  viewTitle: 'Background Agent',
  viewSubtitle: 'Read only: your role does not allow changing background agents.',
  subtitle: 'Configure autonomous agent for scheduled execution',
  searchPlaceholder: 'Search agents...',
  testAlert: 'Agent test initiated! Check console for details.',
  untitled: 'Untitled Agent',
  noCategory: 'No category',
  noDescription: 'No description provided',
  notConfigured: 'Not configured',
  // beyond the spec: an active agent without a schedule would never run
  intervalMissing: 'Choose an interval to publish: without a schedule the agent never runs.',
  cronMissing: 'Enter a cron expression to publish: without a schedule the agent never runs.',
  newAgentName: 'New Background Agent',
  newAgentCategory: 'Automation',
  backToAgents: 'Back to Agents',
  testConfiguration: 'Test Configuration',
  saveDraft: 'Save Draft',
  publish: 'Publish',
  update: 'Update',
} as const;

export function backgroundEditorTitle(editing: boolean): string {
  return editing ? BACKGROUND_TEXTS.editTitle : BACKGROUND_TEXTS.createTitle;
}

/** §5: the confirmation before deleting an agent. */
export function backgroundDeleteConfirmText(name: string): string {
  return `Are you sure you want to delete "${name}"? This action cannot be undone.`;
}

// ---- Configuration (§3.6) ------------------------------------------------------------------------

export const backgroundProcessingStepSchema = z.object({
  type: z.enum(BACKGROUND_STEP_TYPES).default('data_collection'),
  description: z.string().default(''),
});
export type BackgroundProcessingStep = z.infer<typeof backgroundProcessingStepSchema>;

export const backgroundAgentConfigSchema = z.object({
  name: z.string().default(''),
  category: z.string().default(''),
  description: z.string().default(''),
  icon: z.string().min(1).default(DEFAULT_BACKGROUND_ICON),
  systemPrompt: z.string().default(''),
  dataSources: z.array(z.enum(BACKGROUND_DATA_SOURCES)).default([]),
  processingSteps: z.array(backgroundProcessingStepSchema).default([]),
  scheduleType: z.enum(BACKGROUND_SCHEDULE_TYPES).default(DEFAULT_BACKGROUND_SCHEDULE_TYPE),
  /** '' when the schedule type is not interval (§4.4). */
  interval: z.union([z.enum(BACKGROUND_INTERVALS), z.literal('')]).default(DEFAULT_BACKGROUND_INTERVAL),
  cronExpression: z.string().default(''),
  timezone: z.string().min(1).default(DEFAULT_BACKGROUND_TIMEZONE),
  runOnDemand: z.boolean().default(true),
  outputFormat: z.enum(BACKGROUND_OUTPUT_FORMATS).default(DEFAULT_BACKGROUND_OUTPUT_FORMAT),
  outputTemplate: z.string().default(''),
  deliveryChannels: z.array(z.enum(BACKGROUND_DELIVERY_CHANNELS)).default([]),
  permissions: z.array(z.enum(BACKGROUND_PERMISSIONS)).default([]),
  /** tools of the library's MCP servers its runs may call (`mcp:<server id>:<tool>`, as agents' steps hold them) */
  mcpTools: z.array(z.string().regex(/^mcp:[^:]+:.+$/, 'An MCP tool is written mcp:<server id>:<tool>')).max(50, 'At most 50 MCP tools').default([]),
  maxRetries: z.number().int().min(BACKGROUND_RETRIES.min).max(BACKGROUND_RETRIES.max).default(BACKGROUND_RETRIES.default),
  retryDelay: z
    .number()
    .int()
    .min(BACKGROUND_RETRY_DELAY.min)
    .max(BACKGROUND_RETRY_DELAY.max)
    .default(BACKGROUND_RETRY_DELAY.default),
  // Where the deliveries go (not in the spec, which shows no delivery settings; needed to deliver for
  // real). Slack and SMS use the library's connector credentials (Admin → Credentials).
  /** email channel: comma-separated addresses; empty → the agent owner's address */
  emailRecipients: z.string().max(2000).default(''),
  /** sms channel: comma-separated phone numbers in E.164 (+15551234567) */
  smsRecipients: z.string().max(2000).default(''),
  /** webhook channel: the URL receiving a signed POST (X-Accent-Signature, the library's webhook secret) */
  webhookUrl: z.string().max(2000).default(''),
  /** Comma-separated recipients, not validated (§5). */
  errorNotifications: z.string().default(''),
  pauseOnError: z.boolean().default(true),
  status: z.enum(BACKGROUND_CONFIG_STATUSES).default('draft'),
});
/** A parsed configuration: every field present. */
export type BackgroundAgentConfig = z.infer<typeof backgroundAgentConfigSchema>;
/** What the schema accepts: any field may be missing. */
export type BackgroundAgentConfigInput = z.input<typeof backgroundAgentConfigSchema>;

/** A configuration with every default (an empty editor). */
export function defaultBackgroundConfig(): BackgroundAgentConfig {
  return backgroundAgentConfigSchema.parse({});
}

/** §4.4 "Add step": a data_collection step with an empty description. */
export function newProcessingStep(): BackgroundProcessingStep {
  return { type: 'data_collection', description: '' };
}

const filled = (s: string | undefined | null): boolean => typeof s === 'string' && s.trim() !== '';

type ScheduleFields = Pick<BackgroundAgentConfig, 'scheduleType' | 'interval' | 'cronExpression'>;
type PublishFields = Pick<BackgroundAgentConfig, 'name' | 'category' | 'description' | 'systemPrompt' | 'dataSources' | 'deliveryChannels'> & ScheduleFields;

/**
 * Why the agent has no schedule (an interval schedule with no interval, e.g. just switched from cron; a
 * cron schedule with no expression), or null. Event-triggered agents need none.
 */
export function scheduleMissing(config: ScheduleFields): string | null {
  if (config.scheduleType === 'interval' && !(config.interval && config.interval in BACKGROUND_INTERVAL_LABELS)) return BACKGROUND_TEXTS.intervalMissing;
  if (config.scheduleType === 'cron' && !filled(config.cronExpression)) return BACKGROUND_TEXTS.cronMissing;
  return null;
}

/**
 * §5: name, category, description and system prompt non-empty, a data source and a delivery channel;
 * and a schedule (an agent published without one would be active and never run).
 */
export function canPublish(config: PublishFields): boolean {
  return (
    scheduleMissing(config) === null &&
    filled(config.name) &&
    filled(config.category) &&
    filled(config.description) &&
    filled(config.systemPrompt) &&
    config.dataSources.length > 0 &&
    config.deliveryChannels.length > 0
  );
}

/** §5: name and system prompt non-empty. */
export function canTest(config: Pick<BackgroundAgentConfig, 'name' | 'systemPrompt'>): boolean {
  return filled(config.name) && filled(config.systemPrompt);
}

export interface PreviewChecklistItem {
  key: 'name' | 'category' | 'systemPrompt' | 'dataSources' | 'deliveryChannels';
  label: string;
  done: boolean;
}

/** §2.4: the preview's five checks. */
export function previewChecklist(
  config: Pick<BackgroundAgentConfig, 'name' | 'category' | 'systemPrompt' | 'dataSources' | 'deliveryChannels'>,
): PreviewChecklistItem[] {
  return [
    { key: 'name', label: 'Agent name', done: filled(config.name) },
    { key: 'category', label: 'Category selected', done: filled(config.category) },
    { key: 'systemPrompt', label: 'System prompt', done: filled(config.systemPrompt) },
    { key: 'dataSources', label: 'Data sources', done: config.dataSources.length > 0 },
    { key: 'deliveryChannels', label: 'Delivery channels', done: config.deliveryChannels.length > 0 },
  ];
}

/** §9: the interval's label, the cron expression itself, otherwise "Not configured". */
export function scheduleSummary(config: Pick<BackgroundAgentConfig, 'scheduleType' | 'interval' | 'cronExpression'>): string {
  if (config.scheduleType === 'interval' && config.interval && config.interval in BACKGROUND_INTERVAL_LABELS) {
    return BACKGROUND_INTERVAL_LABELS[config.interval as BackgroundInterval];
  }
  if (config.scheduleType === 'cron' && filled(config.cronExpression)) return config.cronExpression;
  return BACKGROUND_TEXTS.notConfigured;
}

/** §2.4: the preview's name, category and description with their fallbacks. */
export function previewTexts(config: Pick<BackgroundAgentConfig, 'name' | 'category' | 'description'>): {
  name: string;
  category: string;
  description: string;
} {
  return {
    name: filled(config.name) ? config.name : BACKGROUND_TEXTS.untitled,
    category: filled(config.category) ? config.category : BACKGROUND_TEXTS.noCategory,
    description: filled(config.description) ? config.description : BACKGROUND_TEXTS.noDescription,
  };
}

/** §4.4 on loading an existing agent: false runOnDemand / pauseOnError become true, maxRetries 0 becomes 3. */
export function normalizeLoadedConfig<T extends Partial<Pick<BackgroundAgentConfig, 'runOnDemand' | 'pauseOnError' | 'maxRetries'>>>(
  config: T,
): T {
  const out = { ...config };
  if (out.runOnDemand === false) out.runOnDemand = true;
  if (out.pauseOnError === false) out.pauseOnError = true;
  if (out.maxRetries === 0) out.maxRetries = BACKGROUND_RETRIES.default;
  return out;
}

/** §4.4: clears the cron expression unless cron, the interval unless interval. */
export function changeScheduleType<T extends Pick<BackgroundAgentConfig, 'scheduleType' | 'interval' | 'cronExpression'>>(
  config: T,
  scheduleType: BackgroundScheduleType,
): T {
  return {
    ...config,
    scheduleType,
    cronExpression: scheduleType === 'cron' ? config.cronExpression : '',
    interval: scheduleType === 'interval' ? config.interval : '',
  };
}

// ---- Dashboard card (§3.5) ------------------------------------------------------------------------

export const backgroundAgentCardSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.enum(BACKGROUND_AGENT_STATUSES),
});
export type BackgroundAgentCard = z.infer<typeof backgroundAgentCardSchema>;

/**
 * §2.3 "Create from scratch": a new agent named "New Background Agent", category Automation, status
 * Draft, with every configuration default.
 */
export function newBackgroundAgent(): BackgroundAgentConfig {
  return {
    ...defaultBackgroundConfig(),
    name: BACKGROUND_TEXTS.newAgentName,
    category: BACKGROUND_TEXTS.newAgentCategory,
    status: 'draft',
  };
}

/** §5: case-insensitive search over name, description and category; 'All' (or empty) matches every category. */
export function filterBackgroundAgents<T extends Pick<BackgroundAgentCard, 'name' | 'description' | 'category'>>(
  agents: readonly T[],
  search: string,
  category: string = 'All',
): T[] {
  const q = search.trim().toLowerCase();
  return agents.filter((a) => {
    if (!matchesCategoryChip(category, a.category)) return false;
    if (!q) return true;
    return [a.name, a.description, a.category].some((s) => (s ?? '').toLowerCase().includes(q));
  });
}

// ---- Stored rows (migration 008) -------------------------------------------------------------------

export const backgroundAgentRowSchema = z.object({
  id: z.string(),
  library_id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.enum(BACKGROUND_AGENT_STATUSES),
  /** The full §3.6 configuration. */
  config: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BackgroundAgentRow = Omit<z.infer<typeof backgroundAgentRowSchema>, 'config'> & { config: BackgroundAgentConfig };

/** The columns a save writes (id, library, owner and timestamps come from the database). */
export type BackgroundAgentRowWrite = Pick<BackgroundAgentRow, 'name' | 'icon' | 'description' | 'category' | 'status' | 'config'>;

export function backgroundAgentToRow(config: BackgroundAgentConfig, status: BackgroundAgentStatus = config.status): BackgroundAgentRowWrite {
  return {
    name: config.name,
    icon: config.icon,
    description: config.description,
    category: config.category,
    status,
    config: status === 'paused' ? config : { ...config, status },
  };
}

/** A stored row's configuration (parsed, with defaults, normalized per §4.4); the columns win over config. */
export function backgroundConfigFromRow(row: Pick<BackgroundAgentRow, 'name' | 'icon' | 'description' | 'category' | 'status'> & { config: unknown }): BackgroundAgentConfig {
  const stored = row.config && typeof row.config === 'object' ? (row.config as Record<string, unknown>) : {};
  const parsed = backgroundAgentConfigSchema.parse({
    ...stored,
    name: row.name,
    icon: row.icon || DEFAULT_BACKGROUND_ICON,
    description: row.description,
    category: row.category,
    status: row.status === 'active' ? 'active' : 'draft',
  });
  return normalizeLoadedConfig(parsed);
}

export function backgroundCardFromRow(row: Pick<BackgroundAgentRow, 'id' | 'name' | 'icon' | 'description' | 'category' | 'status'>): BackgroundAgentCard {
  return { id: row.id, name: row.name, icon: row.icon, description: row.description, category: row.category, status: row.status };
}

export const BACKGROUND_RUN_TRIGGERS = ['schedule', 'manual', 'event', 'test'] as const;
export type BackgroundRunTrigger = (typeof BACKGROUND_RUN_TRIGGERS)[number];
export const BACKGROUND_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type BackgroundRunStatus = (typeof BACKGROUND_RUN_STATUSES)[number];

/** A channel's outcome; 'dry_run': Test Configuration said what it would send without sending. */
export const BACKGROUND_DELIVERY_STATUSES = ['sent', 'failed', 'skipped', 'dry_run'] as const;
export const backgroundDeliverySchema = z.object({
  channel: z.enum(BACKGROUND_DELIVERY_CHANNELS),
  status: z.enum(BACKGROUND_DELIVERY_STATUSES),
  detail: z.string().optional(),
});
export type BackgroundDelivery = z.infer<typeof backgroundDeliverySchema>;

/** What a run gathered from one data source ('not_connected': the library has no credentials for it). */
export const backgroundSourceResultSchema = z.object({
  source: z.enum(BACKGROUND_DATA_SOURCES),
  status: z.enum(['collected', 'not_connected', 'failed']),
  detail: z.string(),
});
export type BackgroundSourceResult = z.infer<typeof backgroundSourceResultSchema>;

export const backgroundRunRowSchema = z.object({
  id: z.string(),
  agent_id: z.string(),
  library_id: z.string(),
  owner_id: z.string(),
  trigger: z.enum(BACKGROUND_RUN_TRIGGERS),
  status: z.enum(BACKGROUND_RUN_STATUSES),
  output: z.string().nullable(),
  format: z.enum(BACKGROUND_OUTPUT_FORMATS),
  deliveries: z.array(backgroundDeliverySchema),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  // migration 009
  agent_name: z.string(),
  /** 1-based attempt of this run's job; a retry continues the same row with attempt + 1 */
  attempt: z.number().int(),
  max_attempts: z.number().int(),
  sources: z.array(backgroundSourceResultSchema),
  /** the runtime's recorded run (agent_runs) with the model trace */
  agent_run_id: z.string().nullable(),
  /** true when the dashboard channel delivered it: the results feed */
  in_feed: z.boolean(),
});
export type BackgroundRunRow = z.infer<typeof backgroundRunRowSchema>;
/** The columns of a runs list and of the results feed. */
export const BACKGROUND_RUN_COLUMNS =
  'id, agent_id, agent_name, trigger, status, output, format, deliveries, sources, error, attempt, max_attempts, agent_run_id, in_feed, started_at, finished_at, duration_ms, created_at';

// ---- Running (server API, not in the spec: it shows no calls for background agents) -------------
// POST /api/v1/background-agents/:id/run          → 202 BackgroundRunNowResponse (runOnDemand agents that are active or paused)
// POST /api/v1/background-agents/test             → 200 BackgroundTestResult, body backgroundTestRequestSchema (dry run: nothing delivered, nothing stored)
// GET  /api/v1/background-agents/:id/runs/:runId/document → the formatted output as a file (pdf, csv, json, html, md)
// GET  /api/v1/background-agents/:id/event-trigger → BackgroundEventTrigger (event-type agents)
// POST /api/v1/background-agents/:id/events       → 202 {run_id}; no session: signed with X-Accent-Signature:
//      sha256=<HMAC-SHA256 of the raw body under the library's event secret> (GET /api/v1/background-agents/event-secret)
// Agent statuses: the run worker sets 'paused' after the last failed attempt when pauseOnError; publishing
// again (Update) makes it active.

export const backgroundRunNowResponseSchema = z.object({ run_id: z.string(), status: z.literal('queued') });
export type BackgroundRunNowResponse = z.infer<typeof backgroundRunNowResponseSchema>;

export const backgroundTestRequestSchema = z.object({
  config: backgroundAgentConfigSchema,
  /** the stored agent being edited, if any (for its owner's email address) */
  id: z.string().max(200).optional(),
});
export type BackgroundTestRequest = z.input<typeof backgroundTestRequestSchema>;

export const backgroundTestResultSchema = z.object({
  status: z.enum(['succeeded', 'failed']),
  /** the agent's answer (before formatting) */
  output: z.string(),
  format: z.enum(BACKGROUND_OUTPUT_FORMATS),
  /** the formatted document as text; for pdf a short description (download it from a real run) */
  formatted: z.string(),
  sources: z.array(backgroundSourceResultSchema),
  deliveries: z.array(backgroundDeliverySchema),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  agent_run_id: z.string().nullable(),
});
export type BackgroundTestResult = z.infer<typeof backgroundTestResultSchema>;

export const backgroundEventTriggerSchema = z.object({
  url: z.string(),
  signature_header: z.string(),
  /** how to sign, for the editor */
  how: z.string(),
});
export type BackgroundEventTrigger = z.infer<typeof backgroundEventTriggerSchema>;

/** An interval's schedule (§9 intervals) as cron in the agent's time zone: daily/weekly/monthly at 09:00. */
export const BACKGROUND_INTERVAL_CRON: Readonly<Record<BackgroundInterval, string>> = {
  '5min': '*/5 * * * *',
  '15min': '*/15 * * * *',
  '30min': '*/30 * * * *',
  '1hour': '0 * * * *',
  '4hours': '0 */4 * * *',
  daily: '0 9 * * *',
  weekly: '0 9 * * 1',
  monthly: '0 9 1 * *',
};

// ---- Versions ----------------------------------------------------------------------------------
// Every save that changes an agent is a version (kept by the database); restoring one saves a new one.

export const BACKGROUND_VERSION_TEXTS = {
  restoredFrom: (number: number) => `Restored from version ${number}`,
  versionNotFound: 'Version not found',
} as const;

export const backgroundAgentVersionSchema = z.object({
  number: z.number().int().min(1),
  /** 'Restored from version N', or null for a save */
  note: z.string().nullable(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.string(),
  /** the stored configuration as saved (validated when shown) */
  config: z.unknown(),
  created_by: z.string(),
  created_at: z.string(),
});
export type BackgroundAgentVersion = z.infer<typeof backgroundAgentVersionSchema>;
export const backgroundAgentVersionsResponseSchema = z.object({ versions: z.array(backgroundAgentVersionSchema) });
