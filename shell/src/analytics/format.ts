// How analytics figures read on screen and in the CSV files.
import { ANALYTICS_MESSAGES, type AnalyticsBucket } from '@accent/shell-common';

const integer = new Intl.NumberFormat('en-US');

export const formatCount = (n: number): string => integer.format(n);

/** USD: cents for sums of a dollar or more, more digits for the small costs of single runs. */
export function formatUsd(n: number): string {
  const digits = n === 0 ? 2 : Math.abs(n) >= 1 ? 2 : Math.abs(n) >= 0.01 ? 4 : 6;
  return `$${n.toFixed(digits)}`;
}

export const formatRate = (rate: number | null): string => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s` : `${ms} ms`;
}

/**
 * The cost of a group of runs: the sum when every run has a price; "—" when none has, with the reason;
 * the known part with the reason when only some have.
 */
export function costOf(f: { runs: number; cost_usd: number; unpriced: number }): { text: string; reason: string | null } {
  if (f.unpriced === 0) return { text: formatUsd(f.cost_usd), reason: null };
  const reason = ANALYTICS_MESSAGES.costUnknown(f.unpriced);
  return f.unpriced >= f.runs ? { text: '—', reason } : { text: `${formatUsd(f.cost_usd)}+`, reason };
}

/** `2026-03-05` → `Mar 5`; `2026-03-05T14:00` → `Mar 5, 14:00` (the viewer's calendar, as the server bucketed it). */
export function bucketLabel(b: Pick<AnalyticsBucket, 'label'>): string {
  const [day, time] = b.label.split('T');
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return time ? `${date}, ${time}` : date;
}
