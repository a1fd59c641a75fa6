// The engine's semantics without outside services: routing, joins, failures, skipping, validation,
// templating through nodes, cancellation. (Models, HTTP, email and the database: actions.test.ts.)
import { describe, expect, it } from '@jest/globals';
import type { FlowConditionType, FlowRun } from '@accent/flows-common';
import { FlowValidationError, prepareFlow, runFlow, type RunnableFlow } from './engine.js';

type RawNode = { id: string; type: string; data?: Record<string, unknown> };
type RawEdge = { source: string; target: string; sourceHandle?: string };

const trigger = (id = 'start'): RawNode => ({ id, type: 'trigger', data: { label: 'Start', subtype: 'webhook' } });
const condition = (id: string, conditionType: FlowConditionType, field: string, value = '', label = id): RawNode => ({
  id,
  type: 'condition',
  data: { label, subtype: 'if_else', conditionType, field, value },
});
const switchNode = (id: string, field: string, cases: { value: string; handle: string }[]): RawNode => ({
  id,
  type: 'condition',
  data: { label: id, subtype: 'switch', field, cases },
});
/** a node that always fails without I/O: a database action with no database */
const failing = (id: string): RawNode => ({ id, type: 'action', data: { label: id, subtype: 'database', actionType: 'database', table: 'x' } });

function flow(nodes: RawNode[], edges: RawEdge[]): RunnableFlow {
  return {
    id: 'flow-1',
    flowData: {
      nodes: nodes.map((n) => ({ position: { x: 0, y: 0 }, data: {}, ...n })),
      edges: edges.map((e, i) => ({ id: `e${i + 1}`, ...e })),
    },
  };
}

const byId = (run: FlowRun) => Object.fromEntries(run.nodes.map((n) => [n.nodeId, n]));
const statuses = (run: FlowRun) => Object.fromEntries(run.nodes.map((n) => [n.nodeId, n.status]));

/** trigger → condition; true → yes, false → no (routers pass data on, so yes/no are conditions that always hold) */
async function branch(conditionType: FlowConditionType, field: string, value: string, payload: unknown) {
  const always = (id: string) => condition(id, 'exists', 'payload');
  const run = await runFlow(
    flow(
      [trigger(), condition('check', conditionType, field, value), always('yes'), always('no')],
      [
        { source: 'start', target: 'check' },
        { source: 'check', target: 'yes', sourceHandle: 'true' },
        { source: 'check', target: 'no', sourceHandle: 'false' },
      ],
    ),
    { payload },
  );
  expect(run.status).toBe('succeeded');
  const nodes = byId(run);
  return { taken: nodes.yes.status === 'succeeded' ? 'true' : 'false', handle: nodes.check.handle, output: nodes.check.output as Record<string, unknown>, run };
}

describe('condition branching', () => {
  it.each<[FlowConditionType, string, string, unknown, 'true' | 'false']>([
    ['equals', 'payload.status', 'approved', { status: 'approved' }, 'true'],
    ['equals', 'payload.status', 'approved', { status: 'rejected' }, 'false'],
    ['equals', 'payload.amount', '10.0', { amount: 10 }, 'true'],
    ['equals', 'payload.amount', '10', { amount: '10' }, 'true'],
    ['equals', 'payload.vip', 'TRUE', { vip: true }, 'true'],
    ['equals', 'payload.vip', 'true', { vip: false }, 'false'],
    ['equals', 'payload.tags', '["a","b"]', { tags: ['a', 'b'] }, 'true'],
    ['equals', 'payload.missing', '', {}, 'true'],
    ['equals', 'status', 'new', { status: 'new' }, 'true'], // a bare field reads `last` (the trigger passed the payload on)
    ['contains', 'payload.subject', 'URGENT', { subject: 'This is urgent!' }, 'true'],
    ['contains', 'payload.subject', 'urgent', { subject: 'Nothing to see' }, 'false'],
    ['contains', 'payload.tags', 'vip', { tags: ['new', 'vip'] }, 'true'],
    ['contains', 'payload.tags', 'vip', { tags: ['new'] }, 'false'],
    ['contains', 'payload.customer', 'email', { customer: { email: 'a@b.c' } }, 'true'],
    ['greater_than', 'payload.amount', '1000', { amount: 1500 }, 'true'],
    ['greater_than', 'payload.amount', '1000', { amount: '999.5' }, 'false'],
    ['greater_than', 'payload.items', '2', { items: [1, 2, 3] }, 'true'],
    ['greater_than', 'payload.due', '2025-01-01', { due: '2025-03-01T10:00:00Z' }, 'true'],
    ['greater_than', 'payload.name', '5', { name: 'Ada' }, 'false'],
    ['less_than', 'payload.score', '0.5', { score: 0.2 }, 'true'],
    ['less_than', 'payload.score', '0.5', { score: 0.9 }, 'false'],
    ['less_than', 'payload.score', '10', {}, 'false'],
    ['exists', 'payload.email', '', { email: 'a@b.c' }, 'true'],
    ['exists', 'payload.email', '', { email: '  ' }, 'false'],
    ['exists', 'payload.email', '', { email: null }, 'false'],
    ['exists', 'payload.count', '', { count: 0 }, 'true'],
  ])('%s %s %j on %j → %s', async (type, field, value, payload, expected) => {
    const { taken, handle } = await branch(type, field, value, payload);
    expect(handle).toBe(expected);
    expect(taken).toBe(expected);
  });

  it('records the comparison, skips the branch not taken and passes the data on', async () => {
    const { output, run } = await branch('greater_than', 'payload.amount', '1000', { amount: 5 });
    expect(output).toEqual({ result: false, conditionType: 'greater_than', field: 'payload.amount', actual: 5, expected: '1000' });
    const nodes = byId(run);
    expect(nodes.yes).toMatchObject({ status: 'skipped', reason: 'Not reached: no branch led here.', input: null, started_at: null });
    expect(nodes.no.input).toMatchObject({ payload: { amount: 5 }, last: { amount: 5 }, start: { amount: 5 }, check: output });
  });

  it('records why an ordering comparison could not be made', async () => {
    const { output } = await branch('greater_than', 'payload.name', '5', { name: 'Ada' });
    expect(output.reason).toBe('The field and the value are not both numbers or both dates.');
  });

  it('templates the compared value', async () => {
    const { taken } = await branch('greater_than', 'payload.amount', '{{payload.limit}}', { amount: 7, limit: 5 });
    expect(taken).toBe('true');
  });
});

describe('switch', () => {
  const routed = async (payload: unknown) => {
    const cases = [
      { value: 'sales', handle: 'to-sales' },
      { value: 'support', handle: 'to-support' },
    ];
    const run = await runFlow(
      flow(
        [trigger(), switchNode('route', 'payload.team', cases), condition('sales', 'exists', 'payload'), condition('support', 'exists', 'payload'), condition('other', 'exists', 'payload')],
        [
          { source: 'start', target: 'route' },
          { source: 'route', target: 'sales', sourceHandle: 'to-sales' },
          { source: 'route', target: 'support', sourceHandle: 'to-support' },
          { source: 'route', target: 'other', sourceHandle: 'default' },
        ],
      ),
      { payload },
    );
    return { run, nodes: byId(run) };
  };

  it('follows the matching case', async () => {
    const { run, nodes } = await routed({ team: 'support' });
    expect(statuses(run)).toEqual({ start: 'succeeded', route: 'succeeded', sales: 'skipped', support: 'succeeded', other: 'skipped' });
    expect(nodes.route).toMatchObject({ handle: 'to-support', output: { value: 'support', matched: 'support', handle: 'to-support' } });
  });

  it('follows the default handle when no case matches', async () => {
    const { run, nodes } = await routed({ team: 'finance' });
    expect(statuses(run)).toMatchObject({ sales: 'skipped', support: 'skipped', other: 'succeeded' });
    expect(nodes.route.output).toEqual({ value: 'finance', matched: null, handle: 'default' });
  });
});

describe('failures, joins and skipping', () => {
  it('records a failing node, skips what follows it and still runs the parallel branch', async () => {
    const run = await runFlow(
      flow(
        [trigger(), failing('save'), condition('after-save', 'exists', 'payload'), condition('check', 'equals', 'payload.ok', 'true'), condition('after-check', 'exists', 'payload')],
        [
          { source: 'start', target: 'save' },
          { source: 'save', target: 'after-save' },
          { source: 'start', target: 'check' },
          { source: 'check', target: 'after-check', sourceHandle: 'true' },
        ],
      ),
      { payload: { ok: true } },
    );
    expect(run.status).toBe('failed');
    expect(run.error).toBe('"save" failed: No database is connected to this run: database actions run on the server for a library.');
    const nodes = byId(run);
    expect(nodes.save).toMatchObject({ status: 'failed', error: expect.stringMatching(/^No database is connected/), input: { payload: { ok: true } } });
    expect(typeof nodes.save.started_at).toBe('string');
    expect(nodes['after-save']).toMatchObject({ status: 'skipped', reason: 'Not run: "save" before it failed.' });
    expect(nodes.check.status).toBe('succeeded');
    expect(nodes['after-check'].status).toBe('succeeded');
  });

  it('runs a join once, after every branch settled, with the outputs of all succeeded ancestors', async () => {
    const run = await runFlow(
      flow(
        [trigger(), condition('left', 'exists', 'payload.a'), condition('right', 'exists', 'payload.b'), condition('join', 'exists', 'payload')],
        [
          { source: 'start', target: 'left' },
          { source: 'start', target: 'right' },
          { source: 'left', target: 'join', sourceHandle: 'true' },
          { source: 'right', target: 'join', sourceHandle: 'true' },
        ],
      ),
      { payload: { a: 1 } },
    );
    expect(statuses(run)).toEqual({ start: 'succeeded', left: 'succeeded', right: 'succeeded', join: 'succeeded' });
    expect(Object.keys(byId(run).join.input as object)).toEqual(['payload', 'start', 'left', 'right', 'last']);
    expect(run.nodes.map((n) => n.nodeId)).toEqual(['start', 'left', 'right', 'join']);
  });

  it('skips a join when a failure leads into it, even if another branch arrived', async () => {
    const run = await runFlow(
      flow(
        [trigger(), failing('bad'), condition('good', 'exists', 'payload'), condition('join', 'exists', 'payload')],
        [
          { source: 'start', target: 'bad' },
          { source: 'start', target: 'good' },
          { source: 'bad', target: 'join' },
          { source: 'good', target: 'join', sourceHandle: 'true' },
        ],
      ),
    );
    expect(statuses(run)).toEqual({ start: 'succeeded', bad: 'failed', good: 'succeeded', join: 'skipped' });
    expect(byId(run).join.reason).toBe('Not run: "bad" before it failed.');
  });

  it('skips nodes not connected to the start', async () => {
    const run = await runFlow(flow([trigger(), condition('island', 'exists', 'payload'), condition('after-island', 'exists', 'payload')], [{ source: 'island', target: 'after-island', sourceHandle: 'true' }]));
    expect(run.status).toBe('succeeded');
    expect(byId(run).island).toMatchObject({ status: 'skipped', reason: 'Not reached from the start node.' });
    expect(byId(run)['after-island']).toMatchObject({ status: 'skipped', reason: 'Not reached: no branch led here.' });
  });

  it('starts from a chosen node, ignoring what leads into it', async () => {
    const run = await runFlow(flow([trigger(), condition('mid', 'equals', 'payload.x', '1'), condition('end', 'exists', 'payload')], [{ source: 'start', target: 'mid' }, { source: 'mid', target: 'end', sourceHandle: 'true' }]), {
      startNodeId: 'mid',
      payload: { x: 1 },
    });
    expect(statuses(run)).toEqual({ start: 'skipped', mid: 'succeeded', end: 'succeeded' });
    expect(byId(run).mid.input).toEqual({ payload: { x: 1 }, last: { x: 1 } });
  });

  it('answers the run shape', async () => {
    const run = await runFlow(flow([trigger()], []), { payload: { hello: 'world' }, trigger: 'webhook', runId: 'run-1' });
    expect(run).toMatchObject({ id: 'run-1', flow_id: 'flow-1', status: 'succeeded', trigger: 'webhook', payload: { hello: 'world' }, error: null });
    expect(run.nodes).toEqual([
      expect.objectContaining({ nodeId: 'start', type: 'trigger', subtype: 'webhook', label: 'Start', status: 'succeeded', output: { hello: 'world' }, error: null }),
    ]);
    expect(Date.parse(run.finished_at!)).toBeGreaterThanOrEqual(Date.parse(run.started_at));
  });

  it('reports each node as it settles', async () => {
    const seen: string[] = [];
    await runFlow(flow([trigger(), condition('c', 'exists', 'payload')], [{ source: 'start', target: 'c' }]), { context: { onNode: (r) => seen.push(`${r.nodeId}:${r.status}`) } });
    expect(seen).toEqual(['start:succeeded', 'c:succeeded']);
  });

  it('cancels: nothing runs after the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await runFlow(flow([trigger(), condition('c', 'exists', 'payload')], [{ source: 'start', target: 'c' }]), { signal: controller.signal });
    expect(run.status).toBe('cancelled');
    expect(run.error).toBe('The run was cancelled.');
    expect(run.nodes.every((n) => n.status === 'skipped')).toBe(true);
  });
});

describe('validation before running', () => {
  const refused = (f: RunnableFlow, startNodeId?: string) => {
    try {
      prepareFlow(f, startNodeId);
    } catch (error) {
      expect(error).toBeInstanceOf(FlowValidationError);
      return (error as FlowValidationError).message;
    }
    throw new Error('expected the flow to be refused');
  };

  it('refuses cycles, naming the nodes', async () => {
    const cyclic = flow(
      [trigger(), { id: 'a', type: 'action', data: { label: 'A' } }, { id: 'b', type: 'action', data: { label: 'B' } }],
      [
        { source: 'start', target: 'a' },
        { source: 'a', target: 'b' },
        { source: 'b', target: 'a' },
      ],
    );
    expect(refused(cyclic)).toBe('The flow has a cycle: A → B → A. Flows must not loop.');
    await expect(runFlow(cyclic)).rejects.toThrow('The flow has a cycle: A → B → A. Flows must not loop.');
  });

  it('refuses a cycle through a condition branch and a self loop', () => {
    expect(
      refused(
        flow(
          [trigger(), condition('retry', 'equals', 'payload.ok', 'false', 'Retry?'), { id: 'fix', type: 'action', data: { label: 'Fix it' } }],
          [
            { source: 'start', target: 'retry' },
            { source: 'retry', target: 'fix', sourceHandle: 'true' },
            { source: 'fix', target: 'retry' },
          ],
        ),
      ),
    ).toBe('The flow has a cycle: Retry? → Fix it → Retry?. Flows must not loop.');
    expect(refused(flow([trigger(), { id: 'x', type: 'action', data: { label: 'X' } }], [{ source: 'start', target: 'x' }, { source: 'x', target: 'x' }]))).toBe(
      'The flow has a cycle: X → X. Flows must not loop.',
    );
  });

  it('refuses missing or several starts, dangling edges, bad handles and bad node data', () => {
    expect(refused(flow([condition('c', 'exists', 'x')], []))).toBe('The flow has no trigger node: add one to start the flow from.');
    expect(refused(flow([trigger('t1'), trigger('t2')], []))).toBe('The flow has 2 trigger nodes (Start, Start): choose the one to start from.');
    expect(refused(flow([trigger()], []), 'nope')).toBe('There is no node "nope" to start from.');
    expect(refused(flow([trigger()], [{ source: 'start', target: 'ghost' }]))).toBe('Edge "e1" has a target node "ghost" that does not exist.');
    expect(refused(flow([trigger(), condition('c', 'exists', 'x'), trigger('t2')], [{ source: 'start', target: 'c' }, { source: 'c', target: 't2', sourceHandle: 'maybe' }]), 'start')).toBe(
      'Edge "e2" leaves condition "c" from handle "maybe": it must leave from "true" or "false".',
    );
    expect(refused(flow([trigger(), { id: 'm', type: 'llm', data: { temperature: 9 } }], []))).toMatch(/^Node "m": data\.temperature: /);
    expect(refused(flow([trigger(), { id: 'q', type: 'mystery' }], []))).toMatch(/^Node "q": /);
    expect(refused({ id: 'f', flowData: { nodes: 'no' } })).toMatch(/nodes: /);
    // several problems are listed together
    expect(refused(flow([trigger(), trigger('t2')], [{ source: 'start', target: 'ghost' }]))).toMatch(/^The flow cannot run:\n- Edge "e1".*\n- The flow has 2 trigger nodes/s);
  });

  it('accepts the stored (snake_case) form', async () => {
    const run = await runFlow({ id: 'row-1', flow_data: { nodes: [{ id: 't', type: 'trigger', position: { x: 0, y: 0 }, data: {} }], edges: [] } });
    expect(run).toMatchObject({ flow_id: 'row-1', status: 'succeeded' });
  });
});
