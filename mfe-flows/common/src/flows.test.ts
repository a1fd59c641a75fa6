import { describe, expect, it } from '@jest/globals';
import {
  AUTO_SAVE_DELAY_MS,
  BUILDER_TOAST_MS,
  FLOW_GRID,
  FLOW_MINIMAP,
  FLOW_MODELS,
  FLOW_NAME_MAX,
  FLOW_PALETTE,
  FLOW_PALETTE_SUBTYPES,
  FLOW_ZOOM,
  buildFlowExport,
  checkFlowGraph,
  defaultNodeData,
  filterFlows,
  findFlowCycle,
  flowEdgeSchema,
  flowFromRow,
  flowId,
  flowNodeSchema,
  flowRunSchema,
  flowToRow,
  newFlow,
  newFlowEdge,
  newFlowNode,
  parseFlowImport,
  topologicalOrder,
  userIdFor,
  validateFlowRename,
  type FlowNode,
} from './flows.js';

const goodFlow = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Flow ${id}`,
  description: 'Does things',
  status: 'active',
  flowData: { nodes: [{ id: 't', type: 'trigger', position: { x: 0, y: 0 }, data: { label: 'Start', subtype: 'webhook' } }], edges: [] },
  ...extra,
});

describe('flow defaults', () => {
  it('creates a new flow as the builder does', () => {
    const flow = newFlow({ now: new Date('2025-01-02T03:04:05.000Z') });
    expect(flow).toMatchObject({
      name: 'New Workflow',
      description: 'A new automated workflow.',
      status: 'draft',
      author: 'current-user',
      executionCount: 0,
      successRate: 0,
      nodeCount: 1,
      tags: [],
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(flow.id).toMatch(/^flow-1735787045000-[0-9a-z]{9}$/);
    expect(flow.flowData.edges).toEqual([]);
    const [trigger] = flow.flowData.nodes;
    expect(trigger).toMatchObject({
      type: 'trigger',
      position: { x: 100, y: 100 },
      sourcePosition: 'right',
      targetPosition: 'left',
      data: { label: 'Start Trigger', subtype: 'webhook', triggerType: 'webhook', config: {} },
    });
  });

  it('fills node data defaults per type', () => {
    expect(defaultNodeData('llm', 'openai')).toMatchObject({ label: 'Agent', subtype: 'openai', model: 'gpt-4.1-mini', systemPrompt: 'You are a helpful AI assistant.', temperature: 0.7 });
    expect(defaultNodeData('condition', 'if_else')).toMatchObject({ label: 'Condition', conditionType: 'equals', value: '', field: '' });
    expect(defaultNodeData('condition', 'switch')).toMatchObject({ label: 'Switch', cases: [], defaultHandle: 'default' });
    expect(defaultNodeData('action', 'api')).toMatchObject({ label: 'API Call', actionType: 'api_call', url: '', method: 'GET' });
    expect(defaultNodeData('action', 'slack')).toMatchObject({ actionType: 'slack', webhookUrl: '' });
    expect(defaultNodeData('action', 'http')).toMatchObject({ label: 'HTTP Request', actionType: 'api_call' });
    expect(defaultNodeData('trigger', 'schedule')).toMatchObject({ triggerType: 'schedule', config: {} });
  });

  it('parses nodes and edges with their defaults and keeps extra fields', () => {
    const node = flowNodeSchema.parse({ id: 'a', type: 'llm', position: { x: 1, y: 2 }, data: { label: 'Ask', extra: 1 }, selected: true }) as FlowNode & { selected: boolean };
    expect(node).toMatchObject({ sourcePosition: 'right', targetPosition: 'left', selected: true, data: { model: 'gpt-4.1-mini', temperature: 0.7, extra: 1 } });
    expect(flowNodeSchema.safeParse({ id: 'a', type: 'mystery', data: {} }).success).toBe(false);
    expect(flowNodeSchema.parse({ id: 'b', type: 'action', data: { method: 'post' } }).data).toMatchObject({ method: 'POST' });
    const edge = flowEdgeSchema.parse({ id: 'e', source: 'a', target: 'b' });
    expect(edge).toMatchObject({ sourceHandle: null, targetHandle: null, type: 'default', animated: true, style: { strokeWidth: 2 } });
    expect(newFlowEdge({ source: 'a', target: 'b', sourceHandle: 'true' }).id).toBe('edge-a-true-b');
    expect(newFlowNode({ id: 'n', type: 'condition', subtype: 'switch', position: { x: 5, y: 6 } }).data).toMatchObject({ subtype: 'switch' });
  });

  it('has the constants of spec §9', () => {
    expect([AUTO_SAVE_DELAY_MS, BUILDER_TOAST_MS, FLOW_NAME_MAX]).toEqual([2000, 3000, 100]);
    expect(FLOW_ZOOM).toEqual({ min: 0.2, max: 4 });
    expect(FLOW_GRID).toEqual({ gap: 20, size: 1 });
    expect(FLOW_MINIMAP).toEqual({ width: 200, height: 150 });
    expect(FLOW_MODELS).toEqual(['gpt-4.1-mini', 'gpt-3.5-turbo', 'claude-3', 'claude-instant']);
    expect(FLOW_PALETTE.map((g) => g.title)).toEqual(['Triggers', 'AI & Logic', 'Actions']);
    expect(FLOW_PALETTE.map((g) => g.items.map((i) => i.label))).toEqual([
      ['Webhook', 'Schedule', 'Form Submit', 'Email'],
      ['Agent', 'Condition', 'Switch', 'Text Analysis'],
      ['API Call', 'Database', 'Send Email', 'Slack Message', 'HTTP Request', 'MCP tool'],
    ]);
    expect(FLOW_PALETTE.flatMap((g) => g.items.map((i) => i.subtype))).toEqual([...FLOW_PALETTE_SUBTYPES]);
  });

  it('builds ids and user ids', () => {
    expect(flowId(1700000000000, () => 0.123456789)).toMatch(/^flow-1700000000000-[0-9a-z]{9}$/);
    expect(flowId()).not.toBe(flowId());
    expect(userIdFor({ user_id: 'u1', library_id: 'l1' })).toBe('user_u1_lib_l1');
    expect(userIdFor({ id: 'u2', library_id: 'l2' })).toBe('user_u2_lib_l2');
    expect(userIdFor(null)).toBe('default-user');
    expect(userIdFor({ user_id: 'u1' })).toBe('default-user');
  });

  it('converts between the flow and its stored row', () => {
    const flow = newFlow();
    const row = flowToRow(flow, 'user_u_lib_l');
    expect(row).toMatchObject({ id: flow.id, node_count: 1, execution_count: 0, success_rate: 0, user_id: 'user_u_lib_l', flow_data: flow.flowData, created_at: flow.createdAt });
    expect(flowFromRow(row)).toEqual(flow);
  });
});

describe('validateFlowRename', () => {
  it('commits a trimmed, changed, non-empty name of at most 100 characters', () => {
    expect(validateFlowRename('Old', '  New name  ')).toEqual({ ok: true, name: 'New name' });
    expect(validateFlowRename('Old', 'x'.repeat(100))).toEqual({ ok: true, name: 'x'.repeat(100) });
  });
  it('refuses empty, unchanged and too long names', () => {
    expect(validateFlowRename('Old', '   ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(validateFlowRename('Old', ' Old ')).toMatchObject({ ok: false, reason: 'unchanged' });
    expect(validateFlowRename('Old', 'x'.repeat(101))).toMatchObject({ ok: false, reason: 'too_long', message: 'The name can be at most 100 characters.' });
  });
});

describe('parseFlowImport', () => {
  it('reads a good export file (text or parsed)', () => {
    const file = buildFlowExport([newFlow(), newFlow()], new Date('2025-05-05T00:00:00Z'));
    expect(file.version).toBe('1.0');
    expect(file.exportedAt).toBe('2025-05-05T00:00:00.000Z');
    const fromText = parseFlowImport(JSON.stringify(file));
    expect(fromText.flows).toHaveLength(2);
    expect(fromText.skipped).toEqual([]);
    expect(fromText.flows[0]).toEqual(file.flows[0]);
    expect(parseFlowImport(file).flows).toHaveLength(2);
  });

  it('skips invalid flows and fills defaults for the valid ones', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    const result = parseFlowImport(
      {
        version: '1.0',
        flows: [
          goodFlow('a'),
          goodFlow('b', { status: 'paused' }),
          goodFlow('c', { id: 42 }),
          goodFlow('d', { description: undefined }),
          goodFlow('e', { flowData: { nodes: [] } }),
          goodFlow('f', { flowData: { nodes: {}, edges: [] } }),
          'not a flow',
          null,
          goodFlow('g', { tags: ['sales', 3], executionCount: 7, successRate: 250 }),
        ],
      },
      now,
    );
    expect(result.flows.map((f) => f.id)).toEqual(['a', 'g']);
    expect(result.skipped).toEqual([
      { name: 'Flow b', reason: 'its status "paused" is not active, inactive or draft' },
      { name: 'Flow c', reason: 'its id is missing or not text' },
      { name: 'Flow d', reason: 'its description is missing or not text' },
      { name: 'Flow e', reason: 'its flowData needs nodes and edges lists' },
      { name: 'Flow f', reason: 'its flowData needs nodes and edges lists' },
      { name: 'Flow #7', reason: 'it is not a flow' },
      { name: 'Flow #8', reason: 'it is not a flow' },
    ]);
    expect(result.flows[0]).toMatchObject({ createdAt: now.toISOString(), nodeCount: 1, executionCount: 0, tags: [], author: 'current-user', flowData: { viewport: { x: 0, y: 0, zoom: 1 } } });
    expect(result.flows[1]).toMatchObject({ tags: ['sales'], executionCount: 7, successRate: 100 });
  });

  it('refuses a file that is not a flow export', () => {
    for (const bad of ['{not json', '[]', 'null', JSON.stringify({ flows: [] }), JSON.stringify({ version: '1.0' }), JSON.stringify({ version: '1.0', flows: {} }), 42, null, { version: '', flows: [] }]) {
      expect(() => parseFlowImport(bad)).toThrow(new Error('Invalid flow file format'));
    }
  });
});

describe('filterFlows', () => {
  it('searches name, description and status case-insensitively and filters by status', () => {
    const flows = [
      { name: 'Lead scoring', description: 'Score inbound leads', status: 'active' as const },
      { name: 'Weekly digest', description: 'Summarise NEWS', status: 'draft' as const },
    ];
    expect(filterFlows(flows, 'LEAD').map((f) => f.name)).toEqual(['Lead scoring']);
    expect(filterFlows(flows, 'news').map((f) => f.name)).toEqual(['Weekly digest']);
    expect(filterFlows(flows, 'draft').map((f) => f.name)).toEqual(['Weekly digest']);
    expect(filterFlows(flows, '', 'active').map((f) => f.name)).toEqual(['Lead scoring']);
    expect(filterFlows(flows, '', 'all')).toHaveLength(2);
  });
});

describe('graph rules', () => {
  const node = (id: string, type: FlowNode['type'] = 'action', data: Record<string, unknown> = {}) => flowNodeSchema.parse({ id, type, data: { label: id.toUpperCase(), ...data } });
  const edge = (source: string, target: string, sourceHandle: string | null = null) => flowEdgeSchema.parse({ id: `${source}-${target}`, source, target, sourceHandle });

  it('finds cycles and names them in order', () => {
    expect(findFlowCycle(['a', 'b', 'c'], [{ source: 'a', target: 'b' }, { source: 'b', target: 'c' }])).toBeNull();
    expect(findFlowCycle(['a', 'b', 'c'], [{ source: 'a', target: 'b' }, { source: 'b', target: 'c' }, { source: 'c', target: 'b' }])).toEqual(['b', 'c', 'b']);
    expect(findFlowCycle(['a'], [{ source: 'a', target: 'a' }])).toEqual(['a', 'a']);
  });

  it('orders topologically, keeping the flow order among independent nodes', () => {
    expect(topologicalOrder(['d', 'c', 'b', 'a'], [{ source: 'a', target: 'b' }, { source: 'a', target: 'c' }, { source: 'b', target: 'd' }])).toEqual(['a', 'c', 'b', 'd']);
  });

  it('requires one start, known edge ends, proper handles and no cycle', () => {
    const t = node('t', 'trigger');
    expect(checkFlowGraph({ nodes: [t, node('a')], edges: [edge('t', 'a')] })).toEqual({ errors: [], startId: 't' });
    expect(checkFlowGraph({ nodes: [node('a')], edges: [] }).errors).toEqual(['The flow has no trigger node: add one to start the flow from.']);
    expect(checkFlowGraph({ nodes: [node('a')], edges: [] }, 'a')).toEqual({ errors: [], startId: 'a' });
    expect(checkFlowGraph({ nodes: [t, node('u', 'trigger')], edges: [] }).errors[0]).toMatch(/2 trigger nodes \(T, U\)/);
    expect(checkFlowGraph({ nodes: [t], edges: [edge('t', 'zz')] }).errors).toEqual(['Edge "t-zz" has a target node "zz" that does not exist.']);
    const c = node('c', 'condition');
    expect(checkFlowGraph({ nodes: [t, c, node('a')], edges: [edge('t', 'c'), edge('c', 'a')] }).errors[0]).toMatch(/leaves condition "C" from no handle: it must leave from "true" or "false"/);
    const s = node('s', 'condition', { subtype: 'switch', cases: [{ value: 'x', handle: 'case-x' }] });
    expect(checkFlowGraph({ nodes: [t, s, node('a')], edges: [edge('t', 's'), edge('s', 'a', 'case-y')] }).errors[0]).toMatch(/must leave from one of "case-x", "default"/);
    expect(checkFlowGraph({ nodes: [t, node('a'), node('b')], edges: [edge('t', 'a'), edge('a', 'b'), edge('b', 'a')] }).errors).toEqual([
      'The flow has a cycle: A → B → A. Flows must not loop.',
    ]);
  });

  it('describes a run', () => {
    const run = { id: 'r', flow_id: 'f', status: 'succeeded', trigger: 'test', payload: {}, nodes: [], started_at: 'x', finished_at: 'y', duration_ms: 1, error: null };
    expect(flowRunSchema.parse(run)).toEqual(run);
  });
});
