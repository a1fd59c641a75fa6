// Missions (spec 01 §3 Mission, Schedule, Mission metadata view, Agent mission stats; §9 schedule text,
// order, rounding), stored as the table of docs/missions-contract.md. Rows are snake_case as stored;
// the metadata view is camelCase as the spec names it. The editor, the gateway's callers and the
// scheduler validate with the same zod schemas.
import { z } from 'zod';

// ---- Enumerations -------------------------------------------------------------------------------

export const MISSION_STATUSES = ['active', 'paused', 'draft'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];
export const MISSION_STATUS_LABELS: Record<MissionStatus, string> = { active: 'Active', paused: 'Paused', draft: 'Draft' };

/** private: the owner (and admins); library: everyone in the library can read it. */
export const MISSION_SCOPES = ['private', 'library'] as const;
export type MissionScope = (typeof MISSION_SCOPES)[number];
export const MISSION_SCOPE_LABELS: Record<MissionScope, string> = { private: 'Private', library: 'Everyone in the library' };

export const SCHEDULE_TYPES = ['on-demand', 'scheduled'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_FREQUENCY_LABELS: Record<ScheduleFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** Weekday names of the schedule text, index 0 = Sunday (spec 01 §3, §9). */
export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const DELIVERY_CHANNELS = ['feed', 'email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const MISSION_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type MissionRunStatus = (typeof MISSION_RUN_STATUSES)[number];
export const MISSION_RUN_STATUS_LABELS: Record<MissionRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
export const MISSION_RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type MissionRunTrigger = (typeof MISSION_RUN_TRIGGERS)[number];

export const DEFAULT_MISSION_TIMEZONE = 'UTC';
export const DEFAULT_MISSION_TIME = '09:00';

// ---- Shapes -------------------------------------------------------------------------------------

export interface MissionSchedule {
  type: ScheduleType;
  frequency?: ScheduleFrequency;
  /** HH:MM, 24 h */
  time?: string;
  /** 0 = Sunday … 6 = Saturday */
  daysOfWeek?: number[];
  /** 1..31 */
  dayOfMonth?: number;
  /** IANA time zone name (default UTC) */
  timezone?: string;
}

export interface MissionDelivery {
  /** the feed always gets the result */
  channels: DeliveryChannel[];
  email?: string;
  webhookUrl?: string;
}

/** A stored row of table missions (docs/missions-contract.md). */
export interface Mission {
  id: string;
  name: string;
  description: string;
  /** the agent's name (agents are unique by name in a library) */
  agent_id: string;
  agent_name: string;
  prompt: string;
  parameters: Record<string, string>;
  schedule: MissionSchedule;
  delivery: MissionDelivery;
  scope: MissionScope;
  status: MissionStatus;
  created_by: string;
  created_at: string;
  updated_at: string;
  last_run: string | null;
  next_run: string | null;
  execution_count: number;
  /** percentage 0..100 of succeeded runs */
  success_rate: number;
  tags: string[];
  /** the owner: set by the database from the token, never sent by the browser */
  user_id: string;
  /** set by the database from the token, never sent by the browser */
  library_id?: string;
}

/**
 * What a client writes (upsert on id). The owner, the library, the timestamps and the run counters are
 * the database's and the scheduler's: never sent, so an upsert of an existing mission keeps them.
 */
export type MissionWrite = Pick<
  Mission,
  'id' | 'name' | 'description' | 'agent_id' | 'agent_name' | 'prompt' | 'parameters' | 'schedule' | 'delivery' | 'scope' | 'status' | 'tags' | 'created_by'
>;
/** Columns a client may change with an update by id. */
export type MissionPatch = Partial<Omit<MissionWrite, 'id'>>;

export interface MissionRunDelivery {
  channel: string;
  status: 'sent' | 'failed' | 'skipped';
  detail: string;
}

/** A stored row of table mission_runs (read-only for the browser). */
export interface MissionRun {
  id: string;
  mission_id: string;
  library_id?: string;
  /** the mission's owner */
  user_id: string;
  trigger: MissionRunTrigger;
  status: MissionRunStatus;
  output: string | null;
  error: string | null;
  agent_run_id: string | null;
  deliveries: MissionRunDelivery[];
  scheduled_for: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
}

/** The spec's mission metadata view (camelCase). */
export interface MissionMetadata {
  id: string;
  name: string;
  description: string;
  agentId: string;
  agentName: string;
  scheduleDescription: string;
  scope: MissionScope;
  status: MissionStatus;
  createdAt: string;
  updatedAt: string;
  lastRun: string | null;
  nextRun: string | null;
  executionCount: number;
  successRate: number;
}

/** Agent mission stats (spec 01 §3). */
export interface AgentMissionStats {
  totalMissions: number;
  activeMissions: number;
  totalExecutions: number;
  /**
   * the share of all their runs that succeeded, in percent rounded to 2 decimals; null when none has run
   * (a mission that never ran is not a 0% mission)
   */
  averageSuccessRate: number | null;
}

// ---- Schedule text, stats, views ----------------------------------------------------------------

const ORDINAL_RULES = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ORDINAL_SUFFIXES: Record<Intl.LDMLPluralRule, string> = { zero: 'th', one: 'st', two: 'nd', few: 'rd', many: 'th', other: 'th' };

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd… (the spec's "{n}th" stands for the ordinal). */
export function ordinal(n: number): string {
  return `${n}${ORDINAL_SUFFIXES[ORDINAL_RULES.select(n)]}`;
}

/** A day of the month a monthly schedule can run on. */
export const isDayOfMonth = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 31;

/**
 * "On-demand"; "Daily at {time}"; "Weekly ({days}) at {time}"; "Monthly on the {n}th at {time}" with
 * the day's ordinal; otherwise (a day outside 1–31 included) "Scheduled" (spec 01 §9).
 */
export function scheduleText(schedule: Partial<MissionSchedule> | null | undefined): string {
  if (!schedule || schedule.type === 'on-demand') return 'On-demand';
  if (schedule.type !== 'scheduled') return 'Scheduled';
  const { frequency, time } = schedule;
  if (!time) return 'Scheduled';
  if (frequency === 'daily') return `Daily at ${time}`;
  if (frequency === 'weekly') {
    const days = [...new Set(schedule.daysOfWeek ?? [])].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort((a, b) => a - b);
    if (days.length === 0) return 'Scheduled';
    return `Weekly (${days.map((d) => WEEKDAY_NAMES[d]).join(', ')}) at ${time}`;
  }
  if (frequency === 'monthly' && isDayOfMonth(schedule.dayOfMonth)) return `Monthly on the ${ordinal(schedule.dayOfMonth)} at ${time}`;
  return 'Scheduled';
}

/**
 * Rounded to 2 decimals (spec 01 §9), half up on the decimal value: 54.165 → 54.17 and 1.005 → 1.01
 * (plain `Math.round(n * 100) / 100` gives 54.16 and 1 because of binary floating point).
 */
export function roundTo2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const text = String(n);
  if (text.includes('e')) return Math.round(n * 100) / 100;
  return Number(`${Math.round(Number(`${text}e2`))}e-2`);
}

export function agentMissionStats(missions: readonly Pick<Mission, 'status' | 'execution_count' | 'success_rate'>[]): AgentMissionStats {
  const totalMissions = missions.length;
  const activeMissions = missions.filter((m) => m.status === 'active').length;
  const totalExecutions = missions.reduce((sum, m) => sum + (Number(m.execution_count) || 0), 0);
  // each mission's succeeded runs, back from its rate (stored rounded to 2 decimals) and its run count
  const succeeded = missions.reduce((sum, m) => sum + Math.round(((Number(m.success_rate) || 0) * (Number(m.execution_count) || 0)) / 100), 0);
  return { totalMissions, activeMissions, totalExecutions, averageSuccessRate: totalExecutions > 0 ? roundTo2((succeeded / totalExecutions) * 100) : null };
}

export const EMPTY_MISSION_STATS: AgentMissionStats = { totalMissions: 0, activeMissions: 0, totalExecutions: 0, averageSuccessRate: null };

export function toMissionMetadata(m: Mission): MissionMetadata {
  return {
    id: m.id,
    name: m.name,
    description: m.description,
    agentId: m.agent_id,
    agentName: m.agent_name,
    scheduleDescription: scheduleText(m.schedule),
    scope: m.scope,
    status: m.status,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
    lastRun: m.last_run,
    nextRun: m.next_run,
    executionCount: m.execution_count,
    successRate: m.success_rate,
  };
}

/** Newest created first (spec 01 §9 "Mission list order is newest first"). */
export const byNewestFirst = (a: Pick<Mission, 'created_at'>, b: Pick<Mission, 'created_at'>) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

export interface MissionFilter {
  /** case-insensitive, over name and description */
  search?: string;
  /** null / undefined = every status */
  status?: MissionStatus | null;
  /** agent_id; null / undefined = every agent */
  agent?: string | null;
}

export function filterMissions<T extends Pick<Mission, 'name' | 'description' | 'status' | 'agent_id'>>(missions: readonly T[], filter: MissionFilter): T[] {
  const q = filter.search?.trim().toLowerCase() ?? '';
  return missions.filter(
    (m) =>
      (!q || m.name.toLowerCase().includes(q) || (m.description ?? '').toLowerCase().includes(q)) &&
      (!filter.status || m.status === filter.status) &&
      (!filter.agent || m.agent_id === filter.agent),
  );
}

/** Mission counts per agent_id (the agents dashboard's "View Missions (n)"). */
export function missionCountsByAgent(missions: readonly Pick<Mission, 'agent_id'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of missions) counts[m.agent_id] = (counts[m.agent_id] ?? 0) + 1;
  return counts;
}

// ---- Schemas ------------------------------------------------------------------------------------

export const MISSION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 200 characters',
  agentRequired: 'Choose an agent',
  timeInvalid: 'Enter a time as HH:MM',
  frequencyRequired: 'Choose how often the mission runs',
  daysRequired: 'Choose at least one day',
  dayOfMonthInvalid: 'Day of month must be between 1 and 31',
  emailInvalid: 'Enter a valid email address',
  webhookInvalid: 'Enter a webhook URL starting with http:// or https://',
  parameterNameRequired: 'Parameter name is required',
  parameterNameDuplicate: 'Parameter names must be unique',
} as const;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const missionScheduleSchema = z
  .object({
    type: z.enum(SCHEDULE_TYPES),
    frequency: z.enum(SCHEDULE_FREQUENCIES).optional(),
    time: z.string().optional(),
    daysOfWeek: z.array(z.number().int().min(0).max(6)).optional(),
    dayOfMonth: z.number().optional(),
    timezone: z.string().max(100).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.type !== 'scheduled') return;
    if (!s.frequency) ctx.addIssue({ code: 'custom', path: ['frequency'], message: MISSION_MESSAGES.frequencyRequired });
    if (!s.time || !TIME_RE.test(s.time)) ctx.addIssue({ code: 'custom', path: ['time'], message: MISSION_MESSAGES.timeInvalid });
    if (s.frequency === 'weekly' && !(s.daysOfWeek && s.daysOfWeek.length > 0))
      ctx.addIssue({ code: 'custom', path: ['daysOfWeek'], message: MISSION_MESSAGES.daysRequired });
    if (s.frequency === 'monthly' && !isDayOfMonth(s.dayOfMonth))
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: MISSION_MESSAGES.dayOfMonthInvalid });
  });

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
};

export const missionDeliverySchema = z
  .object({
    channels: z.array(z.enum(DELIVERY_CHANNELS)),
    email: z.string().optional(),
    webhookUrl: z.string().optional(),
  })
  .superRefine((d, ctx) => {
    if (d.channels.includes('email') && !z.email().safeParse(d.email?.trim() ?? '').success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: MISSION_MESSAGES.emailInvalid });
    if (d.channels.includes('webhook') && !isHttpUrl(d.webhookUrl?.trim() ?? ''))
      ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: MISSION_MESSAGES.webhookInvalid });
  });

/** What the editor saves (MissionWrite). */
export const missionWriteSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, MISSION_MESSAGES.nameRequired).max(200, MISSION_MESSAGES.nameTooLong),
  description: z.string().max(5000).default(''),
  agent_id: z.string().trim().min(1, MISSION_MESSAGES.agentRequired),
  agent_name: z.string().trim().min(1, MISSION_MESSAGES.agentRequired),
  prompt: z.string().max(20000).default(''),
  parameters: z.record(z.string(), z.string()).default({}),
  schedule: missionScheduleSchema,
  delivery: missionDeliverySchema,
  scope: z.enum(MISSION_SCOPES),
  status: z.enum(MISSION_STATUSES),
  tags: z.array(z.string().trim().min(1).max(50)).default([]),
  created_by: z.string().default(''),
});

/** Field errors of a zod failure keyed by path ("name", "schedule.time", "delivery.email"…); the first message per path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * The schedule as stored: only the fields its type and frequency use (days sorted, Sunday first), so an
 * edit from weekly to daily does not leave stale days behind.
 */
export function normalizeSchedule(s: MissionSchedule): MissionSchedule {
  if (s.type !== 'scheduled') return { type: 'on-demand' };
  const base: MissionSchedule = { type: 'scheduled', frequency: s.frequency, time: s.time, timezone: s.timezone || DEFAULT_MISSION_TIMEZONE };
  if (s.frequency === 'weekly') return { ...base, daysOfWeek: [...new Set(s.daysOfWeek ?? [])].sort((a, b) => a - b) };
  if (s.frequency === 'monthly') return { ...base, dayOfMonth: s.dayOfMonth };
  return base;
}

/** The delivery as stored: the feed always, then the chosen channels with their targets. */
export function normalizeDelivery(d: MissionDelivery): MissionDelivery {
  const channels = DELIVERY_CHANNELS.filter((c) => c === 'feed' || d.channels.includes(c));
  return {
    channels,
    ...(channels.includes('email') ? { email: d.email?.trim() } : {}),
    ...(channels.includes('webhook') ? { webhookUrl: d.webhookUrl?.trim() } : {}),
  };
}

// ---- Reading rows -------------------------------------------------------------------------------

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : v == null ? fallback : String(v));
const strOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null);
const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A row as the gateway returns it, made safe to render: numeric columns may arrive as strings (pg's
 * numeric), jsonb columns may be missing on partial selects.
 */
export function normalizeMission(row: unknown): Mission {
  const r = isRecord(row) ? row : {};
  const schedule = isRecord(r.schedule) ? (r.schedule as unknown as MissionSchedule) : { type: 'on-demand' as const };
  const delivery = isRecord(r.delivery) && Array.isArray(r.delivery.channels) ? (r.delivery as unknown as MissionDelivery) : { channels: ['feed' as const] };
  const parameters = isRecord(r.parameters) ? Object.fromEntries(Object.entries(r.parameters).map(([k, v]) => [k, str(v)])) : {};
  return {
    id: str(r.id),
    name: str(r.name),
    description: str(r.description),
    agent_id: str(r.agent_id),
    agent_name: str(r.agent_name, str(r.agent_id)),
    prompt: str(r.prompt),
    parameters,
    schedule,
    delivery,
    scope: (MISSION_SCOPES as readonly string[]).includes(str(r.scope)) ? (r.scope as MissionScope) : 'private',
    status: (MISSION_STATUSES as readonly string[]).includes(str(r.status)) ? (r.status as MissionStatus) : 'draft',
    created_by: str(r.created_by),
    created_at: str(r.created_at),
    updated_at: str(r.updated_at),
    last_run: strOrNull(r.last_run),
    next_run: strOrNull(r.next_run),
    execution_count: num(r.execution_count),
    success_rate: num(r.success_rate),
    tags: Array.isArray(r.tags) ? r.tags.map((t) => str(t)) : [],
    user_id: str(r.user_id),
    ...(r.library_id != null ? { library_id: str(r.library_id) } : {}),
  };
}

export function normalizeMissionRun(row: unknown): MissionRun {
  const r = isRecord(row) ? row : {};
  const status = str(r.status);
  return {
    id: str(r.id),
    mission_id: str(r.mission_id),
    ...(r.library_id != null ? { library_id: str(r.library_id) } : {}),
    user_id: str(r.user_id),
    trigger: r.trigger === 'schedule' ? 'schedule' : 'manual',
    status: (MISSION_RUN_STATUSES as readonly string[]).includes(status) ? (status as MissionRunStatus) : 'queued',
    output: typeof r.output === 'string' ? r.output : null,
    error: typeof r.error === 'string' ? r.error : null,
    agent_run_id: strOrNull(r.agent_run_id),
    deliveries: Array.isArray(r.deliveries)
      ? r.deliveries.filter(isRecord).map((d) => ({
          channel: str(d.channel),
          status: d.status === 'sent' || d.status === 'failed' ? d.status : 'skipped',
          detail: str(d.detail),
        }))
      : [],
    scheduled_for: strOrNull(r.scheduled_for),
    started_at: strOrNull(r.started_at),
    finished_at: strOrNull(r.finished_at),
    created_at: str(r.created_at),
  };
}
