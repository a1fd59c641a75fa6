import { describe, expect, it } from '@jest/globals';
import { newFlowNode, FLOW_DROP_OFFSET } from '@accent/flows-common';
import { changesFlow, connect, deleteSelection, dropPosition, fromCanvasNode, paletteNode, promptPreview, removeNodes, sourceHandlesOf, toCanvasNode, type CanvasEdge } from './graph.js';

const edge = (id: string, source: string, target: string, selected = false): CanvasEdge => ({ id, source, target, selected });

describe('builder graph helpers', () => {
  it('places a dropped node at the drop point minus about 75 by 40', () => {
    expect(FLOW_DROP_OFFSET).toEqual({ x: 75, y: 40 });
    expect(dropPosition({ x: 400, y: 300 })).toEqual({ x: 325, y: 260 });
    expect(dropPosition({ x: 0, y: 0 })).toEqual({ x: -75, y: -40 });
  });

  it('creates palette nodes with their type defaults', () => {
    const llm = paletteNode({ type: 'llm', subtype: 'openai', label: 'Agent' }, 'n1', { x: 10, y: 20 });
    expect(llm).toMatchObject({ id: 'n1', type: 'llm', position: { x: 10, y: 20 }, sourcePosition: 'right', targetPosition: 'left' });
    expect(llm.data).toMatchObject({ label: 'Agent', subtype: 'openai', model: 'gpt-4.1-mini', systemPrompt: 'You are a helpful AI assistant.', temperature: 0.7 });
    expect(paletteNode({ type: 'condition', subtype: 'if_else', label: 'Condition' }, 'c', { x: 0, y: 0 }).data).toMatchObject({ conditionType: 'equals', value: '', field: '' });
    expect(paletteNode({ type: 'action', subtype: 'http', label: 'HTTP Request' }, 'a', { x: 0, y: 0 }).data).toMatchObject({ actionType: 'api_call', method: 'GET', url: '' });
    expect(paletteNode({ type: 'trigger', subtype: 'schedule', label: 'Schedule' }, 't', { x: 0, y: 0 }).data).toMatchObject({ triggerType: 'schedule', config: {} });
  });

  it('Delete removes the selected node and every edge attached to it (and selected edges)', () => {
    const nodes = [{ id: 'a' }, { id: 'b', selected: true }, { id: 'c' }, { id: 'd' }];
    const edges = [edge('ab', 'a', 'b'), edge('bc', 'b', 'c'), edge('cd', 'c', 'd'), edge('ad', 'a', 'd', true)];
    const after = deleteSelection(nodes, edges)!;
    expect(after.nodes.map((n) => n.id)).toEqual(['a', 'c', 'd']);
    expect(after.edges.map((e) => e.id)).toEqual(['cd']);
    expect(deleteSelection([{ id: 'a' }], [edge('x', 'a', 'a')])).toBeNull();
    expect(removeNodes(nodes, edges, ['c']).edges.map((e) => e.id)).toEqual(['ab', 'ad']);
  });

  it('connecting handles adds one animated default edge with a stroke of width 2', () => {
    const once = connect([], { source: 'c1', target: 'a1', sourceHandle: 'true', targetHandle: null });
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ source: 'c1', target: 'a1', sourceHandle: 'true', type: 'default', animated: true, style: { strokeWidth: 2 } });
    expect(connect(once, { source: 'c1', target: 'a1', sourceHandle: 'true', targetHandle: null })).toBe(once);
    expect(connect(once, { source: 'c1', target: 'c1', sourceHandle: null, targetHandle: null })).toBe(once);
  });

  it('condition nodes have true and false outputs; switch nodes one per case plus default', () => {
    const cond = newFlowNode({ id: 'c', type: 'condition', subtype: 'if_else', position: { x: 0, y: 0 } });
    expect(sourceHandlesOf(cond).map((h) => h.id)).toEqual(['true', 'false']);
    const sw = newFlowNode({ id: 's', type: 'condition', subtype: 'switch', position: { x: 0, y: 0 } });
    expect(sourceHandlesOf({ ...sw, data: { ...sw.data, cases: [{ value: 'a', handle: 'h1' }] } } as typeof sw).map((h) => h.id)).toEqual(['h1', 'default']);
    expect(sourceHandlesOf(newFlowNode({ id: 'x', type: 'action', subtype: 'api', position: { x: 0, y: 0 } }))).toEqual([{ id: null, label: null }]);
  });

  it('round-trips a node without xyflow state, and previews 50 characters of a prompt', () => {
    const node = newFlowNode({ id: 'n', type: 'llm', subtype: 'openai', position: { x: 1, y: 2 } });
    const canvas = { ...toCanvasNode(node), selected: true, measured: { width: 10, height: 10 } };
    expect(fromCanvasNode(canvas)).toEqual(node);
    const text = 'x'.repeat(60);
    expect(promptPreview(text, 50)).toBe(`${'x'.repeat(50)}…`);
    expect(promptPreview('short', 50)).toBe('short');
  });

  it('only flow-changing canvas changes mark the flow dirty', () => {
    expect(changesFlow([{ type: 'select', id: 'a', selected: true }])).toBe(false);
    expect(changesFlow([{ type: 'dimensions', id: 'a', dimensions: { width: 1, height: 1 } }])).toBe(false);
    expect(changesFlow([{ type: 'position', id: 'a', position: { x: 1, y: 1 } }])).toBe(true);
    expect(changesFlow([{ type: 'remove', id: 'a' }])).toBe(true);
  });
});
