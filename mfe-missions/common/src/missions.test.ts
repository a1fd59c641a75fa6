import { describe, expect, it } from '@jest/globals';
import {
  MISSION_MESSAGES,
  agentMissionStats,
  byNewestFirst,
  fieldErrors,
  filterMissions,
  missionCountsByAgent,
  missionWriteSchema,
  normalizeDelivery,
  normalizeMission,
  normalizeMissionRun,
  normalizeSchedule,
  scheduleText,
  ordinal,
  toMissionMetadata,
  type Mission,
  type MissionWrite,
} from './missions.js';
import { missionWrite, storedMission } from './testing/fixtures.js';

const mission = (overrides: Partial<Mission> = {}): Mission =>
  storedMission({
    name: 'Weekly pipeline review',
    description: 'Summarise the pipeline',
    prompt: 'Review',
    schedule: { type: 'on-demand' },
    ...overrides,
  });

const write = missionWrite;

describe('scheduleText (spec 01 §9)', () => {
  it('reads on-demand, daily, weekly and monthly schedules as the spec words them', () => {
    expect(scheduleText({ type: 'on-demand' })).toBe('On-demand');
    expect(scheduleText({ type: 'scheduled', frequency: 'daily', time: '09:30' })).toBe('Daily at 09:30');
    expect(scheduleText({ type: 'scheduled', frequency: 'weekly', time: '08:00', daysOfWeek: [1, 3, 5] })).toBe('Weekly (Mon, Wed, Fri) at 08:00');
    expect(scheduleText({ type: 'scheduled', frequency: 'monthly', time: '07:15', dayOfMonth: 1 })).toBe('Monthly on the 1st at 07:15');
    expect(scheduleText({ type: 'scheduled', frequency: 'monthly', time: '07:15', dayOfMonth: 22 })).toBe('Monthly on the 22nd at 07:15');
    // a day no month has is not described as if it were one
    expect(scheduleText({ type: 'scheduled', frequency: 'monthly', time: '07:15', dayOfMonth: 0 })).toBe('Scheduled');
    expect(scheduleText({ type: 'scheduled', frequency: 'monthly', time: '07:15', dayOfMonth: 32 })).toBe('Scheduled');
  });

  it('names weekdays Sun to Sat, Sunday first, whatever order they were stored in', () => {
    expect(scheduleText({ type: 'scheduled', frequency: 'weekly', time: '10:00', daysOfWeek: [6, 0] })).toBe('Weekly (Sun, Sat) at 10:00');
    expect(scheduleText({ type: 'scheduled', frequency: 'weekly', time: '10:00', daysOfWeek: [0, 1, 2, 3, 4, 5, 6] })).toBe(
      'Weekly (Sun, Mon, Tue, Wed, Thu, Fri, Sat) at 10:00',
    );
  });

  it('says Scheduled for anything else', () => {
    expect(scheduleText({ type: 'scheduled' })).toBe('Scheduled');
    expect(scheduleText({ type: 'scheduled', frequency: 'weekly', time: '10:00', daysOfWeek: [] })).toBe('Scheduled');
    expect(scheduleText({ type: 'scheduled', frequency: 'daily' })).toBe('Scheduled');
    expect(scheduleText({ type: 'cron' as never, time: '10:00' })).toBe('Scheduled');
    expect(scheduleText(null)).toBe('On-demand');
  });
});

describe('agentMissionStats (spec 01 §3, §9)', () => {
  it('counts missions, active missions and executions; the success rate is over runs, to 2 decimals', () => {
    const stats = agentMissionStats([
      mission({ status: 'active', execution_count: 3, success_rate: 100 }),
      mission({ status: 'paused', execution_count: 2, success_rate: 50 }),
      mission({ status: 'active', execution_count: 1, success_rate: 0 }),
    ]);
    // 3 + 1 + 0 of 6 runs succeeded
    expect(stats).toEqual({ totalMissions: 3, activeMissions: 2, totalExecutions: 6, averageSuccessRate: 66.67 });
  });

  it('does not count a mission that never ran as 0%', () => {
    // three missions, two runs, both succeeded
    const stats = agentMissionStats([
      mission({ execution_count: 1, success_rate: 100 }),
      mission({ execution_count: 1, success_rate: 100 }),
      mission({ execution_count: 0, success_rate: 0 }),
    ]);
    expect(stats.averageSuccessRate).toBe(100);
    // a rate stored rounded still gives whole runs: 2 of 3
    expect(agentMissionStats([mission({ execution_count: 3, success_rate: 66.67 })]).averageSuccessRate).toBe(66.67);
  });

  it('has no rate without runs, and reads numeric columns that arrive as strings', () => {
    expect(agentMissionStats([])).toEqual({ totalMissions: 0, activeMissions: 0, totalExecutions: 0, averageSuccessRate: null });
    expect(agentMissionStats([mission({ execution_count: 0, success_rate: 0 })]).averageSuccessRate).toBeNull();
    expect(agentMissionStats([{ status: 'draft', execution_count: '8' as never, success_rate: '12.5' as never }]).averageSuccessRate).toBe(12.5);
  });
});

describe('mission views and helpers', () => {
  it('maps a row to the camelCase metadata view with its schedule description', () => {
    const m = mission({ schedule: { type: 'scheduled', frequency: 'daily', time: '06:00' }, last_run: '2025-06-02T06:00:00Z', execution_count: 4, success_rate: 75 });
    expect(toMissionMetadata(m)).toEqual({
      id: 'm1',
      name: 'Weekly pipeline review',
      description: 'Summarise the pipeline',
      agentId: 'Lead Qualifier',
      agentName: 'Lead Qualifier',
      scheduleDescription: 'Daily at 06:00',
      scope: 'private',
      status: 'active',
      createdAt: '2025-06-01T10:00:00.000Z',
      updatedAt: '2025-06-01T10:00:00.000Z',
      lastRun: '2025-06-02T06:00:00Z',
      nextRun: null,
      executionCount: 4,
      successRate: 75,
    });
  });

  it('filters by a case-insensitive search over name and description, status and agent together', () => {
    const all = [
      mission({ id: 'a', name: 'Pipeline digest', description: 'x', status: 'active', agent_id: 'A' }),
      mission({ id: 'b', name: 'Other', description: 'About the PIPELINE', status: 'paused', agent_id: 'A' }),
      mission({ id: 'c', name: 'Churn', description: '', status: 'active', agent_id: 'B' }),
    ];
    expect(filterMissions(all, { search: 'pipeline' }).map((m) => m.id)).toEqual(['a', 'b']);
    expect(filterMissions(all, { search: 'pipeline', status: 'paused' }).map((m) => m.id)).toEqual(['b']);
    expect(filterMissions(all, { agent: 'B' }).map((m) => m.id)).toEqual(['c']);
    expect(filterMissions(all, { search: '  ' }).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('orders newest created first and counts missions per agent', () => {
    const list = [mission({ id: 'old', created_at: '2025-01-01T00:00:00Z' }), mission({ id: 'new', created_at: '2025-03-01T00:00:00Z' })];
    expect([...list].sort(byNewestFirst).map((m) => m.id)).toEqual(['new', 'old']);
    expect(missionCountsByAgent([{ agent_id: 'A' }, { agent_id: 'B' }, { agent_id: 'A' }])).toEqual({ A: 2, B: 1 });
  });

  it('reads rows defensively: numeric strings, missing jsonb, unknown enums', () => {
    const m = normalizeMission({ id: 'x', name: 'n', agent_id: 'A', execution_count: '7', success_rate: '85.50', status: 'weird', scope: 'library' });
    expect(m).toMatchObject({ id: 'x', agent_name: 'A', execution_count: 7, success_rate: 85.5, status: 'draft', scope: 'library', tags: [], parameters: {} });
    expect(m.schedule).toEqual({ type: 'on-demand' });
    expect(m.delivery).toEqual({ channels: ['feed'] });
    const run = normalizeMissionRun({ id: 'r', mission_id: 'x', status: 'succeeded', deliveries: [{ channel: 'email', status: 'sent', detail: 'ok' }, 'junk'] });
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', output: null, deliveries: [{ channel: 'email', status: 'sent', detail: 'ok' }] });
  });
});

describe('missionWriteSchema (the editor)', () => {
  const errorsOf = (value: MissionWrite) => {
    const result = missionWriteSchema.safeParse(value);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('accepts a valid daily mission', () => {
    expect(errorsOf(write())).toEqual({});
  });

  it('requires a name and an agent', () => {
    expect(errorsOf(write({ name: '  ', agent_id: '', agent_name: '' }))).toMatchObject({ name: MISSION_MESSAGES.nameRequired, agent_id: MISSION_MESSAGES.agentRequired });
  });

  it('requires a HH:MM time for scheduled missions only', () => {
    expect(errorsOf(write({ schedule: { type: 'scheduled', frequency: 'daily', time: '9:00' } }))).toEqual({ 'schedule.time': MISSION_MESSAGES.timeInvalid });
    expect(errorsOf(write({ schedule: { type: 'scheduled', frequency: 'daily', time: '24:00' } }))).toEqual({ 'schedule.time': MISSION_MESSAGES.timeInvalid });
    expect(errorsOf(write({ schedule: { type: 'on-demand', time: 'nonsense' } }))).toEqual({});
  });

  it('requires days 0–6 for weekly and a day of month 1–31 for monthly', () => {
    expect(errorsOf(write({ schedule: { type: 'scheduled', frequency: 'weekly', time: '09:00', daysOfWeek: [] } }))).toEqual({
      'schedule.daysOfWeek': MISSION_MESSAGES.daysRequired,
    });
    expect(errorsOf(write({ schedule: { type: 'scheduled', frequency: 'weekly', time: '09:00', daysOfWeek: [7] } }))).toHaveProperty(['schedule.daysOfWeek.0']);
    expect(errorsOf(write({ schedule: { type: 'scheduled', frequency: 'monthly', time: '09:00', dayOfMonth: 32 } }))).toEqual({
      'schedule.dayOfMonth': MISSION_MESSAGES.dayOfMonthInvalid,
    });
    expect(errorsOf(write({ schedule: { type: 'scheduled', frequency: 'monthly', time: '09:00', dayOfMonth: 31 } }))).toEqual({});
  });

  it('requires a valid email and an http(s) webhook URL when those deliveries are on', () => {
    expect(errorsOf(write({ delivery: { channels: ['feed', 'email'], email: 'nope' } }))).toEqual({ 'delivery.email': MISSION_MESSAGES.emailInvalid });
    expect(errorsOf(write({ delivery: { channels: ['feed', 'webhook'], webhookUrl: 'ftp://x.test/hook' } }))).toEqual({
      'delivery.webhookUrl': MISSION_MESSAGES.webhookInvalid,
    });
    expect(errorsOf(write({ delivery: { channels: ['feed', 'email', 'webhook'], email: 'ops@acme.test', webhookUrl: 'https://hooks.acme.test/x' } }))).toEqual({});
    expect(errorsOf(write({ delivery: { channels: ['feed'], email: 'nope', webhookUrl: 'nope' } }))).toEqual({});
  });

  it('stores only the schedule and delivery fields in use', () => {
    expect(normalizeSchedule({ type: 'on-demand', frequency: 'weekly', time: '09:00', daysOfWeek: [1] })).toEqual({ type: 'on-demand' });
    expect(normalizeSchedule({ type: 'scheduled', frequency: 'weekly', time: '09:00', daysOfWeek: [5, 1, 5], dayOfMonth: 3 })).toEqual({
      type: 'scheduled',
      frequency: 'weekly',
      time: '09:00',
      timezone: 'UTC',
      daysOfWeek: [1, 5],
    });
    expect(normalizeSchedule({ type: 'scheduled', frequency: 'monthly', time: '09:00', dayOfMonth: 3, timezone: 'Europe/Paris' })).toEqual({
      type: 'scheduled',
      frequency: 'monthly',
      time: '09:00',
      timezone: 'Europe/Paris',
      dayOfMonth: 3,
    });
    expect(normalizeDelivery({ channels: ['webhook'], email: 'x@y.z', webhookUrl: ' https://a.test ' })).toEqual({ channels: ['feed', 'webhook'], webhookUrl: 'https://a.test' });
  });
});

describe('ordinal', () => {
  it('gives each day of the month its English ordinal', () => {
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31];
    expect(days.map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  });
});
