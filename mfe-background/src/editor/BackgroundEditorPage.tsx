// /background/new and /background/:id: the background agent editor (spec 02 §2.4, §3.6, §4.4, §5, §9):
// eight form sections, the Agent Preview side panel, and Save Draft / Publish (Update) through the data
// service. Beyond the spec (which only alerts on test): Test Configuration is a real dry run on the
// server, saved agents have Run now and their runs, and the delivery settings of the chosen channels.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  backgroundEditorTitle,
  canPublish,
  canTest,
  scheduleMissing,
  changeScheduleType,
  newBackgroundAgent,
  newProcessingStep,
  normalizeLoadedConfig,
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
  BACKGROUND_TEXTS,
  BACKGROUND_TIMEZONES,
  type BackgroundAgentConfig,
  type BackgroundAgentStatus,
  type BackgroundConfigStatus,
  type BackgroundDataSource,
  type BackgroundDeliveryChannel,
  type BackgroundInterval,
  type BackgroundOutputFormat,
  type BackgroundPermission,
  type BackgroundProcessingStep,
  type BackgroundScheduleType,
  type BackgroundStepType,
} from '@accent/background-common';
import { backgroundScheduleProblem, type BackgroundScheduleProblem } from '../data/background.js';
import { roleRefusalText, useCanBuild } from '@accent/shared/client';
import { Button, Checkbox, ErrorState, LoadingState, Select, TextArea, TextField, usePendingSaveGuard } from '@accent/shared/ui';
import { errorDetail, errorMessage, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { useRunNow } from '../common/useRunNow.js';
import { RunsPanel } from '../runs/RunsPanel.js';
import { useAgentRuns } from '../runs/useAgentRuns.js';
import { AgentPreview } from './AgentPreview.js';
import { DeliverySettings } from './DeliverySettings.js';
import { EventTrigger } from './EventTrigger.js';
import { TestDialog, type TestState } from './TestDialog.js';
import { DELIVERY_CHANNEL_LABELS, ICON_NAMES, OUTPUT_FORMAT_LABELS, PERMISSION_LABELS, SCHEDULE_TYPE_LABELS } from './labels.js';
import styles from './Editor.module.css';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item));

export function BackgroundEditorPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? id : null;
  const env = useBackgroundEnv();
  const { api, notify } = env;
  const navigate = useNavigate();
  // members see agents read-only (the server refuses their writes): a view, not an editor
  const canEdit = useCanBuild();
  const [config, setConfig] = useState<BackgroundAgentConfig>(() => newBackgroundAgent());
  // what was loaded (or the blank agent): anything else is unsaved work that leaving would lose
  const [baseline, setBaseline] = useState(() => JSON.stringify(config));
  const [loading, setLoading] = useState(editingId !== null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<BackgroundConfigStatus | null>(null);
  /** the stored status (paused is set by the run worker, not by the editor) */
  const [storedStatus, setStoredStatus] = useState<BackgroundAgentStatus | null>(null);
  /** a cron expression or time zone the database refused on save */
  const [scheduleProblem, setScheduleProblem] = useState<BackgroundScheduleProblem | null>(null);
  const [testState, setTestState] = useState<TestState | null>(null);
  const testSeq = useRef(0);
  const cronRef = useRef<HTMLInputElement>(null);
  const timezoneRef = useRef<HTMLSelectElement>(null);
  const runs = useAgentRuns(editingId);
  const { runNow, busyId } = useRunNow();

  useEffect(() => {
    if (!editingId) return;
    let live = true;
    setLoading(true);
    setLoadError(null);
    api.getAgent(editingId).then(
      (stored) => {
        if (!live) return;
        if (!stored) {
          setLoadError('The background agent could not be found.');
          notify.error('Agent Not Found', 'The background agent could not be loaded.');
        } else {
          const loadedConfig = normalizeLoadedConfig(stored.config);
          setConfig(loadedConfig);
          setBaseline(JSON.stringify(loadedConfig));
          setStoredStatus(stored.status);
        }
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setLoadError(errorMessage(err, 'Could not load the background agent.'));
        notify.error('Load Failed', 'Could not load the background agent. Please check your connection.');
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, notify, editingId]);

  // Unmounting (leaving the editor) abandons a test in progress.
  useEffect(
    () => () => {
      testSeq.current += 1;
    },
    [],
  );

  // A refused schedule field takes the focus, so its message is read out next to it.
  useEffect(() => {
    if (scheduleProblem?.field === 'cronExpression') cronRef.current?.focus();
    else if (scheduleProblem?.field === 'timezone') timezoneRef.current?.focus();
  }, [scheduleProblem]);

  const dirty = !loading && !loadError && JSON.stringify(config) !== baseline;
  /** an interval or cron schedule with nothing chosen: Publish says why it is off */
  const noSchedule = scheduleMissing(config);
  usePendingSaveGuard({ pending: dirty || saving !== null });

  const set = <K extends keyof BackgroundAgentConfig>(key: K, value: BackgroundAgentConfig[K]) => {
    if (scheduleProblem && (key === 'cronExpression' || key === 'timezone')) setScheduleProblem(null);
    setConfig((c) => ({ ...c, [key]: value }));
  };
  const setStep = (index: number, patch: Partial<BackgroundProcessingStep>) =>
    setConfig((c) => ({ ...c, processingSteps: c.processingSteps.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));

  const back = () => navigate('/background');

  async function save(status: BackgroundConfigStatus) {
    if (status === 'active' && !canPublish(config)) return;
    setSaving(status);
    setScheduleProblem(null);
    try {
      await api.saveAgent({ ...config, status }, status, editingId);
      notify.success(status === 'active' ? (editingId ? 'Agent Updated' : 'Agent Published') : 'Draft Saved', `${config.name || BACKGROUND_TEXTS.untitled} has been saved.`);
      navigate('/background');
    } catch (err) {
      // The form keeps every value; a refused schedule says why, next to its field.
      const problem = backgroundScheduleProblem(err);
      if (problem) {
        setScheduleProblem(problem);
        notify.error('Save Failed', problem.hint ? `${problem.message}. ${problem.hint}` : problem.message);
      } else notify.error('Save Failed', 'Could not save the background agent. Please check your connection.');
      setSaving(null);
    }
  }

  async function test() {
    if (!canTest(config)) return;
    const seq = ++testSeq.current;
    const tested = config;
    env.log('Testing background agent configuration:', tested);
    setTestState({ phase: 'running' });
    try {
      const result = await api.testConfig(tested, editingId);
      env.log('Background agent test result:', result);
      if (seq === testSeq.current) setTestState({ phase: 'done', result });
    } catch (err) {
      if (seq === testSeq.current) setTestState({ phase: 'error', message: errorDetail(err, 'The test could not run.') });
    }
  }

  function closeTest() {
    testSeq.current += 1; // a late answer is dropped
    setTestState(null);
  }

  async function runAgentNow() {
    if (!editingId) return;
    const runId = await runNow(editingId, config.name);
    if (runId) runs.track(runId);
  }

  const header = (
    <header className={styles.header}>
      <div>
        <h1 className={styles.title}>{canEdit ? backgroundEditorTitle(editingId !== null) : BACKGROUND_TEXTS.viewTitle}</h1>
        <p className={styles.subtitle}>{canEdit ? BACKGROUND_TEXTS.subtitle : BACKGROUND_TEXTS.viewSubtitle}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={back}>
          {BACKGROUND_TEXTS.backToAgents}
        </Button>
        {canEdit && !loading && !loadError && (
          <>
            {editingId && (
              <Button variant="secondary" loading={busyId === editingId} disabled={saving !== null} onClick={() => void runAgentNow()}>
                Run now
              </Button>
            )}
            <Button variant="secondary" disabled={!canTest(config) || saving !== null} loading={testState?.phase === 'running'} onClick={() => void test()}>
              {BACKGROUND_TEXTS.testConfiguration}
            </Button>
            <Button variant="secondary" disabled={saving !== null} loading={saving === 'draft'} onClick={() => void save('draft')}>
              {BACKGROUND_TEXTS.saveDraft}
            </Button>
            <Button
              disabled={!canPublish(config) || saving !== null}
              loading={saving === 'active'}
              onClick={() => void save('active')}
              aria-describedby={noSchedule ? 'background-publish-reason' : undefined}
            >
              {editingId ? BACKGROUND_TEXTS.update : BACKGROUND_TEXTS.publish}
            </Button>
            {noSchedule && (
              <p id="background-publish-reason" className={styles.publishReason}>
                {noSchedule}
              </p>
            )}
          </>
        )}
      </div>
    </header>
  );

  if (loading)
    return (
      <div className={styles.page}>
        {header}
        <LoadingState text="Loading agent..." />
      </div>
    );
  if (loadError)
    return (
      <div className={styles.page}>
        {header}
        <ErrorState message={loadError} />
      </div>
    );

  // a stored time zone outside the list stays visible (and selected) rather than silently replaced
  const timezoneOptions = (BACKGROUND_TIMEZONES as readonly string[]).includes(config.timezone) ? BACKGROUND_TIMEZONES : [config.timezone, ...BACKGROUND_TIMEZONES];
  const categoryOptions = (BACKGROUND_CATEGORIES as readonly string[]).includes(config.category) || !config.category ? BACKGROUND_CATEGORIES : [config.category, ...BACKGROUND_CATEGORIES];

  if (!canEdit && !editingId)
    return (
      <div className={styles.page}>
        {header}
        <ErrorState message={roleRefusalText('creating background agents')} />
      </div>
    );

  return (
    <div className={styles.page}>
      {header}
      {storedStatus === 'paused' && (
        <p className={styles.notice} role="note" data-testid="paused-notice">
          This agent is paused: it does not run on its schedule. Resume it from its card, or Update (publish) it.
        </p>
      )}
      <div className={styles.layout}>
        <fieldset className={styles.form} disabled={!canEdit}>
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

          <Section title="Schedule Configuration">
            <div className={styles.row}>
              <Select
                label="Schedule Type"
                value={config.scheduleType}
                options={BACKGROUND_SCHEDULE_TYPES.map((t) => ({ value: t, label: SCHEDULE_TYPE_LABELS[t] }))}
                onChange={(e) => {
                  setScheduleProblem(null);
                  setConfig((c) => changeScheduleType(c, e.target.value as BackgroundScheduleType));
                }}
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
        </fieldset>
        <AgentPreview config={config} />
      </div>
      {editingId && <RunsPanel agentId={editingId} state={runs} />}
      <TestDialog state={testState} onClose={closeTest} onRetry={() => void test()} />
    </div>
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
