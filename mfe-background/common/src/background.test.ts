import { describe, expect, it } from '@jest/globals';
import {
  BACKGROUND_CATEGORIES,
  BACKGROUND_DASHBOARD_CATEGORIES,
  BACKGROUND_DATA_SOURCE_GROUPS,
  BACKGROUND_DATA_SOURCES,
  BACKGROUND_ICONS,
  BACKGROUND_PERMISSION_GROUPS,
  BACKGROUND_PERMISSIONS,
  BACKGROUND_STEP_TYPE_LABELS,
  BACKGROUND_TEXTS,
  backgroundAgentConfigSchema,
  backgroundAgentToRow,
  backgroundCardFromRow,
  backgroundConfigFromRow,
  backgroundDeleteConfirmText,
  backgroundEditorTitle,
  canPublish,
  scheduleMissing,
  canTest,
  changeScheduleType,
  defaultBackgroundConfig,
  filterBackgroundAgents,
  dashboardCategoryChips,
  newBackgroundAgent,
  newProcessingStep,
  normalizeLoadedConfig,
  previewChecklist,
  previewTexts,
  scheduleSummary,
  type BackgroundAgentConfig,
} from './background.js';

const complete = (fields: Partial<BackgroundAgentConfig> = {}): BackgroundAgentConfig => ({
  ...defaultBackgroundConfig(),
  name: 'Deal watcher',
  category: 'CRM Monitoring',
  description: 'Watches deals',
  systemPrompt: 'You watch deals.',
  dataSources: ['salesforce'],
  deliveryChannels: ['email'],
  ...fields,
});

describe('background agent configuration (§3.6, §9)', () => {
  it('has every default', () => {
    expect(defaultBackgroundConfig()).toEqual({
      name: '',
      category: '',
      description: '',
      icon: '🤖',
      systemPrompt: '',
      dataSources: [],
      processingSteps: [],
      scheduleType: 'interval',
      interval: 'daily',
      cronExpression: '',
      timezone: 'UTC',
      runOnDemand: true,
      outputFormat: 'markdown',
      outputTemplate: '',
      deliveryChannels: [],
      emailRecipients: '',
      smsRecipients: '',
      webhookUrl: '',
      permissions: [],
      mcpTools: [],
      maxRetries: 3,
      retryDelay: 5,
      errorNotifications: '',
      pauseOnError: true,
      status: 'draft',
    });
  });

  it('bounds retries 0–10 and retry delay 1–60 minutes', () => {
    expect(backgroundAgentConfigSchema.safeParse({ maxRetries: 0 }).success).toBe(true);
    expect(backgroundAgentConfigSchema.safeParse({ maxRetries: 10 }).success).toBe(true);
    expect(backgroundAgentConfigSchema.safeParse({ maxRetries: 11 }).success).toBe(false);
    expect(backgroundAgentConfigSchema.safeParse({ maxRetries: -1 }).success).toBe(false);
    expect(backgroundAgentConfigSchema.safeParse({ retryDelay: 1 }).success).toBe(true);
    expect(backgroundAgentConfigSchema.safeParse({ retryDelay: 60 }).success).toBe(true);
    expect(backgroundAgentConfigSchema.safeParse({ retryDelay: 0 }).success).toBe(false);
    expect(backgroundAgentConfigSchema.safeParse({ retryDelay: 61 }).success).toBe(false);
    expect(backgroundAgentConfigSchema.safeParse({ status: 'paused' }).success).toBe(false);
    expect(backgroundAgentConfigSchema.safeParse({ outputFormat: 'docx' }).success).toBe(false);
  });

  it('lists the enumerations', () => {
    expect(BACKGROUND_ICONS).toEqual(['🤖', '🔔', '📊', '⚠️', '🎯', '🔍', '💚', '✉️', '⏰', '🚀', '💼', '📈']);
    expect(BACKGROUND_DASHBOARD_CATEGORIES).toEqual(['All', 'Sales', 'Marketing', 'Research', 'CRM Monitoring', 'Market Research', 'Sales Analytics']);
    expect(BACKGROUND_DATA_SOURCE_GROUPS.map((g) => g.label)).toEqual(['CRM', 'Communication', 'External']);
    expect(BACKGROUND_DATA_SOURCE_GROUPS.flatMap((g) => g.sources.map((s) => s.value))).toEqual([...BACKGROUND_DATA_SOURCES]);
    expect(BACKGROUND_STEP_TYPE_LABELS.generation).toBe('Content Generation');
    expect(BACKGROUND_PERMISSION_GROUPS.flatMap((g) => g.permissions)).toEqual([...BACKGROUND_PERMISSIONS]);
  });
});

describe('publish and test rules (§5)', () => {
  it('publishes only with name, category, description, prompt, a source and a channel', () => {
    expect(canPublish(complete())).toBe(true);
    for (const missing of [{ name: ' ' }, { category: '' }, { description: '' }, { systemPrompt: '' }, { dataSources: [] }, { deliveryChannels: [] }] as Partial<BackgroundAgentConfig>[]) {
      expect(canPublish(complete(missing))).toBe(false);
    }
  });

  it('does not publish an agent without a schedule, and says why', () => {
    // Cron → Interval clears the interval
    const cron = { ...changeScheduleType(complete(), 'cron'), cronExpression: '0 7 * * 1-5' };
    expect(canPublish(cron)).toBe(true);
    const switched = changeScheduleType(cron, 'interval');
    expect(switched.interval).toBe('');
    expect(canPublish(switched)).toBe(false);
    expect(scheduleMissing(switched)).toBe('Choose an interval to publish: without a schedule the agent never runs.');
    expect(canPublish(complete({ scheduleType: 'cron', cronExpression: ' ' }))).toBe(false);
    expect(scheduleMissing({ scheduleType: 'cron', cronExpression: '', interval: '' })).toBe('Enter a cron expression to publish: without a schedule the agent never runs.');
    expect(scheduleMissing({ scheduleType: 'event', cronExpression: '', interval: '' })).toBeNull();
    expect(canPublish(complete({ scheduleType: 'event', interval: '' }))).toBe(true);
    expect(scheduleMissing(complete())).toBeNull();
  });

  it('tests with a name and a system prompt', () => {
    expect(canTest({ name: 'a', systemPrompt: 'b' })).toBe(true);
    expect(canTest({ name: '', systemPrompt: 'b' })).toBe(false);
    expect(canTest({ name: 'a', systemPrompt: '  ' })).toBe(false);
  });
});

describe('preview (§2.4)', () => {
  it('checks five items', () => {
    const items = previewChecklist({ ...defaultBackgroundConfig(), name: 'x', dataSources: ['gmail'] });
    expect(items.map((i) => [i.label, i.done])).toEqual([
      ['Agent name', true],
      ['Category selected', false],
      ['System prompt', false],
      ['Data sources', true],
      ['Delivery channels', false],
    ]);
  });

  it('falls back for name, category and description', () => {
    expect(previewTexts(defaultBackgroundConfig())).toEqual({ name: 'Untitled Agent', category: 'No category', description: 'No description provided' });
    expect(previewTexts(complete())).toEqual({ name: 'Deal watcher', category: 'CRM Monitoring', description: 'Watches deals' });
  });

  it('summarises the schedule', () => {
    const labels = ['5min', '15min', '30min', '1hour', '4hours', 'daily', 'weekly', 'monthly'].map((interval) =>
      scheduleSummary({ scheduleType: 'interval', interval: interval as BackgroundAgentConfig['interval'], cronExpression: '' }),
    );
    expect(labels).toEqual(['Every 5 minutes', 'Every 15 minutes', 'Every 30 minutes', 'Every hour', 'Every 4 hours', 'Daily', 'Weekly', 'Monthly']);
    expect(scheduleSummary({ scheduleType: 'cron', interval: '', cronExpression: '0 7 * * 1-5' })).toBe('0 7 * * 1-5');
    expect(scheduleSummary({ scheduleType: 'cron', interval: '', cronExpression: '' })).toBe('Not configured');
    expect(scheduleSummary({ scheduleType: 'event', interval: '', cronExpression: '' })).toBe('Not configured');
    expect(scheduleSummary({ scheduleType: 'interval', interval: '', cronExpression: '' })).toBe('Not configured');
  });
});

describe('editor transitions (§4.4)', () => {
  it('normalizes a loaded agent', () => {
    const loaded = normalizeLoadedConfig(complete({ runOnDemand: false, pauseOnError: false, maxRetries: 0 }));
    expect(loaded).toMatchObject({ runOnDemand: true, pauseOnError: true, maxRetries: 3 });
    expect(normalizeLoadedConfig(complete({ maxRetries: 7 })).maxRetries).toBe(7);
  });

  it('clears the cron expression and the interval when the schedule type changes', () => {
    const start = complete({ scheduleType: 'interval', interval: 'weekly', cronExpression: '0 7 * * 1-5' });
    expect(changeScheduleType(start, 'cron')).toMatchObject({ scheduleType: 'cron', cronExpression: '0 7 * * 1-5', interval: '' });
    expect(changeScheduleType(start, 'interval')).toMatchObject({ scheduleType: 'interval', cronExpression: '', interval: 'weekly' });
    expect(changeScheduleType(start, 'event')).toMatchObject({ scheduleType: 'event', cronExpression: '', interval: '' });
    expect(start.interval).toBe('weekly');
  });

  it('adds data_collection steps', () => {
    expect(newProcessingStep()).toEqual({ type: 'data_collection', description: '' });
  });

  it('creates a new agent from scratch', () => {
    expect(newBackgroundAgent()).toMatchObject({ name: 'New Background Agent', category: 'Automation', status: 'draft', icon: '🤖' });
  });
});

describe('texts, dashboard and rows', () => {
  it('has the editor texts', () => {
    expect(backgroundEditorTitle(false)).toBe('Create Background Agent');
    expect(backgroundEditorTitle(true)).toBe('Edit Background Agent');
    expect(BACKGROUND_TEXTS.subtitle).toBe('Configure autonomous agent for scheduled execution');
    expect(BACKGROUND_TEXTS.testAlert).toBe('Agent test initiated! Check console for details.');
    expect(backgroundDeleteConfirmText('Deal watcher')).toBe('Are you sure you want to delete "Deal watcher"? This action cannot be undone.');
  });

  it('filters cards by category and case-insensitive search', () => {
    const cards = [
      { name: 'Deal watcher', description: 'Watches deals', category: 'CRM Monitoring' },
      { name: 'News digest', description: 'Market NEWS', category: 'Market Research' },
    ];
    expect(filterBackgroundAgents(cards, 'news')).toEqual([cards[1]]);
    expect(filterBackgroundAgents(cards, 'crm')).toEqual([cards[0]]);
    expect(filterBackgroundAgents(cards, '', 'Market Research')).toEqual([cards[1]]);
    expect(filterBackgroundAgents(cards, '', 'All')).toEqual(cards);
  });

  it("finds agents made in the editor under the spec's broad chips, and adds a chip for a category none shows", () => {
    const made = (category: string) => ({ name: category, description: '', category });
    const agents = ['Sales Analytics', 'Lead Management', 'Content Generation', 'Market Research', 'System Monitoring', 'CRM Monitoring'].map(made);
    const under = (chip: string) => filterBackgroundAgents(agents, '', chip).map((a) => a.category);
    expect(under('Sales')).toEqual(['Sales Analytics', 'Lead Management']);
    expect(under('Marketing')).toEqual(['Content Generation', 'Market Research']);
    expect(under('Research')).toEqual(['Market Research']);
    expect(under('CRM Monitoring')).toEqual(['CRM Monitoring']);
    // an older agent stored with a chip's own name still matches it
    expect(filterBackgroundAgents([made('Sales')], '', 'Sales')).toHaveLength(1);
    // every category of the editor is under some chip
    const chips = dashboardCategoryChips(agents);
    expect(chips).toEqual([...BACKGROUND_DASHBOARD_CATEGORIES, 'System Monitoring']);
    for (const c of BACKGROUND_CATEGORIES) expect(dashboardCategoryChips([made(c)]).slice(1).some((chip) => filterBackgroundAgents([made(c)], '', chip).length === 1)).toBe(true);
  });

  it('maps a configuration to a row and back', () => {
    const config = complete({ runOnDemand: false });
    const row = backgroundAgentToRow(config, 'active');
    expect(row).toMatchObject({ name: 'Deal watcher', icon: '🤖', category: 'CRM Monitoring', status: 'active' });
    expect(row.config.status).toBe('active');
    const back = backgroundConfigFromRow({ ...row, name: 'Renamed', config: JSON.parse(JSON.stringify(row.config)) });
    expect(back).toEqual({ ...config, name: 'Renamed', status: 'active', runOnDemand: true });
    expect(backgroundConfigFromRow({ name: 'n', icon: '', description: '', category: '', status: 'paused', config: null })).toMatchObject({ icon: '🤖', status: 'draft' });
    expect(backgroundCardFromRow({ id: 'a', ...row })).toEqual({ id: 'a', name: 'Deal watcher', icon: '🤖', description: 'Watches deals', category: 'CRM Monitoring', status: 'active' });
  });
});
