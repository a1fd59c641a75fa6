// Small formatting helpers of the Admin area.
import { ApiError } from '@accent/shared/client';

export const errorMessage = (e: unknown): string => (e instanceof Error && e.message ? e.message : String(e));

/** `2025-03-01T10:00:00Z` → `Mar 1, 2025` (the raw text when it is not a date). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** `2025-03-01T10:00:00Z` → `Mar 1, 2025, 10:00 AM`. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * A server validation error names its field first (`email: …`, `values.apiKey: …`): returns that field
 * and the message when the field is one of `fields`.
 */
export function fieldErrorOf(error: unknown, fields: readonly string[]): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || !error.detail) return null;
  const match = /^(?:body\.)?(?:values\.)?([A-Za-z_][\w]*): (.+)$/s.exec(error.detail);
  if (!match || !fields.includes(match[1]!)) return null;
  return { field: match[1]!, message: match[2]! };
}

/** Field errors from zod issues: the first message of each top-level field. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** A one-entry-per-line text area's entries: trimmed, blank lines dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * A refusal of a one-entry-per-line list (`hosts.2: "x" is not…`) as the admin sees it: `Line 3: "x" is not…`;
 * a refusal of the whole list loses its field name; anything else as the server said it.
 */
export function lineListError(error: unknown, field: string): string {
  const detail = error instanceof ApiError && error.detail ? error.detail : errorMessage(error);
  const entry = new RegExp(`^(?:body\\.)?${field}\\.(\\d+): (.+)$`, 's').exec(detail);
  if (entry) return `Line ${Number(entry[1]) + 1}: ${entry[2]}`;
  return detail.replace(new RegExp(`^(?:body\\.)?${field}: `), '');
}
