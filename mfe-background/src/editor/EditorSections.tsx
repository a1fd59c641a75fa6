// The background agent editor's sections, one component each; the page (BackgroundEditorPage) holds the
// agent and passes each section the agent and a setter.
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import {
  newProcessingStep,
  BACKGROUND_CATEGORIES,
  BACKGROUND_CRON_EXAMPLE,
  BACKGROUND_DATA_SOURCE_GROUPS,
  BACKGROUND_DELIVERY_CHANNELS,
  BACKGROUND_ICONS,
  BACKGROUND_INTERVAL_LABELS,
  BACKGROUND_INTERVALS,
  BACKGROUND_OUTPUT_FORMATS,
  BACKGROUND_PERMISSION_GROUPS,
  BACKGROUND_RETRIES,
  BACKGROUND_RETRY_DELAY,
  BACKGROUND_SCHEDULE_TYPES,
  BACKGROUND_STEP_TYPE_LABELS,
  BACKGROUND_STEP_TYPES,
  BACKGROUND_TIMEZONES,
  type BackgroundAgentConfig,
  type BackgroundDataSource,
  type BackgroundDeliveryChannel,
  type BackgroundInterval,
  type BackgroundOutputFormat,
  type BackgroundPermission,
  type BackgroundProcessingStep,
  type BackgroundScheduleType,
  type BackgroundStepType,
} from '@accent/background-common';
import { Button, Checkbox, Select, TextArea, TextField } from '@accent/shared/ui';
import type { BackgroundMcpToolGroup, BackgroundScheduleProblem } from '../data/background.js';
import { useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { DeliverySettings } from './DeliverySettings.js';
import { EventTrigger } from './EventTrigger.js';
import { DELIVERY_CHANNEL_LABELS, ICON_NAMES, OUTPUT_FORMAT_LABELS, PERMISSION_LABELS, SCHEDULE_TYPE_LABELS } from './labels.js';
import styles from './Editor.module.css';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item));

/** What every section gets: the agent being edited and the setter of one of its fields. */
export interface SectionProps {
  config: BackgroundAgentConfig;
  set: <K extends keyof BackgroundAgentConfig>(key: K, value: BackgroundAgentConfig[K]) => void;
}

export function BasicSection({ config, set }: SectionProps) {
  // a stored category outside the list stays visible (and selected) rather than silently replaced
  const categoryOptions = (BACKGROUND_CATEGORIES as readonly string[]).includes(config.category) || !config.category ? BACKGROUND_CATEGORIES : [config.category, ...BACKGROUND_CATEGORIES];
  return (
    <Section title="Basic Configuration">
      <div className={styles.row}>
        <TextField label="Agent Name" required value={config.name} onChange={(e) => set('name', e.target.value)} placeholder="e.g. Pipeline Watcher" />
        <Select
          label="Category"
          required
          placeholder="Select a category"
          value={config.category}
          options={categoryOptions.map((c) => ({ value: c, label: c }))}
          onChange={(e) => set('category', e.target.value)}
        />
      </div>
      <TextArea label="Description" required rows={3} value={config.description} onChange={(e) => set('description', e.target.value)} placeholder="What does this agent do?" />
      <div className={styles.group}>
        <span className={styles.groupTitle} id="bg-icon-label">
          Icon
        </span>
        <div className={styles.icons} role="radiogroup" aria-labelledby="bg-icon-label">
          {BACKGROUND_ICONS.map((icon, i) => (
            <button key={icon} type="button" role="radio" aria-checked={config.icon === icon} aria-label={ICON_NAMES[i]} className={styles.iconButton} onClick={() => set('icon', icon)}>
              {icon}
            </button>
          ))}
        </div>
      </div>
    </Section>
  );
}

export function PersonaSection({ config, set }: SectionProps) {
  return (
    <Section title="Agent Role & Persona">
      <TextArea
        label="System Prompt"
        required
        rows={6}
        value={config.systemPrompt}
        onChange={(e) => set('systemPrompt', e.target.value)}
        placeholder="Describe the agent's role, goals and how it should behave..."
      />
    </Section>
  );
}

export function DataSourcesSection({ config, set }: SectionProps) {
  return (
    <Section title="Data Sources & Integrations">
      {BACKGROUND_DATA_SOURCE_GROUPS.map((group) => (
        <fieldset key={group.id} className={styles.group}>
          <legend className={styles.groupTitle}>{group.label}</legend>
          <div className={styles.checks}>
            {group.sources.map((source) => (
              <Checkbox
                key={source.value}
                label={source.label}
                checked={config.dataSources.includes(source.value)}
                onChange={(e) => set('dataSources', toggle<BackgroundDataSource>(config.dataSources, source.value, e.target.checked))}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </Section>
  );
}

export function StepsSection({ config, set }: SectionProps) {
  const setStep = (index: number, patch: Partial<BackgroundProcessingStep>) =>
    set(
      'processingSteps',
      config.processingSteps.map((s, i) => (i === index ? { ...s, ...patch } : s)),
    );
  return (
    <Section title="Processing Steps">
      {config.processingSteps.length === 0 ? <p className={styles.hint}>No processing steps yet.</p> : null}
      <ol className={styles.steps} aria-label="Processing steps">
        {config.processingSteps.map((step, index) => (
          <li key={index} className={styles.step} data-testid="processing-step">
            <Select
              label={`Step ${index + 1} type`}
              value={step.type}
              options={BACKGROUND_STEP_TYPES.map((t) => ({ value: t, label: BACKGROUND_STEP_TYPE_LABELS[t] }))}
              onChange={(e) => setStep(index, { type: e.target.value as BackgroundStepType })}
            />
            <TextField label={`Step ${index + 1} description`} value={step.description} onChange={(e) => setStep(index, { description: e.target.value })} />
            <Button
              variant="secondary"
              aria-label={`Remove step ${index + 1}`}
              onClick={() => set('processingSteps', config.processingSteps.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" onClick={() => set('processingSteps', [...config.processingSteps, newProcessingStep()])}>
          Add Step
        </Button>
      </div>
    </Section>
  );
}

export interface ScheduleSectionProps extends SectionProps {
  editingId: string | null;
  /** a cron expression or time zone the database refused on save, shown at its field */
  scheduleProblem: BackgroundScheduleProblem | null;
  /** the schedule type changes several fields at once */
  onScheduleType: (type: BackgroundScheduleType) => void;
  /** why Publish is off (an interval or cron schedule with nothing chosen) */
  noSchedule: string | null;
  cronRef: Ref<HTMLInputElement>;
  timezoneRef: Ref<HTMLSelectElement>;
}

export function ScheduleSection({ config, set, editingId, scheduleProblem, onScheduleType, noSchedule, cronRef, timezoneRef }: ScheduleSectionProps) {
  // a stored time zone outside the list stays visible (and selected) rather than silently replaced
  const timezoneOptions = (BACKGROUND_TIMEZONES as readonly string[]).includes(config.timezone) ? BACKGROUND_TIMEZONES : [config.timezone, ...BACKGROUND_TIMEZONES];
  return (
    <Section title="Schedule Configuration">
      <div className={styles.row}>
        <Select
          label="Schedule Type"
          value={config.scheduleType}
          options={BACKGROUND_SCHEDULE_TYPES.map((t) => ({ value: t, label: SCHEDULE_TYPE_LABELS[t] }))}
          onChange={(e) => onScheduleType(e.target.value as BackgroundScheduleType)}
        />
        {config.scheduleType === 'interval' && (
          <Select
            label="Interval"
            placeholder="Select an interval"
            value={config.interval}
            options={BACKGROUND_INTERVALS.map((i) => ({ value: i, label: BACKGROUND_INTERVAL_LABELS[i] }))}
            onChange={(e) => set('interval', e.target.value as BackgroundInterval | '')}
            hint={noSchedule ?? undefined}
          />
        )}
        {config.scheduleType === 'cron' && (
          <TextField
            ref={cronRef}
            label="Cron Expression"
            value={config.cronExpression}
            placeholder={BACKGROUND_CRON_EXAMPLE}
            onChange={(e) => set('cronExpression', e.target.value)}
            error={scheduleProblem?.field === 'cronExpression' ? <ProblemText problem={scheduleProblem} /> : undefined}
            hint={
              <>
                Example: <code>{BACKGROUND_CRON_EXAMPLE}</code> = 7 AM weekdays
              </>
            }
          />
        )}
        <Select
          ref={timezoneRef}
          label="Timezone"
          value={config.timezone}
          options={timezoneOptions.map((t) => ({ value: t, label: t }))}
          onChange={(e) => set('timezone', e.target.value)}
          error={scheduleProblem?.field === 'timezone' ? <ProblemText problem={scheduleProblem} /> : undefined}
        />
      </div>
      {config.scheduleType === 'event' && (
        <>
          <p className={styles.hint}>The agent runs when a triggering event arrives.</p>
          <EventTrigger agentId={editingId} />
        </>
      )}
      <Checkbox label="Allow running on demand" checked={config.runOnDemand} onChange={(e) => set('runOnDemand', e.target.checked)} />
    </Section>
  );
}

export function OutputSection({ config, set }: SectionProps) {
  return (
    <Section title="Output & Delivery">
      <Select
        label="Output Format"
        value={config.outputFormat}
        options={BACKGROUND_OUTPUT_FORMATS.map((f) => ({ value: f, label: OUTPUT_FORMAT_LABELS[f] }))}
        onChange={(e) => set('outputFormat', e.target.value as BackgroundOutputFormat)}
      />
      <TextArea label="Output Template" rows={4} value={config.outputTemplate} onChange={(e) => set('outputTemplate', e.target.value)} placeholder="How results should be laid out..." />
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Delivery Channels</legend>
        <div className={styles.checks}>
          {BACKGROUND_DELIVERY_CHANNELS.map((ch) => (
            <Checkbox
              key={ch}
              label={DELIVERY_CHANNEL_LABELS[ch]}
              checked={config.deliveryChannels.includes(ch)}
              onChange={(e) => set('deliveryChannels', toggle<BackgroundDeliveryChannel>(config.deliveryChannels, ch, e.target.checked))}
            />
          ))}
        </div>
      </fieldset>
      <DeliverySettings config={config} onChange={(key, value) => set(key, value)} />
    </Section>
  );
}

export function PermissionsSection({ config, set }: SectionProps) {
  return (
    <Section title="Permissions & Security">
      {BACKGROUND_PERMISSION_GROUPS.map((group) => (
        <fieldset key={group.label} className={styles.group}>
          <legend className={styles.groupTitle}>{group.label}</legend>
          <div className={styles.checks}>
            {group.permissions.map((p) => (
              <Checkbox
                key={p}
                label={PERMISSION_LABELS[p]}
                checked={config.permissions.includes(p)}
                onChange={(e) => set('permissions', toggle<BackgroundPermission>(config.permissions, p, e.target.checked))}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </Section>
  );
}

/** Tools of the library's MCP servers the agent's runs may call, grouped by server ("CRM » Find contact"). */
export function McpToolsSection({ config, set }: SectionProps) {
  const groups = useMcpToolGroups();
  const known = new Set(groups?.flatMap((g) => g.tools.map((t) => t.ref)) ?? []);
  const missing = groups ? config.mcpTools.filter((ref) => !known.has(ref)) : [];
  return (
    <Section title="MCP tools">
      {groups?.length === 0 && <p className={styles.hint}>No MCP servers yet: an administrator adds them in Admin → MCP servers.</p>}
      {groups?.map((group) => (
        <fieldset key={group.id} className={styles.group}>
          <legend className={styles.groupTitle}>{group.name} (MCP)</legend>
          <div className={styles.checks}>
            {group.tools.map((tool) => (
              <Checkbox
                key={tool.ref}
                label={tool.label}
                title={tool.description}
                checked={config.mcpTools.includes(tool.ref)}
                onChange={(e) => set('mcpTools', toggle(config.mcpTools, tool.ref, e.target.checked))}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {missing.map((ref) => (
        <p key={ref} className={styles.hint}>
          MCP tool no longer available ({ref.split(':').slice(2).join(':')}): its runs leave it out.{' '}
          <Button variant="ghost" size="sm" onClick={() => set('mcpTools', config.mcpTools.filter((r) => r !== ref))}>
            Remove
          </Button>
        </p>
      ))}
    </Section>
  );
}

/** The MCP tools on offer, read once per editor view (none when they cannot be read). */
function useMcpToolGroups(): BackgroundMcpToolGroup[] | null {
  const { api } = useBackgroundEnv();
  const [groups, setGroups] = useState<BackgroundMcpToolGroup[] | null>(null);
  useEffect(() => {
    let live = true;
    api.listMcpTools().then(
      (list) => live && setGroups(list),
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return groups;
}

export function RetrySection({ config, set }: SectionProps) {
  return (
    <Section title="Error Handling & Retry Logic">
      <div className={styles.row}>
        <TextField
          label="Max Retries"
          type="number"
          min={BACKGROUND_RETRIES.min}
          max={BACKGROUND_RETRIES.max}
          value={config.maxRetries}
          onChange={(e) => set('maxRetries', clamp(Math.trunc(Number(e.target.value) || 0), BACKGROUND_RETRIES.min, BACKGROUND_RETRIES.max))}
        />
        <TextField
          label="Retry Delay (minutes)"
          type="number"
          min={BACKGROUND_RETRY_DELAY.min}
          max={BACKGROUND_RETRY_DELAY.max}
          value={config.retryDelay}
          onChange={(e) => set('retryDelay', clamp(Math.trunc(Number(e.target.value) || 0), BACKGROUND_RETRY_DELAY.min, BACKGROUND_RETRY_DELAY.max))}
        />
      </div>
      <TextField
        label="Error Notifications"
        value={config.errorNotifications}
        onChange={(e) => set('errorNotifications', e.target.value)}
        placeholder="ops@example.com, lead@example.com"
        hint="Comma-separated recipients"
      />
      <Checkbox label="Pause agent on error" checked={config.pauseOnError} onChange={(e) => set('pauseOnError', e.target.checked)} />
    </Section>
  );
}

function ProblemText({ problem }: { problem: BackgroundScheduleProblem }) {
  return (
    <>
      {problem.message}
      {problem.hint && <span className={styles.fieldHint}>{problem.hint}</span>}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}
