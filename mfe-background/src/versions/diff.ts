// What changed between two versions of a background agent, as the Versions section shows it side by
// side: plain fields, the prompts line by line, the schedule and the delivery. Pure, unit-tested.
import { backgroundConfigFromRow, defaultBackgroundConfig, type BackgroundAgentConfig, type BackgroundAgentVersion } from '@accent/background-common';
import { sideBySide, versionFieldChanges as fieldChanges, versionTextChanges, type SideBySideRow, type VersionFieldChange, type VersionTextChange } from '@accent/shared/ui';

// the kit's shapes and line compare, shared with the agents and flows' Versions views
export { sideBySide, type SideBySideRow };
export type FieldChange = VersionFieldChange;
export type TextChange = VersionTextChange;

export interface BackgroundVersionDiff {
  fields: FieldChange[];
  texts: TextChange[];
  schedule: FieldChange[];
  delivery: FieldChange[];
  same: boolean;
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
  const texts = versionTextChanges([
    ['System prompt', b.systemPrompt, a.systemPrompt],
    ['Processing steps', stepsText(b), stepsText(a)],
    ['Output template', b.outputTemplate, a.outputTemplate],
  ]);
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
