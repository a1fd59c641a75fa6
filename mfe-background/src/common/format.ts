// How runs read on screen: times, durations, triggers, statuses, channels and sources.
import {
  backgroundSourceLabel,
  type BackgroundDelivery,
  type BackgroundRunStatus,
  type BackgroundRunTrigger,
  type BackgroundSourceResult,
} from '@accent/background-common';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A timestamp in the user's locale; '—' when there is none; the raw text when it is not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export const RUN_TRIGGER_LABELS: Readonly<Record<BackgroundRunTrigger, string>> = { schedule: 'Scheduled', manual: 'Run now', event: 'Event', test: 'Test' };

export const RUN_STATUS_LABELS: Readonly<Record<BackgroundRunStatus, string>> = {
  queued: 'queued',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

export const isPending = (status: BackgroundRunStatus) => status === 'queued' || status === 'running';

export const DELIVERY_STATUS_LABELS: Readonly<Record<BackgroundDelivery['status'], string>> = { sent: 'sent', failed: 'failed', skipped: 'skipped', dry_run: 'dry run' };

export const SOURCE_STATUS_LABELS: Readonly<Record<BackgroundSourceResult['status'], string>> = { collected: 'collected', not_connected: 'not connected', failed: 'failed' };

export { backgroundSourceLabel as sourceLabel } from '@accent/background-common';
export { excerpt } from '@accent/shared';


/** The run's time: when it started, else when it was queued. */
export const runTime = (run: { started_at: string | null; created_at: string }) => run.started_at ?? run.created_at;

type RunOutcome = { status: BackgroundRunStatus | 'succeeded' | 'failed'; sources: readonly BackgroundSourceResult[] };

/**
 * Why a succeeded run needs a second look: data sources it could not read (not connected, or failed), so its
 * output was written without their data. Null when there is nothing to warn about.
 */
export function runWarning(run: RunOutcome): string | null {
  if (run.status !== 'succeeded' || run.sources.length === 0) return null;
  const missing = run.sources.filter((s) => s.status !== 'collected');
  if (missing.length === 0) return null;
  const which = missing.map((s) => `${backgroundSourceLabel(s.source)}: ${SOURCE_STATUS_LABELS[s.status]}`).join('; ');
  if (missing.length === run.sources.length) return `No data source could be read (${which}): the output was written without their data.`;
  return `${missing.length} of ${run.sources.length} data sources could not be read (${which}).`;
}

/** The run's status as every run view shows it: a succeeded run with a warning is "succeeded with warnings". */
export function runStatusText(run: RunOutcome): string {
  return runWarning(run) ? 'succeeded with warnings' : RUN_STATUS_LABELS[run.status];
}
