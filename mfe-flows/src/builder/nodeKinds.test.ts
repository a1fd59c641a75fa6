import { describe, expect, it } from '@jest/globals';
import { FLOW_NODE_TYPES, FLOW_PALETTE, newFlowNode, type FlowNodeType } from '@accent/flows-common';
import { describeNode, minimapColor, NODE_KINDS, PICKER_PALETTE, searchPalette } from './nodeKinds.js';

const node = (type: FlowNodeType, subtype: string, data: Record<string, unknown> = {}, label?: string) => {
  const n = newFlowNode({ id: 'n', type, subtype, position: { x: 0, y: 0 }, label });
  return { type: n.type, data: { ...n.data, ...data } };
};

describe('node kinds', () => {
  it('has one entry per node type, each with its own minimap colour', () => {
    expect(Object.keys(NODE_KINDS).sort()).toEqual([...FLOW_NODE_TYPES].sort());
    const colours = FLOW_NODE_TYPES.map((type) => minimapColor({ type }));
    expect(new Set(colours).size).toBe(FLOW_NODE_TYPES.length);
  });

  it('titles a node by its label, else by its palette name, never by its id or internal subtype', () => {
    expect(describeNode(node('trigger', 'webhook', {}, 'Start Trigger')).title).toBe('Start Trigger');
    expect(describeNode(node('condition', 'if_else', { label: '' })).title).toBe('Condition');
    expect(describeNode(node('llm', 'analysis', { label: '  ' })).title).toBe('Text Analysis');
    expect(describeNode({ type: 'action', data: { subtype: 'unknown' } }).title).toBe('Action');
  });

  it('says what a node does in its subtitle: model, method and URL, condition, recipient', () => {
    expect(describeNode(node('llm', 'openai')).subtitle).toBe('gpt-4.1-mini');
    expect(describeNode(node('llm', 'analysis', { analysisType: 'sentiment', model: 'claude-3' })).subtitle).toBe('Sentiment · claude-3');
    expect(describeNode(node('action', 'http', { method: 'POST', url: 'https://api.example.com/v1/leads' })).subtitle).toBe(
      'POST api.example.com/v1/leads',
    );
    expect(describeNode(node('action', 'api')).subtitle).toBe('GET · no URL yet');
    expect(describeNode(node('action', 'email', { to: 'sales@example.com' })).subtitle).toBe('To sales@example.com');
    expect(describeNode(node('action', 'database', { table: 'leads' })).subtitle).toBe('Insert into leads');
    expect(describeNode(node('action', 'mcp', { mcpTool: 'search_docs' })).subtitle).toBe('Tool search_docs');
    expect(describeNode(node('condition', 'if_else', { field: 'payload.amount', conditionType: 'greater_than', value: '100' })).subtitle).toBe(
      'payload.amount > 100',
    );
    expect(describeNode(node('condition', 'if_else')).subtitle).toBe('No condition set yet');
    expect(describeNode(node('condition', 'switch', { field: 'payload.tier' })).subtitle).toBe('Route by payload.tier');
    expect(describeNode(node('trigger', 'webhook')).subtitle).toBe('Start when a webhook is called');
  });

  it('labels the outputs: true and false for a condition, one per case plus default for a switch, one unnamed otherwise', () => {
    expect(describeNode(node('condition', 'if_else')).outputs).toEqual([
      { id: 'true', label: 'true' },
      { id: 'false', label: 'false' },
    ]);
    expect(describeNode(node('condition', 'switch', { cases: [{ value: 'gold', handle: 'h1' }] })).outputs).toEqual([
      { id: 'h1', label: 'gold' },
      { id: 'default', label: 'default' },
    ]);
    expect(describeNode(node('action', 'api')).outputs).toEqual([{ id: null, label: null }]);
    expect(describeNode(node('trigger', 'webhook')).input).toBe(false);
    expect(describeNode(node('llm', 'openai')).input).toBe(true);
  });

  it('searches the palette by name, description and group, every word; the picker leaves out triggers', () => {
    expect(searchPalette(FLOW_PALETTE, 'slack').flatMap((g) => g.items.map((i) => i.label))).toEqual(['Slack Message']);
    expect(searchPalette(FLOW_PALETTE, 'EMAIL').flatMap((g) => g.items.map((i) => i.label))).toEqual(['Email', 'Send Email']);
    expect(searchPalette(FLOW_PALETTE, 'send request').flatMap((g) => g.items.map((i) => i.label))).toEqual(['HTTP Request']);
    expect(searchPalette(FLOW_PALETTE, 'nothing like this')).toEqual([]);
    expect(searchPalette(FLOW_PALETTE, '').flatMap((g) => g.items)).toHaveLength(FLOW_PALETTE.flatMap((g) => g.items).length);
    expect(searchPalette(FLOW_PALETTE, 'mcp').flatMap((g) => g.items.map((i) => i.label))).toEqual(['MCP tool']);
    expect(PICKER_PALETTE.map((g) => g.title)).toEqual(['AI & Logic', 'Actions']);
  });
});
