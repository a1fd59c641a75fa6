// A mission's schedule (spec 01 §3 Schedule) as a cron expression for pg-boss, and its occurrences.
//
// Occurrences are computed with cron-parser, the library pg-boss evaluates schedules with, in the
// mission's IANA time zone (default UTC), so wall-clock times stay put across DST changes (09:00 New
// York is 14:00 UTC in winter and 13:00 UTC in summer). Rules:
// - daily `M H * * *`; weekly `M H * * d1,d2,…` (0 = Sunday); monthly on day 1–28 `M H d * *`.
// - Monthly on day 29, 30 or 31 runs on that day, or on the LAST day of a month too short for it (the
//   31st → Feb 28/29, Apr 30…; the 30th → Feb 28/29). Day 31 is exactly cron `L`; days 29 and 30 are
//   `M H 28-d * *`, a superset whose extra days are not occurrences (`isOccurrence`), so the worker
//   skips them and `nextRun` never answers them.
// - A time that does not exist on the day clocks go forward (02:30 in New York on the March change)
//   runs at the same offset after the change (03:30 local), once.
// - A time that exists twice on the day clocks go back (01:30 in New York on the November change)
//   runs once, at its first occurrence. (pg-boss's cron pass sees both and the gap not at all: the
//   worker skips the repeat, and the scheduler's minute sweep catches the gap — see reconcile.ts.)
import { DEFAULT_MISSION_TIMEZONE, missionScheduleSchema, type MissionSchedule } from '@accent/missions-common';
import { CronExpressionParser } from 'cron-parser';

export type ResolvedSchedule =
  | { kind: 'on-demand' }
  | { kind: 'invalid'; reason: string }
  | {
      kind: 'scheduled';
      schedule: MissionSchedule;
      /** the cron expression registered with pg-boss */
      cron: string;
      timezone: string;
      /** monthly on 29/30: the day to clamp to the month's length (cron is a superset) */
      clampDay: number | null;
    };

export function isValidTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Validates a stored schedule (anything may be in the jsonb column) and converts it to cron. */
export function resolveSchedule(value: unknown): ResolvedSchedule {
  const parsed = missionScheduleSchema.safeParse(value ?? { type: 'on-demand' });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: 'invalid', reason: `${issue.path.join('.') || 'schedule'}: ${issue.message}` };
  }
  const schedule = parsed.data as MissionSchedule;
  if (schedule.type !== 'scheduled') return { kind: 'on-demand' };
  const timezone = schedule.timezone?.trim() || DEFAULT_MISSION_TIMEZONE;
  if (!isValidTimeZone(timezone)) return { kind: 'invalid', reason: `timezone: unknown time zone "${timezone}"` };
  const [hour, minute] = schedule.time!.split(':').map(Number);
  const at = `${minute} ${hour}`;
  let cron: string;
  let clampDay: number | null = null;
  switch (schedule.frequency) {
    case 'daily':
      cron = `${at} * * *`;
      break;
    case 'weekly':
      cron = `${at} * * ${[...new Set(schedule.daysOfWeek)].sort((a, b) => a - b).join(',')}`;
      break;
    case 'monthly': {
      const day = schedule.dayOfMonth!;
      if (day <= 28) cron = `${at} ${day} * *`;
      else if (day === 31) cron = `${at} L * *`;
      else {
        cron = `${at} 28-${day} * *`;
        clampDay = day;
      }
      break;
    }
    default:
      return { kind: 'invalid', reason: 'frequency: unknown frequency' };
  }
  return { kind: 'scheduled', schedule: { ...schedule, timezone }, cron, timezone, clampDay };
}

/** The cron expression and time zone pg-boss gets, or null for on-demand and invalid schedules. */
export function missionCron(value: unknown): { cron: string; timezone: string } | null {
  const resolved = resolveSchedule(value);
  return resolved.kind === 'scheduled' ? { cron: resolved.cron, timezone: resolved.timezone } : null;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function localTime(at: Date, timezone: string): LocalTime {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timezone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

const sameWallTime = (a: LocalTime, b: LocalTime) => a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** UTC offsets move by 30 or 60 minutes (historically 120): a wall time seen that long before is a repeat. */
const DST_SHIFTS_MINUTES = [30, 60, 120];

/** Is this cron match a real occurrence: not an extra day of a clamped month, not the repeat of a time the DST change showed twice? */
function isRealMatch(resolved: Extract<ResolvedSchedule, { kind: 'scheduled' }>, at: Date): boolean {
  const local = localTime(at, resolved.timezone);
  if (resolved.clampDay !== null && local.day !== Math.min(resolved.clampDay, daysInMonth(local.year, local.month))) return false;
  return !DST_SHIFTS_MINUTES.some((minutes) => sameWallTime(localTime(new Date(at.getTime() - minutes * 60_000), resolved.timezone), local));
}

function cronInterval(resolved: Extract<ResolvedSchedule, { kind: 'scheduled' }>, currentDate: Date) {
  return CronExpressionParser.parse(resolved.cron, { tz: resolved.timezone, currentDate, strict: false });
}

/** Enough to pass the extra days of a clamped month and a DST repeat many times over. */
const MAX_CANDIDATES = 64;

/** The first occurrence strictly after `from`, in the schedule's time zone; null for on-demand and invalid schedules. */
export function nextRun(schedule: unknown, from: Date = new Date()): Date | null {
  const resolved = resolveSchedule(schedule);
  if (resolved.kind !== 'scheduled') return null;
  const interval = cronInterval(resolved, from);
  for (let i = 0; i < MAX_CANDIDATES; i++) {
    const candidate = interval.next().toDate();
    if (isRealMatch(resolved, candidate)) return candidate;
  }
  return null;
}

/** Is `at` exactly one of the schedule's occurrences (as `nextRun` answers them)? */
export function isOccurrence(schedule: unknown, at: Date): boolean {
  return nextRun(schedule, new Date(at.getTime() - 1))?.getTime() === at.getTime();
}

/**
 * The occurrence a job that pg-boss's schedule created at `createdOn` stands for: the latest cron match at
 * or before it (how pg-boss's cron pass finds due occurrences), when that match is a real occurrence.
 * Null: not an occurrence (an extra day of a clamped month, a DST repeat) — the job is skipped.
 */
export function occurrenceAtOrBefore(schedule: unknown, createdOn: Date): Date | null {
  const resolved = resolveSchedule(schedule);
  if (resolved.kind !== 'scheduled') return null;
  const match = cronInterval(resolved, new Date(createdOn.getTime() + 1))
    .prev()
    .toDate();
  return isOccurrence(schedule, match) ? match : null;
}
