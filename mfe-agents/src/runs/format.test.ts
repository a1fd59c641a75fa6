import { describe, expect, it } from '@jest/globals';
import { newStep } from '@accent/agents-common';
import { firstLine, formatDuration, isNotConnected, plannedStepCount, prettyJson, stepLabel } from './format.js';

describe('run formatting', () => {
  it('formats durations as ms, seconds, then minutes', () => {
    expect([formatDuration(null), formatDuration(0), formatDuration(850.4), formatDuration(1234), formatDuration(125_000)]).toEqual(['—', '0 ms', '850 ms', '1.2 s', '2 min 5 s']);
  });

  it('takes the first non-empty line, cut to length', () => {
    expect(firstLine('\n  Score: 87 \nmore')).toBe('Score: 87');
    expect(firstLine(null)).toBe('');
    expect(firstLine('x'.repeat(10), 5)).toBe('xxxx…');
  });

  it('counts the steps a run executes like the server plans them', () => {
    expect(plannedStepCount({ steps: [], flow_type: 'dynamic' })).toBe(1);
    expect(plannedStepCount({ steps: [newStep(0), newStep(1)], flow_type: 'dynamic' })).toBe(2);
    expect(plannedStepCount({ steps: [newStep(0), newStep(1)], flow_type: 'supervisor' })).toBe(1);
  });

  it('labels a step with its position', () => {
    expect(stepLabel(0, 'Qualify lead', 2)).toBe('Step 1 of 2: Qualify lead');
    expect(stepLabel(2, 'Extra', 2)).toBe('Step 3: Extra');
    expect(stepLabel(0, '')).toBe('Step 1');
  });

  it('recognises a not-connected tool answer and prints JSON for people', () => {
    expect(isNotConnected({ error: 'not_connected', message: 'x' }, 'x')).toBe(true);
    expect(isNotConnected({}, 'Slack is not connected. An administrator can add…')).toBe(true);
    expect(isNotConnected({ error: 'boom' }, 'boom')).toBe(false);
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('text')).toBe('text');
    expect(prettyJson(undefined)).toBe('null');
  });
});
