import { describe, expect, it } from '@jest/globals';
import { diffFlowVersions, fieldLabel } from './diff.js';

const node = (id: string, type: string, data: Record<string, unknown>, x = 0) => ({ id, type, position: { x, y: 0 }, data });
const base = () => ({
  name: 'Lead router',
  description: 'Routes leads',
  tags: ['sales'],
  flow_data: {
    nodes: [node('start', 'trigger', { label: 'Start Trigger', subtype: 'webhook' }), node('ask', 'llm', { label: 'Agent', prompt: 'Summarise', temperature: 0.7 })],
    edges: [{ id: 'e1', source: 'start', target: 'ask' }],
    viewport: { x: 0, y: 0, zoom: 1 },
  },
});

describe('diffFlowVersions', () => {
  it('two equal versions are the same, whatever the positions and viewport', () => {
    const b = base();
    const a = base();
    a.flow_data.nodes[1]!.position = { x: 400, y: 80 };
    a.flow_data.viewport = { x: 10, y: 10, zoom: 2 };
    expect(diffFlowVersions(b, a)).toEqual({ settings: [], nodes: [], edgesAdded: [], edgesRemoved: [], same: true });
  });

  it('lists changed settings, a changed node with its fields, added and removed nodes and edges', () => {
    const b = base();
    const a = base();
    a.name = 'Lead router 2';
    a.tags = ['sales', 'crm'];
    a.flow_data.nodes[1] = node('ask', 'llm', { label: 'Agent', prompt: 'Summarise in French', temperature: 0.2, maxTokens: 200 });
    a.flow_data.nodes.push(node('check', 'condition', { label: 'Has text' }));
    a.flow_data.edges.push({ id: 'e2', source: 'ask', target: 'check', sourceHandle: 'true' } as never);
    b.flow_data.nodes.push(node('old', 'action', { label: 'Old email' }));
    b.flow_data.edges.push({ id: 'e3', source: 'ask', target: 'old' });

    const diff = diffFlowVersions(b, a);
    expect(diff.same).toBe(false);
    expect(diff.settings).toEqual([
      { label: 'Name', before: 'Lead router', after: 'Lead router 2' },
      { label: 'Tags', before: 'sales', after: 'sales, crm' },
    ]);
    expect(diff.nodes).toEqual([
      {
        id: 'ask',
        label: 'Agent',
        type: 'llm',
        kind: 'changed',
        fields: [
          { label: 'Prompt', before: 'Summarise', after: 'Summarise in French' },
          { label: 'Temperature', before: '0.7', after: '0.2' },
          { label: 'Max tokens', before: '—', after: '200' },
        ],
      },
      { id: 'check', label: 'Has text', type: 'condition', kind: 'added', fields: [] },
      { id: 'old', label: 'Old email', type: 'action', kind: 'removed', fields: [] },
    ]);
    expect(diff.edgesAdded).toEqual(['Agent → Has text (true)']);
    expect(diff.edgesRemoved).toEqual(['Agent → Old email']);
  });

  it('reads a malformed stored graph as empty rather than failing', () => {
    const diff = diffFlowVersions({ ...base(), flow_data: null }, base());
    expect(diff.nodes.map((n) => [n.id, n.kind])).toEqual([
      ['start', 'added'],
      ['ask', 'added'],
    ]);
    expect(diff.edgesAdded).toEqual(['Start Trigger → Agent']);
  });

  it('labels fields in words', () => {
    expect(fieldLabel('systemPrompt')).toBe('System prompt');
    expect(fieldLabel('timeoutSeconds')).toBe('Timeout seconds');
    expect(fieldLabel('url')).toBe('Url');
  });
});
