// How runs read on screen: times, durations, sources, statuses and step counts.
import type { Agent, RunSource, RunStatus } from '@accent/agents-common';

export const SOURCE_LABELS: Record<RunSource, string> = {
  test: 'Editor test',
  'agent-test': 'Agent test page',
  chatbot: 'Chatbot',
  api: 'API',
  agent: 'Another agent',
  background: 'Background agent',
  page: 'Published page',
  mission: 'Mission',
};

export const STATUS_LABELS: Record<RunStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A run's start time in the user's locale; the raw text when it is not a date. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** 850 ms, 1.2 s, 2 min 5 s. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return '—';
  const rounded = Math.round(ms);
  if (rounded < 1000) return `${rounded} ms`;
  if (rounded < 60_000) return `${(rounded / 1000).toFixed(1)} s`;
  const minutes = Math.floor(rounded / 60_000);
  return `${minutes} min ${Math.round((rounded % 60_000) / 1000)} s`;
}

export const formatTokens = (n: number | null | undefined) => (n == null ? '—' : n.toLocaleString('en-US'));

/** A run's estimated cost in USD (small sums keep their digits); '—' when unknown. */
export function formatCost(usd: number | null | undefined): string {
  if (usd == null) return '—';
  return `$${usd.toFixed(usd === 0 || usd >= 1 ? 2 : usd >= 0.01 ? 4 : 6)}`;
}

/** The first non-empty line, cut to `max` characters. */
export function firstLine(text: string | null | undefined, max = 120): string {
  const line = (text ?? '').split(/\r?\n/).find((l) => l.trim())?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** How many steps a run of this agent executes (the server's plan: none → one implicit step, supervisor → the first). */
export function plannedStepCount(agent: Pick<Agent, 'steps' | 'flow_type'>): number {
  if (agent.steps.length === 0) return 1;
  return agent.flow_type === 'supervisor' ? 1 : agent.steps.length;
}

/** "Step 1 of 2: Qualify lead" (or "Step 1: …" when the count is unknown). */
export function stepLabel(index: number, name: string, total?: number): string {
  const position = total && total > index ? `Step ${index + 1} of ${total}` : `Step ${index + 1}`;
  return name ? `${position}: ${name}` : position;
}

/** JSON for people: pretty, and a string stays a string. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    return String(value);
  }
}

/** A tool answered "not connected" (the connector has no credentials in Admin → Connectors). */
export function isNotConnected(output: unknown, error: string | null): boolean {
  const code = output && typeof output === 'object' ? (output as { error?: unknown }).error : undefined;
  return code === 'not_connected' || /is not connected/i.test(error ?? '');
}

export const FALLBACK_LABELS: Record<'apologize' | 'escalate' | 'search', string> = {
  apologize: 'apologize and ask for clarification',
  escalate: 'escalate to a person',
  search: 'knowledge base search',
};
