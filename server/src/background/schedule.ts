// When a background agent runs on its own (spec 02 §3.6 scheduleType, interval, cronExpression,
// timezone): an interval is a fixed cron (BACKGROUND_INTERVAL_CRON: every 5/15/30 minutes, hourly, every
// 4 hours, daily/weekly/monthly at 09:00) and a cron expression is the user's own, both evaluated by
// pg-boss in the agent's IANA time zone (cron-parser, pg-boss's own parser, checks them here first).
// Event agents run when their signed webhook is called; drafts and paused agents do not run on schedule.
import { BACKGROUND_INTERVAL_CRON, BACKGROUND_INTERVALS, type BackgroundAgentConfig, type BackgroundInterval } from '@accent/background-common';
import { CronExpressionParser } from 'cron-parser';
import { isValidTimeZone } from '../missions/schedule.js';

export type BackgroundSchedule =
  | { kind: 'scheduled'; cron: string; timezone: string }
  | { kind: 'event' }
  | { kind: 'none'; reason: string }
  | { kind: 'invalid'; reason: string };

export const SCHEDULE_MESSAGES = {
  noInterval: 'No interval is chosen',
  noCron: 'No cron expression is set',
  badCron: (expression: string, reason: string) => `Invalid cron expression "${expression}": ${reason}`,
  badTimezone: (timezone: string) => `Unknown time zone "${timezone}"`,
} as const;

export function resolveBackgroundSchedule(config: Pick<BackgroundAgentConfig, 'scheduleType' | 'interval' | 'cronExpression' | 'timezone'>): BackgroundSchedule {
  const timezone = config.timezone?.trim() || 'UTC';
  if (config.scheduleType === 'event') return { kind: 'event' };
  if (!isValidTimeZone(timezone)) return { kind: 'invalid', reason: SCHEDULE_MESSAGES.badTimezone(timezone) };
  if (config.scheduleType === 'cron') {
    const expression = config.cronExpression.trim().replace(/\s+/g, ' ');
    if (!expression) return { kind: 'none', reason: SCHEDULE_MESSAGES.noCron };
    if (expression.split(' ').length !== 5) return { kind: 'invalid', reason: SCHEDULE_MESSAGES.badCron(expression, 'it needs 5 fields (minute hour day-of-month month day-of-week)') };
    try {
      CronExpressionParser.parse(expression, { tz: timezone });
    } catch (error) {
      return { kind: 'invalid', reason: SCHEDULE_MESSAGES.badCron(expression, (error as Error).message) };
    }
    return { kind: 'scheduled', cron: expression, timezone };
  }
  if (!(BACKGROUND_INTERVALS as readonly string[]).includes(config.interval)) return { kind: 'none', reason: SCHEDULE_MESSAGES.noInterval };
  return { kind: 'scheduled', cron: BACKGROUND_INTERVAL_CRON[config.interval as BackgroundInterval], timezone };
}

/** The next time a schedule fires after `from` (null when it does not run on schedule). */
export function nextOccurrence(schedule: BackgroundSchedule, from: Date): Date | null {
  if (schedule.kind !== 'scheduled') return null;
  return CronExpressionParser.parse(schedule.cron, { tz: schedule.timezone, currentDate: from }).next().toDate();
}
