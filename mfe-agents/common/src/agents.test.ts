import { describe, expect, it } from '@jest/globals';
import { canAddTool, categoryByKeyword, duplicateAgent, filterAgents, newAgent, newStep, nextParamName, renameParam, splitSystemPrompt } from './agents.js';
import { msg } from './messages.js';
import { agentSaveRequestSchema } from './schemas.js';

describe('agent helpers', () => {
  it('names params param{n} and skips taken names', () => {
    expect(nextParamName({})).toBe('param1');
    expect(nextParamName({ param2: '' })).toBe('param3');
    expect(nextParamName({ param1: '', param3: '' })).toBe('param4');
  });
  it('ignores empty, unchanged or taken renames and keeps order', () => {
    const p = { a: '1', b: '2' };
    expect(renameParam(p, 'a', '  ')).toBe(p);
    expect(renameParam(p, 'a', 'a')).toBe(p);
    expect(renameParam(p, 'a', 'b')).toBe(p);
    expect(Object.entries(renameParam(p, 'a', 'z'))).toEqual([['z', '1'], ['b', '2']]);
  });
  it('splits the system prompt by line and drops blank lines', () => {
    expect(splitSystemPrompt('one\n\n  two \r\n\n')).toEqual(['one', 'two']);
  });
  it('adds a tool only when chosen and not already present', () => {
    const step = { ...newStep(0), tools: ['SendGrid'] };
    expect(canAddTool(step, '')).toBe(false);
    expect(canAddTool(step, 'SendGrid')).toBe(false);
    expect(canAddTool(step, 'Google Search')).toBe(true);
  });
  it('searches name, description and category case-insensitively with the category filter', () => {
    const a = { ...newAgent(), id: '1', name: 'Lead Scorer', description: 'ranks', category: 'Sales' };
    const b = { ...newAgent(), id: '2', name: 'Writer', description: 'Blog posts', category: 'Marketing' };
    expect(filterAgents([a, b], 'BLOG', null)).toEqual([b]);
    expect(filterAgents([a, b], 'sales', null)).toEqual([a]);
    expect(filterAgents([a, b], '', 'Marketing')).toEqual([b]);
    expect(filterAgents([a, b], 'lead', 'Marketing')).toEqual([]);
  });
  it('gives demo agents a category by keyword, else General', () => {
    expect(categoryByKeyword('Campaign Planner', '')).toBe('Marketing');
    expect(categoryByKeyword('Pipeline bot', '')).toBe('Sales');
    expect(categoryByKeyword('x', 'competitor insight')).toBe('Research');
    expect(categoryByKeyword('Helpdesk', 'answers tickets')).toBe('Support');
    expect(categoryByKeyword('Zed', 'nothing')).toBe('General');
  });
  it('duplicates locally with (Copy)', () => {
    const d = duplicateAgent({ ...newAgent(), id: 'x', name: 'Scout' }, 'new-id');
    expect(d).toMatchObject({ id: 'new-id', name: 'Scout (Copy)', localOnly: true });
  });
  it('fills the spec texts', () => {
    expect(msg.confirmDelete('Scout')).toBe('Are you sure you want to delete "Scout"? This action cannot be undone.');
    expect(msg.failedToLoadAgents('HTTP 500: Internal Server Error')).toBe('Failed to load agents: HTTP 500: Internal Server Error');
  });
  it('validates step model bounds with readable messages', () => {
    const bad = agentSaveRequestSchema.safeParse({ name: 'a', steps: [{ model: { temperature: 3 } }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Temperature must be between 0 and 2');
    const ok = agentSaveRequestSchema.parse({ name: ' a ' });
    expect(ok).toMatchObject({ name: 'a', flow_type: 'dynamic', use_history: true, max_history_items: 10, namespace: 'default' });
  });
});
