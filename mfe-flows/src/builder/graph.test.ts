import { describe, expect, it } from '@jest/globals';
import { newFlowEdge, newFlowNode, FLOW_DROP_OFFSET } from '@accent/flows-common';
import {
  changesFlow,
  connect,
  deleteSelection,
  dropPosition,
  fromCanvasNode,
  insertAfter,
  insertIntoEdge,
  paletteNode,
  promptPreview,
  removeNodes,
  toCanvasEdge,
  toCanvasNode,
  type CanvasEdge,
} from './graph.js';

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
    expect(llm.data).toMatchObject({
      label: 'Agent',
      subtype: 'openai',
      model: 'gpt-4.1-mini',
      systemPrompt: 'You are a helpful AI assistant.',
      temperature: 0.7,
    });
    expect(paletteNode({ type: 'condition', subtype: 'if_else', label: 'Condition' }, 'c', { x: 0, y: 0 }).data).toMatchObject({
      conditionType: 'equals',
      value: '',
      field: '',
    });
    expect(paletteNode({ type: 'action', subtype: 'http', label: 'HTTP Request' }, 'a', { x: 0, y: 0 }).data).toMatchObject({
      actionType: 'api_call',
      method: 'GET',
      url: '',
    });
    expect(paletteNode({ type: 'trigger', subtype: 'schedule', label: 'Schedule' }, 't', { x: 0, y: 0 }).data).toMatchObject({
      triggerType: 'schedule',
      config: {},
    });
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

  it('a "+" after an output inserts the node one column right, level with that output, connected from it and selected', () => {
    const cond = { ...toCanvasNode(newFlowNode({ id: 'c', type: 'condition', subtype: 'if_else', position: { x: 100, y: 100 } })), selected: true };
    const make = (position: { x: number; y: number }) => paletteNode({ type: 'action', subtype: 'slack', label: 'Slack Message' }, 'new', position);
    const after = insertAfter([cond], [], { nodeId: 'c', handleId: 'false' }, make)!;
    // 240 wide + 100 gap; false is the second of two outputs: half a row (110 / 2) below the middle
    expect(after.node.position).toEqual({ x: 440, y: 155 });
    expect(after.nodes.map((n) => [n.id, !!n.selected])).toEqual([
      ['c', false],
      ['new', true],
    ]);
    expect(after.edges).toMatchObject([{ source: 'c', sourceHandle: 'false', target: 'new' }]);
    expect(insertAfter([cond], [], { nodeId: 'gone', handleId: null }, make)).toBeNull();
  });

  it('a "+" on an edge splits it: source → new → target, making room when the ends are close', () => {
    const a = toCanvasNode(newFlowNode({ id: 'a', type: 'condition', subtype: 'if_else', position: { x: 0, y: 0 } }));
    const b = toCanvasNode(newFlowNode({ id: 'b', type: 'action', subtype: 'api', position: { x: 300, y: 0 } }));
    const c = toCanvasNode(newFlowNode({ id: 'c', type: 'action', subtype: 'api', position: { x: 600, y: 0 } }));
    const edges = [
      toCanvasEdge(newFlowEdge({ id: 'ab', source: 'a', sourceHandle: 'true', target: 'b' })),
      toCanvasEdge(newFlowEdge({ id: 'bc', source: 'b', target: 'c' })),
    ];
    const make = (position: { x: number; y: number }) => paletteNode({ type: 'condition', subtype: 'if_else', label: 'Condition' }, 'n', position);
    const after = insertIntoEdge([a, b, c], edges, 'ab', make)!;
    expect(after.edges.map((e) => [e.source, e.sourceHandle, e.target])).toEqual([
      ['b', null, 'c'],
      ['a', 'true', 'n'],
      ['n', 'true', 'b'], // a condition continues from its first output
    ]);
    expect(after.node.position).toEqual({ x: 340, y: 0 });
    // b was 60 px right of a's card; a card and two gaps need 440: b and what follows it move 380 right
    expect(after.nodes.find((n) => n.id === 'b')!.position.x).toBe(680);
    expect(after.nodes.find((n) => n.id === 'c')!.position.x).toBe(980);
    expect(after.nodes.find((n) => n.id === 'a')!.position.x).toBe(0);
    expect(insertIntoEdge([a, b, c], edges, 'missing', make)).toBeNull();
  });
});
