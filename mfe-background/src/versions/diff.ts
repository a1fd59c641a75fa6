// What changed between two versions of a background agent, as the Versions section shows it side by
// side: plain fields, the prompts line by line, the schedule and the delivery. Pure, unit-tested.
//
// The agents area has a diff of the same shape (mfe-agents/src/versions/diff.ts, on the `diff` package);
// neither that package nor a module both areas could import is available to this remote without a new
// dependency or a change to @accent/shared's contract, so the few lines of line diff live here.
import { backgroundConfigFromRow, defaultBackgroundConfig, type BackgroundAgentConfig, type BackgroundAgentVersion } from '@accent/background-common';

export interface SideBySideRow {
  left: string | null;
  right: string | null;
  kind: 'same' | 'removed' | 'added' | 'changed';
}
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}
export interface TextChange {
  label: string;
  rows: SideBySideRow[];
}
export interface BackgroundVersionDiff {
  fields: FieldChange[];
  texts: TextChange[];
  schedule: FieldChange[];
  delivery: FieldChange[];
  same: boolean;
}

const linesOf = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/**
 * Side-by-side rows of two texts compared line by line (longest common subsequence): unchanged lines face
 * each other; removed lines followed by added ones are paired row by row ('changed'), the rest stand alone.
 */
export function sideBySide(before: string, after: string): SideBySideRow[] {
  const a = linesOf(before);
  const b = linesOf(after);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const rows: SideBySideRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const left = removed[k] ?? null;
      const right = added[k] ?? null;
      rows.push({ left, right, kind: left !== null && right !== null ? 'changed' : left !== null ? 'removed' : 'added' });
    }
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      rows.push({ left: a[i]!, right: b[j]!, kind: 'same' });
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) added.push(b[j++]!);
    else removed.push(a[i++]!);
  }
  flush();
  return rows;
}

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
};

function fieldChanges(pairs: [label: string, before: unknown, after: unknown][]): FieldChange[] {
  return pairs.map(([label, b, a]) => ({ label, before: show(b), after: show(a) })).filter((c) => c.before !== c.after);
}

const stepsText = (c: BackgroundAgentConfig) => c.processingSteps.map((s, i) => `${i + 1}. ${s.type}: ${s.description}`).join('\n');

/** A version's configuration with every default; a stored configuration that no longer parses reads as the defaults with its fields. */
export function versionConfig(v: Pick<BackgroundAgentVersion, 'name' | 'icon' | 'description' | 'category' | 'status' | 'config'>): BackgroundAgentConfig {
  const row = { name: v.name, icon: v.icon, description: v.description, category: v.category, status: v.status as 'draft' };
  try {
    return backgroundConfigFromRow({ ...row, config: v.config });
  } catch {
    return { ...defaultBackgroundConfig(), name: v.name, icon: v.icon, description: v.description, category: v.category };
  }
}

/** `before` is the older version, `after` the newer; `status` is the row's (draft, active, paused). */
export function diffBackgroundVersions(before: BackgroundAgentVersion, after: BackgroundAgentVersion): BackgroundVersionDiff {
  const b = versionConfig(before);
  const a = versionConfig(after);
  const fields = fieldChanges([
    ['Name', b.name, a.name],
    ['Icon', b.icon, a.icon],
    ['Description', b.description, a.description],
    ['Category', b.category, a.category],
    ['Status', before.status, after.status],
    ['Data sources', b.dataSources, a.dataSources],
    ['Permissions', b.permissions, a.permissions],
    ['Max retries', b.maxRetries, a.maxRetries],
    ['Retry delay (minutes)', b.retryDelay, a.retryDelay],
    ['Error notifications', b.errorNotifications, a.errorNotifications],
    ['Pause on error', b.pauseOnError, a.pauseOnError],
  ]);
  const texts = (
    [
      ['System prompt', b.systemPrompt, a.systemPrompt],
      ['Processing steps', stepsText(b), stepsText(a)],
      ['Output template', b.outputTemplate, a.outputTemplate],
    ] as const
  )
    .filter(([, x, y]) => x !== y)
    .map(([label, x, y]) => ({ label, rows: sideBySide(x, y) }));
  const schedule = fieldChanges([
    ['Schedule type', b.scheduleType, a.scheduleType],
    ['Interval', b.interval, a.interval],
    ['Cron expression', b.cronExpression, a.cronExpression],
    ['Time zone', b.timezone, a.timezone],
    ['Run on demand', b.runOnDemand, a.runOnDemand],
  ]);
  const delivery = fieldChanges([
    ['Output format', b.outputFormat, a.outputFormat],
    ['Delivery channels', b.deliveryChannels, a.deliveryChannels],
    ['Email recipients', b.emailRecipients, a.emailRecipients],
    ['SMS recipients', b.smsRecipients, a.smsRecipients],
    ['Webhook URL', b.webhookUrl, a.webhookUrl],
  ]);
  return { fields, texts, schedule, delivery, same: !fields.length && !texts.length && !schedule.length && !delivery.length };
}
