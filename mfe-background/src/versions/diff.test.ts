import { describe, expect, it } from '@jest/globals';
import { defaultBackgroundConfig, type BackgroundAgentVersion } from '@accent/background-common';
import { diffBackgroundVersions, sideBySide } from './diff.js';

const version = (config: Record<string, unknown>, fields: Partial<BackgroundAgentVersion> = {}): BackgroundAgentVersion => ({
  number: 1,
  note: null,
  name: 'Deal watcher',
  icon: '🤖',
  description: 'Watches deals',
  category: 'CRM Monitoring',
  status: 'draft',
  config: { ...defaultBackgroundConfig(), ...config },
  created_by: 'a@accent.local',
  created_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('sideBySide', () => {
  it('faces unchanged lines, pairs a replaced line, and leaves added and removed lines alone', () => {
    expect(sideBySide('a\nb\nc\nd', 'a\nB\nc\ne\nf')).toEqual([
      { left: 'a', right: 'a', kind: 'same' },
      { left: 'b', right: 'B', kind: 'changed' },
      { left: 'c', right: 'c', kind: 'same' },
      { left: 'd', right: 'e', kind: 'changed' },
      { left: null, right: 'f', kind: 'added' },
    ]);
    expect(sideBySide('x\ny', 'y')).toEqual([
      { left: 'x', right: null, kind: 'removed' },
      { left: 'y', right: 'y', kind: 'same' },
    ]);
    expect(sideBySide('', 'new')).toEqual([{ left: null, right: 'new', kind: 'added' }]);
    // a trailing newline is not a line of its own
    expect(sideBySide('a\n', 'a')).toEqual([{ left: 'a', right: 'a', kind: 'same' }]);
  });
});

describe('diffBackgroundVersions', () => {
  it('is the same for equal versions', () => {
    expect(diffBackgroundVersions(version({ systemPrompt: 'Hi' }), version({ systemPrompt: 'Hi' })).same).toBe(true);
  });

  it('lists fields, the prompt line by line, the schedule and the delivery', () => {
    const before = version({ systemPrompt: 'You watch deals.\nFlag the stalled ones.', scheduleType: 'interval', interval: 'daily', deliveryChannels: ['email'] });
    const after = version(
      { systemPrompt: 'You watch deals.\nFlag deals idle for 30 days.', scheduleType: 'cron', interval: '', cronExpression: '0 9 * * 1', deliveryChannels: ['email', 'slack'] },
      { name: 'Deal watcher 2', status: 'active' },
    );
    const diff = diffBackgroundVersions(before, after);
    expect(diff.same).toBe(false);
    expect(diff.fields).toEqual([
      { label: 'Name', before: 'Deal watcher', after: 'Deal watcher 2' },
      { label: 'Status', before: 'draft', after: 'active' },
    ]);
    expect(diff.texts).toEqual([
      {
        label: 'System prompt',
        rows: [
          { left: 'You watch deals.', right: 'You watch deals.', kind: 'same' },
          { left: 'Flag the stalled ones.', right: 'Flag deals idle for 30 days.', kind: 'changed' },
        ],
      },
    ]);
    expect(diff.schedule).toEqual([
      { label: 'Schedule type', before: 'interval', after: 'cron' },
      { label: 'Interval', before: 'daily', after: '—' },
      { label: 'Cron expression', before: '—', after: '0 9 * * 1' },
    ]);
    expect(diff.delivery).toEqual([{ label: 'Delivery channels', before: 'email', after: 'email, slack' }]);
  });

  it('reads a stored configuration that no longer parses as the defaults', () => {
    const diff = diffBackgroundVersions(version({ maxRetries: 'lots' }), version({}));
    expect(diff.fields).toEqual([]);
  });
});
