// How the flow builder copes with a big flow: inserts a 500-node / 600-edge flow through the gateway
// (the stored form of spec 02 §3.1), signs in as the demo admin in Chromium, and measures
//   1. open: navigation to /flows/<id> until the canvas shows nodes and the loading state is gone;
//   2. pan + zoom: ~2 s of programmatic panning (mouse drags of the pane) and zooming (wheel steps),
//      frame times from requestAnimationFrame deltas: p50 / p95 / max and frames over 50 ms;
//   3. node drag, on a 300-node / 360-edge flow: ~2 s of dragging one node (one mouse move per animation
//      frame, back and forth), the time per move (frame deltas while dragging): p50 / p95 / max.
// Prints figures, asserts nothing.
// Usage: pnpm -r --workspace-concurrency=2 build && node bench/flow-render.mjs  (FLOW_BENCH=drag: the drag part only;
// BENCH_PORT: the server's port)
import { newFlowEdge, newFlowNode, flowId } from '../mfe-flows/common/dist/index.js';
import { launchChromium, startServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3295);
const NODES = 500;
const EDGES = 600;
const DRAG_NODES = 300;
const DRAG_EDGES = 360;
const COLS = 25;
const GAP = { x: 260, y: 150 };
const CREDENTIALS = { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin' };
const INTERACTION_MS = 2000;

// a deterministic mix: 1 trigger, then LLM / condition / action nodes
const KINDS = [
  { type: 'llm', subtype: 'openai' },
  { type: 'condition', subtype: 'if_else' },
  { type: 'action', subtype: 'slack' },
  { type: 'action', subtype: 'database' },
  { type: 'llm', subtype: 'text_analysis' },
  { type: 'action', subtype: 'http_request' },
  { type: 'condition', subtype: 'switch' },
  { type: 'action', subtype: 'email' },
];

function buildGraph(nodeCount, edgeCount) {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const nodes = [];
  for (let i = 0; i < nodeCount; i++) {
    const position = { x: 100 + (i % COLS) * GAP.x, y: 100 + Math.floor(i / COLS) * GAP.y };
    const kind = i === 0 ? { type: 'trigger', subtype: 'webhook' } : KINDS[i % KINDS.length];
    let node;
    try {
      node = newFlowNode({ id: `n${i}`, type: kind.type, subtype: kind.subtype, position, label: `${kind.subtype} ${i}` });
    } catch {
      node = newFlowNode({ id: `n${i}`, type: 'action', subtype: 'slack', position, label: `slack ${i}` });
    }
    if (node.type === 'llm') node.data.prompt = `Summarise record ${i} for the sales team and flag anything urgent.`;
    nodes.push(node);
  }
  const handleOf = (n) => (n.type === 'condition' ? (n.data.subtype === 'switch' ? 'default' : rand() < 0.5 ? 'true' : 'false') : null);
  const edges = [];
  const seen = new Set();
  const add = (s, t) => {
    const key = `${s}>${t}`;
    if (seen.has(key) || s >= t) return false;
    seen.add(key);
    edges.push(newFlowEdge({ id: `e${edges.length}`, source: `n${s}`, target: `n${t}`, sourceHandle: handleOf(nodes[s]) }));
    return true;
  };
  // a spanning chain keeps every node reachable (acyclic: edges only go to higher indices) …
  for (let i = 1; i < nodeCount; i++) add(i - 1, i);
  // … plus forward edges to a nearby node (next row or so) up to edgeCount
  while (edges.length < edgeCount) {
    const s = Math.floor(rand() * (nodeCount - 1));
    add(s, Math.min(nodeCount - 1, s + 2 + Math.floor(rand() * COLS * 2)));
  }
  return { nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } };
}

async function api(base, method, url, token, body, extraHeaders = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN);
const f1 = (v) => v.toFixed(1);

async function measure(page, base, id, title) {
  // --- 1. open ----------------------------------------------------------------------------------------
  const opens = [];
  let rendered = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto('about:blank');
    const started = Date.now();
    await page.goto(`${base}/flows/${encodeURIComponent(id)}`);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.react-flow__node').length > 0 &&
        !document.querySelector('[role="status"]')?.textContent?.includes('Loading flow'),
      null,
      { timeout: 120_000, polling: 'raf' },
    );
    opens.push(Date.now() - started);
    rendered = await page.locator('.react-flow__node').count();
  }
  const edgesRendered = await page.locator('.react-flow__edge').count();

  // --- 2. pan and zoom --------------------------------------------------------------------------------
  const pane = await page.locator('.react-flow__pane').boundingBox();
  const transformBefore = await page.locator('.react-flow__viewport').getAttribute('style');
  // the gestures run inside the page, one event per animation frame, so the driver's round trips do
  // not set the pace: pan right (drag), zoom in (wheel), pan back, zoom out, repeated for INTERACTION_MS
  const result = await page.evaluate(
    ({ cx, cy, durationMs }) =>
      new Promise((resolve) => {
        const pane = document.querySelector('.react-flow__pane');
        const at = (x, y) => ({ bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, button: 0, buttons: 1 });
        const frames = [];
        let gestures = 0;
        let phase = -1;
        let dragging = false;
        let x = cx;
        let y = cy;
        let start = 0;
        let last = 0;
        const release = () => {
          if (dragging) window.dispatchEvent(new MouseEvent('mouseup', at(x, y)));
          dragging = false;
        };
        const tick = (t) => {
          if (!start) start = last = t;
          else {
            frames.push(t - last);
            last = t;
          }
          const elapsed = t - start;
          if (elapsed >= durationMs) {
            release();
            resolve({ frames, gestures, elapsed });
            return;
          }
          const p = Math.floor(elapsed / 250) % 4; // 250 ms per gesture
          if (p !== phase) {
            release();
            phase = p;
            gestures++;
            x = cx;
            y = cy;
            if (p === 0 || p === 2) {
              pane.dispatchEvent(new MouseEvent('mousedown', at(x, y)));
              dragging = true;
            }
          }
          if (p === 0 || p === 2) {
            const dir = p === 0 ? 1 : -1;
            x += dir * 25;
            y += dir * 10;
            window.dispatchEvent(new MouseEvent('mousemove', at(x, y)));
          } else {
            pane.dispatchEvent(
              new WheelEvent('wheel', { bubbles: true, cancelable: true, clientX: cx, clientY: cy, deltaY: p === 1 ? -60 : 60, deltaMode: 0 }),
            );
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { cx: pane.x + pane.width / 2, cy: pane.y + pane.height / 2, durationMs: INTERACTION_MS },
  );
  const { frames, gestures: step } = result;
  const interactionMs = Math.round(result.elapsed);
  const transformAfter = await page.locator('.react-flow__viewport').getAttribute('style');
  const nodesAfter = await page.locator('.react-flow__node').count();
  const sorted = [...frames].sort((a, b) => a - b);
  const slow = frames.filter((d) => d > 50).length;

  console.log(`${title}`);
  console.log(
    `  open /flows/<id> → nodes on canvas: ${opens.map((o) => `${o} ms`).join(', ')} (3 full page loads); ${rendered} node and ${edgesRendered} edge elements rendered (onlyRenderVisibleElements)`,
  );
  console.log(
    `  pan + zoom for ${interactionMs} ms (${step} gestures): ${frames.length} frames, p50 ${f1(pct(sorted, 50))} ms, p95 ${f1(pct(sorted, 95))} ms, max ${f1(sorted[sorted.length - 1] ?? NaN)} ms, ${slow} frames > 50 ms; ${nodesAfter} nodes rendered at the end`,
  );
  console.log(`  viewport before: ${transformBefore}\n  viewport after:  ${transformAfter}`);
}

/** Drags one node on screen back and forth for INTERACTION_MS, one mouse move per frame; prints the time per move. */
async function measureDrag(page, base, id, title) {
  await page.goto(`${base}/flows/${encodeURIComponent(id)}`);
  await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length > 0, null, { timeout: 120_000, polling: 'raf' });
  const result = await page.evaluate(
    (durationMs) =>
      new Promise((resolve) => {
        // the node nearest the canvas centre
        const pane = document.querySelector('.react-flow__pane').getBoundingClientRect();
        const cx = pane.x + pane.width / 2;
        const cy = pane.y + pane.height / 2;
        let node = null;
        let best = Infinity;
        for (const el of document.querySelectorAll('.react-flow__node')) {
          const r = el.getBoundingClientRect();
          const d = Math.hypot(r.x + r.width / 2 - cx, r.y + r.height / 2 - cy);
          if (d < best) [best, node] = [d, el];
        }
        const r = node.getBoundingClientRect();
        // grab the card near its top-left corner (clear of handles and buttons)
        let x = r.x + 12;
        let y = r.y + 8;
        const at = () => ({ bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, button: 0, buttons: 1 });
        const target = document.elementFromPoint(x, y) ?? node;
        target.dispatchEvent(new MouseEvent('mousedown', at()));
        const frames = [];
        let start = 0;
        let last = 0;
        let moves = 0;
        const tick = (t) => {
          if (!start) start = last = t;
          else {
            frames.push(t - last);
            last = t;
          }
          if (t - start >= durationMs) {
            window.dispatchEvent(new MouseEvent('mouseup', at()));
            resolve({ frames, moves, label: node.textContent.slice(0, 40), elapsed: t - start });
            return;
          }
          const dir = Math.floor(moves / 20) % 2 === 0 ? 1 : -1; // 20 moves right, 20 back
          x += dir * 6;
          y += dir * 3;
          moves++;
          window.dispatchEvent(new MouseEvent('mousemove', at()));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    INTERACTION_MS,
  );
  const sorted = [...result.frames].sort((a, b) => a - b);
  console.log(`${title}`);
  console.log(
    `  drag "${result.label}…" for ${Math.round(result.elapsed)} ms: ${result.moves} moves (mean ${f1(result.elapsed / result.moves)} ms per move), per move p50 ${f1(pct(sorted, 50))} ms, p95 ${f1(pct(sorted, 95))} ms, max ${f1(sorted[sorted.length - 1] ?? NaN)} ms, ${result.frames.filter((d) => d > 50).length} moves > 50 ms`,
  );
}

const server = await startServer(PORT);
const browser = await launchChromium();
try {
  // --- the flow, through the gateway ------------------------------------------------------------------
  const login = await api(server.url, 'POST', '/api/auth/login', null, CREDENTIALS);
  const now = new Date().toISOString();
  const flowData = buildGraph(NODES, EDGES);
  const id = flowId();
  const row = {
    id,
    name: `Bench ${NODES} nodes`,
    description: `${NODES} nodes, ${flowData.edges.length} edges on a ${COLS}-column grid`,
    status: 'draft',
    node_count: flowData.nodes.length,
    execution_count: 0,
    success_rate: 0,
    tags: ['bench'],
    author: 'Accent Studio',
    flow_data: flowData,
    user_id: `user_${login.user_id ?? login.id}_lib_${login.library_id}`,
    created_at: now,
    updated_at: now,
  };
  const payloadKiB = Buffer.byteLength(JSON.stringify(row)) / 1024;
  await api(server.url, 'POST', '/rest/v1/flows', login.token, row, { prefer: 'return=minimal' });
  // the same graph with a saved, zoomed-in viewport (the builder fits the view only for {0, 0, 1})
  const idZoomed = flowId();
  await api(
    server.url,
    'POST',
    '/rest/v1/flows',
    login.token,
    { ...row, id: idZoomed, name: `${row.name} (zoom 1)`, flow_data: { ...flowData, viewport: { x: -40, y: -40, zoom: 1 } } },
    { prefer: 'return=minimal' },
  );

  // --- sign in ----------------------------------------------------------------------------------------
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.locator('input[name="email"]').fill(CREDENTIALS.email);
  await page.locator('input[name="password"]').fill(CREDENTIALS.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
  // warm the Flows remote (its JS and CSS cached) so the open measures the flow, not the first download
  await page.goto(`${server.url}/flows`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });

  console.log(
    `flow render: ${NODES} nodes / ${flowData.edges.length} edges (${f1(payloadKiB)} KiB stored row each), Chromium headless (--disable-gpu) 1600×1000, built suite on :${PORT}`,
  );
  // FLOW_BENCH=drag: the drag figures only
  if (process.env.FLOW_BENCH !== 'drag') {
    await measure(page, server.url, id, '- saved viewport {0, 0, 1}: the builder fits the view (a large flow opens at zoom 0.5 or more)');
    await measure(page, server.url, idZoomed, '- saved viewport {-40, -40, 1}: no fit, zoom 1, a part of the grid visible');
  }

  // --- 3. dragging a node in a 300-node flow ------------------------------------------------------------
  const dragData = buildGraph(DRAG_NODES, DRAG_EDGES);
  const idDrag = flowId();
  await api(
    server.url,
    'POST',
    '/rest/v1/flows',
    login.token,
    {
      ...row,
      id: idDrag,
      name: `Bench ${DRAG_NODES} nodes`,
      node_count: DRAG_NODES,
      flow_data: { ...dragData, viewport: { x: -40, y: -40, zoom: 1 } },
    },
    { prefer: 'return=minimal' },
  );
  for (let i = 1; i <= 3; i++)
    await measureDrag(page, server.url, idDrag, `- ${DRAG_NODES} nodes / ${dragData.edges.length} edges, zoom 1, run ${i}`);
} finally {
  await browser.close();
  server.stop();
}
