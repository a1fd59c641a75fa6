// The flow engine's own speed: a 10-node flow with no model calls and no I/O (a trigger, two switches
// and seven conditions routing on the payload) run N times in-process against the compiled engine.
// Prints runs per second, with the flow parsed and checked on every run (runFlow(flow)) and prepared
// once (runFlow(prepareFlow(flow))), and the mean time per node.
// Usage: pnpm --filter @accent/server build && node bench/flow-engine.mjs [runs]
import { performance } from 'node:perf_hooks';
import { prepareFlow, runFlow } from '../server/dist/flows/engine.js';

const RUNS = Number(process.argv[2] ?? 20_000);
const WARM_UP = 1_000;

const node = (id, type, data) => ({ id, type, position: { x: 0, y: 0 }, data: { label: id, ...data } });
const condition = (id, conditionType, field, value = '') => node(id, 'condition', { subtype: 'if_else', conditionType, field, value });
const switchOn = (id, field, values) => node(id, 'condition', { subtype: 'switch', field, cases: values.map((value) => ({ value, handle: value })) });
let edgeId = 0;
const edge = (source, target, sourceHandle = null) => ({ id: `e${++edgeId}`, source, target, sourceHandle });

const flow = {
  id: 'flow-bench',
  flowData: {
    nodes: [
      node('start', 'trigger', { subtype: 'webhook' }),
      switchOn('tier', 'payload.tier', ['gold', 'silver']),
      condition('gold-big', 'greater_than', 'payload.amount', '1000'),
      condition('silver-vip', 'contains', 'payload.tags', 'vip'),
      condition('has-email', 'exists', 'payload.email'),
      condition('gold-eu', 'equals', 'payload.region', 'EU'),
      condition('gold-cap', 'less_than', 'payload.amount', '{{payload.limit}}'),
      condition('join', 'exists', 'payload'),
      switchOn('region', 'payload.region', ['EU', 'US']),
      condition('done', 'exists', 'last'),
    ],
    edges: [
      edge('start', 'tier'),
      edge('tier', 'gold-big', 'gold'),
      edge('tier', 'silver-vip', 'silver'),
      edge('tier', 'has-email', 'default'),
      edge('gold-big', 'gold-eu', 'true'),
      edge('gold-big', 'gold-cap', 'false'),
      edge('gold-eu', 'join', 'true'),
      edge('gold-cap', 'join', 'true'),
      edge('silver-vip', 'join', 'true'),
      edge('has-email', 'join', 'true'),
      edge('join', 'region', 'true'),
      edge('region', 'done', 'EU'),
      edge('region', 'done', 'US'),
      edge('region', 'done', 'default'),
    ],
  },
};

const payloads = [
  { tier: 'gold', amount: 2500, region: 'EU', limit: 5000, tags: ['vip'], email: 'a@b.c' },
  { tier: 'gold', amount: 400, region: 'US', limit: 5000, tags: [], email: 'a@b.c' },
  { tier: 'silver', amount: 90, region: 'APAC', limit: 100, tags: ['new', 'vip'] },
  { tier: 'bronze', amount: 10, region: 'EU', limit: 100, tags: [], email: 'x@y.z' },
];

async function measure(label, target) {
  for (let i = 0; i < WARM_UP; i++) await runFlow(target, { payload: payloads[i % payloads.length] });
  let nodesRun = 0;
  let failed = 0;
  const start = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const run = await runFlow(target, { payload: payloads[i % payloads.length] });
    if (run.status !== 'succeeded') failed++;
    for (const n of run.nodes) if (n.status === 'succeeded') nodesRun++;
  }
  const seconds = (performance.now() - start) / 1000;
  const perSecond = Math.round(RUNS / seconds);
  console.log(
    `${label.padEnd(34)} ${String(perSecond).padStart(8)} runs/s  ${((seconds * 1e6) / RUNS).toFixed(1).padStart(7)} µs/run  ${((seconds * 1e6) / nodesRun).toFixed(2).padStart(6)} µs/node run  (${(nodesRun / RUNS).toFixed(1)} of 10 nodes run on average${failed ? `, ${failed} runs failed` : ''})`,
  );
}

console.log(`flow engine: 10 nodes (trigger, 2 switches, 7 conditions), no I/O, ${RUNS} runs, Node ${process.version}`);
await measure('runFlow(flow)  parse+check each run', flow);
await measure('runFlow(prepared)  checked once', prepareFlow(flow));
