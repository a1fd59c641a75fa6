import { agentSaveRequestSchema, type AgentSaveRequest } from '@accent/agents-common';
import { diffVersions } from './diff.js';

const config = (over: Partial<AgentSaveRequest> = {}) => agentSaveRequestSchema.parse({ name: 'Writer', ...over });

describe('diffVersions', () => {
  it('finds nothing between equal versions', () => {
    const d = diffVersions(config({ steps: [{ name: 'A', query: 'q' }] }), config({ steps: [{ name: 'A', query: 'q' }] }));
    expect(d.same).toBe(true);
    expect(d.steps).toEqual([]);
  });

  it('reports changed fields with both values', () => {
    const d = diffVersions(config({ description: 'old', category: 'Sales' }), config({ description: 'new', category: 'Sales' }));
    expect(d.fields).toEqual([{ label: 'Description', before: 'old', after: 'new' }]);
    expect(d.same).toBe(false);
  });

  it('diffs a step prompt line by line and its model fields', () => {
    const before = config({ steps: [{ name: 'Draft', query: 'Line one\nAnswer in English', model: { model: 'gpt-4' } }] });
    const after = config({ steps: [{ name: 'Draft', query: 'Line one\nAnswer in French', model: { model: 'gpt-4o' } }] });
    const [step] = diffVersions(before, after).steps;
    expect(step).toMatchObject({ position: 1, name: 'Draft', kind: 'changed' });
    expect(step!.fields).toEqual([{ label: 'Model', before: 'gpt-4', after: 'gpt-4o' }]);
    expect(step!.texts).toEqual([
      {
        label: 'Prompt',
        rows: [
          { left: 'Line one', right: 'Line one', kind: 'same' },
          { left: 'Answer in English', right: 'Answer in French', kind: 'changed' },
        ],
      },
    ]);
  });

  it('reports steps added and removed, and step tools', () => {
    const before = config({ steps: [{ name: 'A', tools: ['Google Search'] }, { name: 'B' }] });
    const after = config({ steps: [{ name: 'A', tools: ['Serp API'] }] });
    expect(diffVersions(before, after).steps).toEqual([
      { position: 1, name: 'A', kind: 'changed', fields: [], texts: [], toolsAdded: ['Serp API'], toolsRemoved: ['Google Search'] },
      { position: 2, name: 'B', kind: 'removed', fields: [], texts: [], toolsAdded: [], toolsRemoved: [] },
    ]);
    expect(diffVersions(after, before).steps[1]).toMatchObject({ position: 2, name: 'B', kind: 'added' });
  });

  it('reports agent tools and parameters', () => {
    const d = diffVersions(config({ tools: ['Google Search'], params: { tone: 'formal' } }), config({ tools: ['Google Search', 'SendGrid'], params: { tone: 'casual' } }));
    expect(d.toolsAdded).toEqual(['SendGrid']);
    expect(d.toolsRemoved).toEqual([]);
    expect(d.texts).toEqual([{ label: 'Parameters', rows: [{ left: 'tone = formal', right: 'tone = casual', kind: 'changed' }] }]);
  });
});
