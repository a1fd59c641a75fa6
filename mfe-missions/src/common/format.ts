// How missions and runs read on screen: dates, rates, triggers and output excerpts.
import { excerpt } from '@accent/shared';
import { roundTo2, type MissionRunTrigger } from '@accent/missions-common';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp in the user's locale; `fallback` when there is none; the raw text when it is not a date. */
export function formatDateTime(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const shortDateTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const shortDateTimeYear = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A compact timestamp for tables: "Jun 2, 9:00 AM" (with the year when it is not this year). */
export function formatShortDateTime(iso: string | null | undefined, fallback = '—', now = new Date()): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (date.getFullYear() === now.getFullYear() ? shortDateTime : shortDateTimeYear).format(date);
}

/** When the mission runs next: only an active mission has a next run (a paused or draft one keeps a stale date). */
export const nextRunOf = (mission: { status: string; next_run: string | null }): string | null => (mission.status === 'active' ? mission.next_run : null);

/** 66.67% (success rates are percentages, rounded to 2 decimals: spec 01 §9). */
export const formatRate = (rate: number) => `${roundTo2(Number(rate) || 0)}%`;

/** A mission's success rate: "—" until it has run (a 0% would say every run failed). */
export const missionRate = (mission: { execution_count: number; success_rate: number }): string => (mission.execution_count > 0 ? formatRate(mission.success_rate) : '—');

export const TRIGGER_LABELS: Record<MissionRunTrigger, string> = { schedule: 'Scheduled', manual: 'Run now' };

export { excerpt };

/** Whether an output has more than its excerpt shows. */
export const isTruncated = (text: string | null | undefined, lines = 3, max = 300) => Boolean(text) && excerpt(text, lines, max) !== text!.trim();
