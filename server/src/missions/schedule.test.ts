import { describe, expect, it } from '@jest/globals';
import { isOccurrence, missionCron, nextRun, occurrenceAtOrBefore, resolveSchedule } from './schedule.js';

const daily = (time: string, timezone?: string) => ({ type: 'scheduled', frequency: 'daily', time, ...(timezone ? { timezone } : {}) });
const weekly = (time: string, daysOfWeek: number[], timezone?: string) => ({ type: 'scheduled', frequency: 'weekly', time, daysOfWeek, ...(timezone ? { timezone } : {}) });
const monthly = (time: string, dayOfMonth: number, timezone?: string) => ({ type: 'scheduled', frequency: 'monthly', time, dayOfMonth, ...(timezone ? { timezone } : {}) });

/** The next `count` occurrences after `from`, as ISO strings. */
function upcoming(schedule: unknown, from: string, count: number): string[] {
  const out: string[] = [];
  let at = new Date(from);
  for (let i = 0; i < count; i++) {
    const next = nextRun(schedule, at);
    if (!next) break;
    out.push(next.toISOString());
    at = next;
  }
  return out;
}

describe('mission schedule → cron', () => {
  it('converts daily, weekly (days sorted, deduplicated) and monthly schedules', () => {
    expect(missionCron(daily('09:00'))).toEqual({ cron: '0 9 * * *', timezone: 'UTC' });
    expect(missionCron(daily('17:45', 'Europe/Berlin'))).toEqual({ cron: '45 17 * * *', timezone: 'Europe/Berlin' });
    expect(missionCron(weekly('08:05', [5, 1, 3, 1]))).toEqual({ cron: '5 8 * * 1,3,5', timezone: 'UTC' });
    expect(missionCron(weekly('00:00', [0, 6]))).toEqual({ cron: '0 0 * * 0,6', timezone: 'UTC' });
    expect(missionCron(monthly('23:59', 1))).toEqual({ cron: '59 23 1 * *', timezone: 'UTC' });
    expect(missionCron(monthly('06:30', 28))).toEqual({ cron: '30 6 28 * *', timezone: 'UTC' });
    // 29 and 30: a superset of days, clamped by isOccurrence; 31 is exactly the last day
    expect(missionCron(monthly('06:30', 30))).toEqual({ cron: '30 6 28-30 * *', timezone: 'UTC' });
    expect(missionCron(monthly('06:30', 31))).toEqual({ cron: '30 6 L * *', timezone: 'UTC' });
  });

  it('answers null for on-demand and invalid schedules, with the reason', () => {
    expect(missionCron({ type: 'on-demand' })).toBeNull();
    expect(missionCron(null)).toBeNull();
    expect(resolveSchedule({ type: 'on-demand' })).toEqual({ kind: 'on-demand' });
    expect(resolveSchedule(weekly('09:00', []))).toMatchObject({ kind: 'invalid', reason: 'daysOfWeek: Choose at least one day' });
    expect(resolveSchedule(daily('9am'))).toMatchObject({ kind: 'invalid', reason: 'time: Enter a time as HH:MM' });
    expect(resolveSchedule(daily('25:00'))).toMatchObject({ kind: 'invalid' });
    expect(resolveSchedule(monthly('09:00', 32))).toMatchObject({ kind: 'invalid' });
    expect(resolveSchedule(daily('09:00', 'Mars/Olympus_Mons'))).toEqual({ kind: 'invalid', reason: 'timezone: unknown time zone "Mars/Olympus_Mons"' });
    expect(resolveSchedule('garbage')).toMatchObject({ kind: 'invalid' });
    expect(nextRun({ type: 'on-demand' })).toBeNull();
    expect(nextRun(weekly('09:00', []))).toBeNull();
  });
});

describe('nextRun', () => {
  it('daily in UTC: later today, else tomorrow (strictly after from)', () => {
    expect(nextRun(daily('09:00'), new Date('2026-05-04T08:59:59Z'))?.toISOString()).toBe('2026-05-04T09:00:00.000Z');
    expect(nextRun(daily('09:00'), new Date('2026-05-04T09:00:00Z'))?.toISOString()).toBe('2026-05-05T09:00:00.000Z');
  });

  it('weekly on several days (2026-05-04 is a Monday)', () => {
    expect(upcoming(weekly('09:30', [1, 3, 5]), '2026-05-04T10:00:00Z', 4)).toEqual([
      '2026-05-06T09:30:00.000Z',
      '2026-05-08T09:30:00.000Z',
      '2026-05-11T09:30:00.000Z',
      '2026-05-13T09:30:00.000Z',
    ]);
    // Sunday first: 0 is Sunday
    expect(nextRun(weekly('12:00', [0]), new Date('2026-05-04T00:00:00Z'))?.toISOString()).toBe('2026-05-10T12:00:00.000Z');
  });

  it('weekly in a non-UTC time zone uses the local weekday', () => {
    // Monday 08:00 in Tokyo (UTC+9) is Sunday 23:00 UTC
    expect(nextRun(weekly('08:00', [1], 'Asia/Tokyo'), new Date('2026-05-01T00:00:00Z'))?.toISOString()).toBe('2026-05-03T23:00:00.000Z');
    // Friday 18:00 in Los Angeles (UTC-7 in summer) is Saturday 01:00 UTC
    expect(nextRun(weekly('18:00', [5], 'America/Los_Angeles'), new Date('2026-05-04T00:00:00Z'))?.toISOString()).toBe('2026-05-09T01:00:00.000Z');
  });

  it('monthly on day 1–28 runs that day every month', () => {
    expect(upcoming(monthly('09:00', 15, 'Europe/Berlin'), '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-01-15T08:00:00.000Z', // CET, UTC+1
      '2026-02-15T08:00:00.000Z',
      '2026-03-15T08:00:00.000Z',
    ]);
  });

  it('monthly on the 31st runs on the last day of shorter months', () => {
    expect(upcoming(monthly('09:00', 31), '2026-01-01T00:00:00Z', 5)).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
    ]);
  });

  it('monthly on the 30th / 29th is clamped to February and skips the extra days of its cron', () => {
    expect(upcoming(monthly('09:00', 30), '2026-01-01T00:00:00Z', 4)).toEqual([
      '2026-01-30T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
    ]);
    // 2028 is a leap year
    expect(upcoming(monthly('09:00', 29), '2028-01-30T00:00:00Z', 2)).toEqual(['2028-02-29T09:00:00.000Z', '2028-03-29T09:00:00.000Z']);
    expect(upcoming(monthly('09:00', 30), '2028-01-31T00:00:00Z', 1)).toEqual(['2028-02-29T09:00:00.000Z']);
    // the cron 28-30 matches Jan 28 and 29: not occurrences
    expect(isOccurrence(monthly('09:00', 30), new Date('2026-01-28T09:00:00Z'))).toBe(false);
    expect(isOccurrence(monthly('09:00', 30), new Date('2026-01-30T09:00:00Z'))).toBe(true);
    expect(isOccurrence(monthly('09:00', 30), new Date('2026-02-28T09:00:00Z'))).toBe(true);
  });

  describe('across DST changes', () => {
    it('America/New_York in March: 09:00 local moves from 14:00 to 13:00 UTC', () => {
      expect(upcoming(daily('09:00', 'America/New_York'), '2026-03-06T15:00:00Z', 3)).toEqual([
        '2026-03-07T14:00:00.000Z', // EST
        '2026-03-08T13:00:00.000Z', // EDT from 2026-03-08
        '2026-03-09T13:00:00.000Z',
      ]);
    });

    it('America/New_York in November: 09:00 local moves from 13:00 to 14:00 UTC', () => {
      expect(upcoming(daily('09:00', 'America/New_York'), '2026-10-31T00:00:00Z', 3)).toEqual([
        '2026-10-31T13:00:00.000Z',
        '2026-11-01T14:00:00.000Z',
        '2026-11-02T14:00:00.000Z',
      ]);
    });

    it('a time skipped by the spring change runs once, an hour later by the clock', () => {
      // 02:30 does not exist in New York on 2026-03-08: it runs at 03:30 EDT (07:30 UTC)
      expect(upcoming(daily('02:30', 'America/New_York'), '2026-03-07T00:00:00Z', 3)).toEqual([
        '2026-03-07T07:30:00.000Z',
        '2026-03-08T07:30:00.000Z',
        '2026-03-09T06:30:00.000Z',
      ]);
      expect(upcoming(daily('02:30', 'Europe/Berlin'), '2026-03-28T00:00:00Z', 3)).toEqual([
        '2026-03-28T01:30:00.000Z',
        '2026-03-29T01:30:00.000Z', // 03:30 CEST
        '2026-03-30T00:30:00.000Z',
      ]);
    });

    it('a time repeated by the autumn change runs once, at its first occurrence', () => {
      // 01:30 happens twice in New York on 2026-11-01: 05:30 UTC (EDT) and 06:30 UTC (EST)
      expect(upcoming(daily('01:30', 'America/New_York'), '2026-10-31T00:00:00Z', 3)).toEqual([
        '2026-10-31T05:30:00.000Z',
        '2026-11-01T05:30:00.000Z',
        '2026-11-02T06:30:00.000Z',
      ]);
      // asked from between the two, the repeat is not an occurrence
      expect(nextRun(daily('01:30', 'America/New_York'), new Date('2026-11-01T06:00:00Z'))?.toISOString()).toBe('2026-11-02T06:30:00.000Z');
      expect(isOccurrence(daily('01:30', 'America/New_York'), new Date('2026-11-01T06:30:00Z'))).toBe(false);
      // Europe/Berlin, 2026-10-25: 02:30 CEST (00:30 UTC) and 02:30 CET (01:30 UTC)
      expect(upcoming(daily('02:30', 'Europe/Berlin'), '2026-10-24T12:00:00Z', 2)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']);
    });

    it('Europe/Berlin in March and October at an ordinary time', () => {
      expect(upcoming(weekly('07:00', [0, 1], 'Europe/Berlin'), '2026-03-28T00:00:00Z', 2)).toEqual([
        '2026-03-29T05:00:00.000Z', // Sunday, CEST from 02:00 that morning
        '2026-03-30T05:00:00.000Z',
      ]);
      expect(upcoming(daily('07:00', 'Europe/Berlin'), '2026-10-24T12:00:00Z', 2)).toEqual(['2026-10-25T06:00:00.000Z', '2026-10-26T06:00:00.000Z']);
    });
  });
});

describe('occurrenceAtOrBefore (what a job from pg-boss stands for)', () => {
  it('is the latest occurrence at or before the job was created', () => {
    expect(occurrenceAtOrBefore(daily('09:00', 'Europe/Berlin'), new Date('2026-05-04T07:00:20Z'))?.toISOString()).toBe('2026-05-04T07:00:00.000Z');
    expect(occurrenceAtOrBefore(daily('09:00'), new Date('2026-05-04T09:00:00Z'))?.toISOString()).toBe('2026-05-04T09:00:00.000Z');
  });

  it('is null for the repeat of the autumn change and for the extra days of a clamped month', () => {
    expect(occurrenceAtOrBefore(daily('01:30', 'America/New_York'), new Date('2026-11-01T05:30:10Z'))?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(occurrenceAtOrBefore(daily('01:30', 'America/New_York'), new Date('2026-11-01T06:30:10Z'))).toBeNull();
    expect(occurrenceAtOrBefore(monthly('09:00', 30), new Date('2026-01-28T09:00:10Z'))).toBeNull();
    expect(occurrenceAtOrBefore(monthly('09:00', 30), new Date('2026-02-28T09:00:10Z'))?.toISOString()).toBe('2026-02-28T09:00:00.000Z');
  });
});
