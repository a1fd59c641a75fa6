// The flow's MCP tool node against real MCP servers started here with the official SDK (Streamable HTTP
// with a bearer token, and SSE): Test Flow runs a flow whose node calls a tool with the flow's
// variables, the next node reads its text as {{last}}, the raw result is kept; an oversized result is
// capped and says so; a tool error, a hanging tool and a server that is down fail the node in words.
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { FlowRun } from '@accent/flows-common';
import { withFlowTables } from '../tables.js';
import { useMcpApp, type McpApp } from '../../testing/mcp-app.js';
import { MCP_LIMITS } from '../../mcp/client.js';
import { coerceArguments } from './mcp-tool.js';

const MODEL_KEY = 'sk-test-mcp-flow';
const TOKEN = 'crm-flow-token';

// typed by the app, assigned when it has started
let { ctx, http: crm, sse: legacy, admin } = {} as McpApp;
let crmId: string;
let legacyId: string;
let flowId: string;

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload });

useMcpApp(
  (started) => {
    ({ ctx, http: crm, sse: legacy, admin } = started);
    [crmId, legacyId] = started.added.map((server) => server.id);
  },
  {
    apiKey: MODEL_KEY,
    http: { token: TOKEN },
    sse: { name: 'legacy-crm' },
    add: (servers) => [
      { name: 'CRM', url: `${servers.http.url}/mcp`, transport: 'streamable_http', auth: 'bearer', secret: TOKEN },
      { name: 'Legacy CRM', url: `${servers.sse.url}/sse`, transport: 'sse', auth: 'none' },
    ],
  },
);

beforeAll(async () => {
  flowId = `flow-${Date.now()}-mcpnode01`;
  await withFlowTables(ctx.database.db)
    .insertInto('flows')
    .values({
      id: flowId,
      name: 'MCP lookup',
      library_id: admin.body.library_id,
      owner_id: admin.body.user_id,
      flow_data: JSON.stringify({ nodes: [], edges: [] }),
      node_count: 0,
    } as never)
    .execute();
});

/** start → the MCP tool node → an Agent that repeats `Contact: {{last}}` (the model server echoes) */
function graph(tool: Record<string, unknown>) {
  const node = (id: string, type: string, data: object, x: number) => ({ id, type, position: { x, y: 0 }, data });
  return {
    nodes: [
      node('start', 'trigger', { label: 'Start', subtype: 'webhook', triggerType: 'webhook' }, 0),
      node('lookup', 'action', { label: 'Look up', subtype: 'mcp', actionType: 'mcp_tool', ...tool }, 250),
      node('say', 'llm', { label: 'Say', subtype: 'openai', prompt: 'Contact: {{last}} ({{lookup.tool}})' }, 500),
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'lookup' },
      { id: 'e2', source: 'lookup', target: 'say' },
    ],
  };
}
async function testFlow(tool: Record<string, unknown>, payload: object = {}): Promise<FlowRun> {
  const response = await post(`/api/v1/flows/${flowId}/test`, { payload, flowData: graph(tool) });
  expect(response.statusCode).toBe(200);
  return response.json<FlowRun>();
}
const nodeOf = (run: FlowRun, id: string) => run.nodes.find((n) => n.nodeId === id);

describe('the MCP tool node', () => {
  it("calls a Streamable HTTP server's tool with the flow's variables; the next node reads its text as {{last}}", async () => {
    const run = await testFlow({ mcpServerId: crmId, mcpTool: 'find_contact', arguments: { name: '{{payload.who}}' } }, { who: 'Ada' });
    expect(run.status).toBe('succeeded');
    expect(crm.calls.at(-1)).toEqual({ tool: 'find_contact', args: { name: 'Ada' } });
    const lookup = nodeOf(run, 'lookup');
    expect(lookup?.output).toEqual({
      text: 'Ada Lovelace <ada@example.com>, Analytical Engines Ltd',
      result: { content: [{ type: 'text', text: 'Ada Lovelace <ada@example.com>, Analytical Engines Ltd' }] },
      server: 'CRM',
      tool: 'find_contact',
      arguments: { name: 'Ada' },
    });
    expect(lookup?.duration_ms).toEqual(expect.any(Number));
    expect(nodeOf(run, 'say')?.output).toMatchObject({ text: 'Contact: Ada Lovelace <ada@example.com>, Analytical Engines Ltd (find_contact)' });
  });

  it("calls an SSE server's tool", async () => {
    const run = await testFlow({ mcpServerId: legacyId, mcpTool: 'find_contact', arguments: { name: 'grace' } });
    expect(run.status).toBe('succeeded');
    expect(nodeOf(run, 'lookup')?.output).toMatchObject({ text: 'Grace Hopper <grace@example.com>, COBOL Inc', server: 'Legacy CRM' });
  });

  it('caps an oversized result and says so', async () => {
    const run = await testFlow({ mcpServerId: crmId, mcpTool: 'big_report' });
    expect(run.status).toBe('succeeded');
    const output = nodeOf(run, 'lookup')?.output as { text: string; result: { truncated: boolean; original_size: number } };
    expect(output.text).toMatch(new RegExp(`^x{${MCP_LIMITS.resultChars}}\\n\\[The result was cut at 20000 characters of 50000\\.\\]$`));
    expect(output.result).toMatchObject({ truncated: true, original_size: expect.any(Number) });
    expect(JSON.stringify(output).length).toBeLessThan(2 * MCP_LIMITS.resultChars + 1000);
  });

  it('fails the node in words on a tool error, a tool that hangs, a server that is down, a tool or server that is gone', async () => {
    const failing = await testFlow({ mcpServerId: crmId, mcpTool: 'always_fails' });
    expect(failing.status).toBe('failed');
    expect(nodeOf(failing, 'lookup')?.error).toBe('CRM » always_fails failed: The CRM is in maintenance.');
    expect(nodeOf(failing, 'say')?.status).toBe('skipped');

    const started = performance.now();
    const hung = await testFlow({ mcpServerId: crmId, mcpTool: 'hangs', timeoutSeconds: 1 });
    expect(nodeOf(hung, 'lookup')?.error).toBe('CRM » hangs failed: it did not answer in time');
    expect(performance.now() - started).toBeLessThan(10_000);

    const unknown = await testFlow({ mcpServerId: crmId, mcpTool: 'no_such_tool' });
    expect(nodeOf(unknown, 'lookup')?.error).toBe('CRM no longer offers the tool "no_such_tool": choose another one.');
    const gone = await testFlow({ mcpServerId: '00000000-0000-4000-8000-000000000000', mcpTool: 'find_contact' });
    expect(nodeOf(gone, 'lookup')?.error).toBe('The MCP server of this node was removed: choose another one.');
    const unset = await testFlow({});
    expect(nodeOf(unset, 'lookup')?.error).toBe("No MCP tool: choose the node's server and tool.");

    await legacy.close();
    const down = await testFlow({ mcpServerId: legacyId, mcpTool: 'find_contact', arguments: { name: 'ada' } });
    expect(down.status).toBe('failed');
    expect(nodeOf(down, 'lookup')?.error).toMatch(/^Legacy CRM is not reachable: the server refused the connection/);
  });
});

describe('coerceArguments', () => {
  it("makes typed-in text the schema's type and leaves out empty optional arguments", () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'integer' }, b: { type: 'boolean' }, o: { type: 'object' }, s: { type: 'string' }, opt: { type: 'string' } },
      required: ['s'],
    };
    expect(coerceArguments({ n: '42', b: 'true', o: '{"a":1}', s: '', opt: '' }, schema)).toEqual({ n: 42, b: true, o: { a: 1 }, s: '' });
    expect(coerceArguments({ n: 'many' }, schema)).toEqual({ n: 'many' });
  });
});
