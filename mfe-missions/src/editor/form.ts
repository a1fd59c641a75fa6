// The mission editor's form: what the fields hold while editing, and the MissionWrite it saves. The
// schedule keeps every field while editing (switching weekly → daily → weekly keeps the days); what is
// saved keeps only what the schedule uses.
import {
  DEFAULT_MISSION_TIME,
  MISSION_MESSAGES,
  fieldErrors,
  missionWriteSchema,
  normalizeDelivery,
  normalizeSchedule,
  type Mission,
  type MissionScope,
  type MissionStatus,
  type MissionWrite,
  type ScheduleFrequency,
  type ScheduleType,
} from '@accent/missions-common';

export interface ParamRow {
  key: string;
  value: string;
}

export interface MissionForm {
  id: string;
  name: string;
  description: string;
  agentId: string;
  agentName: string;
  prompt: string;
  parameters: ParamRow[];
  scheduleType: ScheduleType;
  frequency: ScheduleFrequency;
  time: string;
  daysOfWeek: number[];
  /** as typed in the number field */
  dayOfMonth: string;
  timezone: string;
  emailOn: boolean;
  email: string;
  webhookOn: boolean;
  webhookUrl: string;
  scope: MissionScope;
  status: MissionStatus;
  tags: string[];
  createdBy: string;
}

export function newMissionForm({ id, timezone, createdBy, agentId = '', agentName = '' }: { id: string; timezone: string; createdBy: string; agentId?: string; agentName?: string }): MissionForm {
  return {
    id,
    name: '',
    description: '',
    agentId,
    agentName: agentName || agentId,
    prompt: '',
    parameters: [],
    scheduleType: 'on-demand',
    frequency: 'daily',
    time: DEFAULT_MISSION_TIME,
    daysOfWeek: [1],
    dayOfMonth: '1',
    timezone,
    emailOn: false,
    email: '',
    webhookOn: false,
    webhookUrl: '',
    scope: 'private',
    status: 'active',
    tags: [],
    createdBy,
  };
}

export function formFromMission(m: Mission, fallbackTimezone: string, fallbackCreatedBy: string): MissionForm {
  const s = m.schedule ?? { type: 'on-demand' };
  const channels = m.delivery?.channels ?? ['feed'];
  return {
    id: m.id,
    name: m.name,
    description: m.description,
    agentId: m.agent_id,
    agentName: m.agent_name || m.agent_id,
    prompt: m.prompt,
    parameters: Object.entries(m.parameters ?? {}).map(([key, value]) => ({ key, value })),
    scheduleType: s.type === 'scheduled' ? 'scheduled' : 'on-demand',
    frequency: s.frequency ?? 'daily',
    time: s.time ?? DEFAULT_MISSION_TIME,
    daysOfWeek: s.daysOfWeek?.length ? [...s.daysOfWeek] : [1],
    dayOfMonth: String(s.dayOfMonth ?? 1),
    timezone: s.timezone || fallbackTimezone,
    emailOn: channels.includes('email'),
    email: m.delivery?.email ?? '',
    webhookOn: channels.includes('webhook'),
    webhookUrl: m.delivery?.webhookUrl ?? '',
    scope: m.scope,
    status: m.status,
    tags: [...(m.tags ?? [])],
    createdBy: m.created_by || fallbackCreatedBy,
  };
}

/** The row the form saves (no user_id, no library_id: the database sets them from the token). */
export function toMissionWrite(f: MissionForm): MissionWrite {
  const dayOfMonth = f.dayOfMonth.trim() === '' ? undefined : Number(f.dayOfMonth);
  return {
    id: f.id,
    name: f.name.trim(),
    description: f.description.trim(),
    agent_id: f.agentId,
    agent_name: f.agentName || f.agentId,
    prompt: f.prompt,
    parameters: Object.fromEntries(f.parameters.filter((p) => p.key.trim()).map((p) => [p.key.trim(), p.value])),
    schedule: normalizeSchedule({
      type: f.scheduleType,
      frequency: f.frequency,
      time: f.time,
      daysOfWeek: f.daysOfWeek,
      dayOfMonth,
      timezone: f.timezone,
    }),
    delivery: normalizeDelivery({
      channels: ['feed', ...(f.emailOn ? (['email'] as const) : []), ...(f.webhookOn ? (['webhook'] as const) : [])],
      email: f.email,
      webhookUrl: f.webhookUrl,
    }),
    scope: f.scope,
    status: f.status,
    tags: f.tags,
    created_by: f.createdBy,
  };
}

/** Field errors keyed like the schema's paths ("name", "agent_id", "schedule.time", "parameters.2"…). */
export type FormErrors = Record<string, string>;

export function validateMissionForm(f: MissionForm): { write: MissionWrite | null; errors: FormErrors } {
  const errors: FormErrors = {};
  const seen = new Set<string>();
  f.parameters.forEach((p, i) => {
    const key = p.key.trim();
    if (!key) {
      if (p.value.trim()) errors[`parameters.${i}`] = MISSION_MESSAGES.parameterNameRequired;
      return;
    }
    if (seen.has(key)) errors[`parameters.${i}`] = MISSION_MESSAGES.parameterNameDuplicate;
    seen.add(key);
  });
  const write = toMissionWrite(f);
  const parsed = missionWriteSchema.safeParse(write);
  if (!parsed.success) {
    for (const [key, message] of Object.entries(fieldErrors(parsed.error))) {
      // agent_id and agent_name are one field on screen
      const field = key === 'agent_name' ? 'agent_id' : key.startsWith('schedule.daysOfWeek') ? 'schedule.daysOfWeek' : key;
      if (!(field in errors)) errors[field] = message;
    }
  }
  return Object.keys(errors).length ? { write: null, errors } : { write, errors };
}

/** Order in which fields are visited to focus the first invalid one. */
export const FIELD_ORDER = ['name', 'agent_id', 'parameters', 'schedule.frequency', 'schedule.time', 'schedule.daysOfWeek', 'schedule.dayOfMonth', 'delivery.email', 'delivery.webhookUrl'];
