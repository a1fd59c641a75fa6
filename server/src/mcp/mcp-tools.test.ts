// Tools from MCP servers, against real MCP servers started here with the official SDK (Streamable HTTP
// and SSE): Admin → MCP servers (test connection, add, the SSRF guard and the allowed hosts, clear
// refusals with nothing stored, secrets sealed, name clashes), the editor's tool list, and a step calling
// the tools in a real run: traced, an oversized result capped, a tool error, a server that is down
// and one that hangs failing the tool, not the run.
import { describe, expect, it } from '@jest/globals';
import type { RunDetail } from '@accent/agents-common';
import type { McpServerInfo, McpToolGroups } from '@accent/shell-common';
import { sql } from 'kysely';
import { TOOL_CALLER_MODEL } from '../testing/model-server.js';
import { startTestMcpServer } from '../testing/mcp-server.js';
import { useMcpApp, type McpApp } from '../testing/mcp-app.js';
import { callMcpTool, MCP_LIMITS } from './client.js';

const MODEL_KEY = 'sk-test-mcp-tools';
const TOKEN = 'crm-secret-token-123';

// typed by the app, assigned when it has started
let { ctx, http: crm, sse: legacy, admin, member } = {} as McpApp;

useMcpApp(
  (started) => {
    ({ ctx, http: crm, sse: legacy, admin, member } = started);
  },
  { apiKey: MODEL_KEY, http: { token: TOKEN }, sse: { name: 'legacy-crm' } },
);

const post = (url: string, payload: object, who = admin) => ctx.app.inject({ method: 'POST', url, headers: who.headers, payload });
const crmServer = { name: 'CRM', url: '', transport: 'streamable_http', auth: 'bearer', secret: TOKEN };

describe('Admin → MCP servers', () => {
  it('refuses a loopback server until the library allows the host, then lists its tools', async () => {
    crmServer.url = `${crm.url}/mcp`;
    const refused = await post('/api/v1/admin/mcp-servers/test', crmServer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/^Could not connect to CRM: Refused to connect to 127\.0\.0\.1: loopback addresses are not allowed/);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/flow-hosts', headers: admin.headers, payload: { hosts: ['127.0.0.1'] } }))
        .statusCode,
    ).toBe(200);

    const tested = await post('/api/v1/admin/mcp-servers/test', crmServer);
    expect(tested.statusCode).toBe(200);
    expect(
      tested
        .json()
        .tools.map((t: { name: string }) => t.name)
        .sort(),
    ).toEqual(['always_fails', 'big_report', 'find_contact', 'hangs']);
    expect(tested.json().tools.find((t: { name: string }) => t.name === 'find_contact')).toMatchObject({
      title: 'Find contact',
      description: 'Finds a contact in the CRM by name',
      input_schema: { type: 'object', required: ['name'] },
    });
    expect((await post('/api/v1/admin/mcp-servers/test', crmServer, member)).statusCode).toBe(403);
  });

  it('says why a server cannot be added, and stores nothing', async () => {
    const closed = await startTestMcpServer();
    await closed.close();
    const cases: [object, number, RegExp][] = [
      [{ ...crmServer, secret: 'wrong' }, 422, /^Could not connect to CRM: it refused the credentials \(HTTP 401\)/],
      [{ ...crmServer, url: `${crm.url}/garbage`, auth: 'bearer' }, 422, /^Could not connect to CRM: /],
      [{ ...crmServer, url: `${closed.url}/mcp` }, 422, /^Could not connect to CRM: the server refused the connection/],
      [{ ...crmServer, auth: 'bearer', secret: '' }, 400, /^secret: Enter the token/],
      [{ ...crmServer, url: 'ftp://x' }, 400, /^url: Enter the server address/],
      [{ ...crmServer, auth: 'header', header_name: '' }, 400, /^header_name: Enter the name of the header/],
    ];
    for (const [payload, status, detail] of cases) {
      const response = await post('/api/v1/admin/mcp-servers', payload);
      expect({ status: response.statusCode, detail: response.json().detail }).toEqual({ status, detail: expect.stringMatching(detail) });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/mcp-servers', headers: admin.headers })).json().servers).toEqual([]);
  });

  it('adds servers over both transports, seals the secret, refuses a clashing name, and offers the tools by server', async () => {
    const added = await post('/api/v1/admin/mcp-servers', crmServer);
    expect(added.statusCode).toBe(201);
    expect(added.json<McpServerInfo>()).toMatchObject({ name: 'CRM', auth: 'bearer', has_secret: true, transport: 'streamable_http' });
    expect(JSON.stringify(added.json())).not.toContain(TOKEN);
    const { rows } = await sql<{ secret: unknown }>`SELECT secret FROM mcp_servers WHERE name = 'CRM'`.execute(ctx.database.db);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);

    const clash = await post('/api/v1/admin/mcp-servers', { ...crmServer, name: 'crm ' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toMatch(/already exists: its tools would clash/);

    const sse = await post('/api/v1/admin/mcp-servers', { name: 'Legacy CRM', url: `${legacy.url}/sse`, transport: 'sse', auth: 'none' });
    expect(sse.statusCode).toBe(201);
    expect(sse.json<McpServerInfo>().tools).toHaveLength(4);

    const offered = (await ctx.app.inject({ method: 'GET', url: '/api/v1/mcp-tools', headers: member.headers })).json<McpToolGroups>();
    expect(offered.servers.map((s) => s.name)).toEqual(['CRM', 'Legacy CRM']);
    expect(offered.servers[0].tools.find((t) => t.name === 'find_contact')).toMatchObject({
      label: 'CRM » Find contact',
      ref: `mcp:${added.json().id}:find_contact`,
    });
    expect(JSON.stringify(offered)).not.toContain(crm.url);
  });
});

describe('MCP tools in runs', () => {
  const refOf = async (server: string, tool: string) => {
    const offered = (await ctx.app.inject({ method: 'GET', url: '/api/v1/mcp-tools', headers: admin.headers })).json<McpToolGroups>();
    return offered.servers.find((s) => s.name === server)?.tools.find((t) => t.name === tool)?.ref as string;
  };
  async function run(agent: string, server: string, tool: string, query: string) {
    const ref = await refOf(server, tool);
    const saved = await post('/api/v1/agent/save', {
      name: agent,
      steps: [{ name: 'Use the tool', query: '{{query}}', model: { provider: 'openai', model: TOOL_CALLER_MODEL }, tools: [ref] }],
    });
    expect(saved.statusCode).toBe(200);
    const invoked = await post('/api/v1/agent/invoke', { name: agent, query, source: 'test' });
    expect(invoked.statusCode).toBe(200);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${invoked.headers['x-run-id']}`, headers: admin.headers });
    return { output: invoked.body, run: detail.json<RunDetail>() };
  }

  it("calls a Streamable HTTP server's tool with its secret, the call traced", async () => {
    const { output, run: detail } = await run('CRM Lookup', 'CRM', 'find_contact', 'Who is Ada?');
    expect(output).toBe('Tool answered: Ada Lovelace <ada@example.com>, Analytical Engines Ltd');
    expect(crm.calls.at(-1)).toEqual({ tool: 'find_contact', args: { name: 'Who is Ada?' } });
    const step = detail.trace?.steps[0];
    expect(step?.tools).toEqual(['CRM » Find contact']);
    expect(step?.tool_calls).toEqual([
      {
        tool: 'CRM » Find contact',
        input: { name: 'Who is Ada?' },
        output: { result: 'Ada Lovelace <ada@example.com>, Analytical Engines Ltd' },
        error: null,
        duration_ms: expect.any(Number),
      },
    ]);
  });

  it("calls an SSE server's tool", async () => {
    const { output } = await run('Legacy Lookup', 'Legacy CRM', 'find_contact', 'grace');
    expect(output).toBe('Tool answered: Grace Hopper <grace@example.com>, COBOL Inc');
  });

  it('caps an oversized result and says so; a tool error is an error in words', async () => {
    const big = await run('Big Report', 'CRM', 'big_report', 'report');
    expect(big.output).toMatch(
      new RegExp(`^Tool answered: x{${MCP_LIMITS.resultChars}}\\n\\[The result was cut at 20000 characters of 50000\\.\\]$`),
    );
    const failing = await run('Failing Tool', 'CRM', 'always_fails', 'anything');
    expect(failing.output).toBe('Tool failed: CRM » always_fails failed: The CRM is in maintenance.');
    expect(failing.run.trace?.steps[0].tool_calls[0].error).toBe('CRM » always_fails failed: The CRM is in maintenance.');
  });

  it('fails the tools of a server that is down, not the run; a tool that hangs times out', async () => {
    const ref = await refOf('Legacy CRM', 'find_contact');
    await legacy.close();
    const invoked = await post('/api/v1/agent/invoke', { name: 'Legacy Lookup', query: 'ada', source: 'test' });
    expect(invoked.statusCode).toBe(200);
    expect(invoked.body).toMatch(/^Tool failed: Legacy CRM is not reachable: the server refused the connection/);
    expect(ref).toMatch(/^mcp:/);

    const started = performance.now();
    const hung = await callMcpTool(
      { name: 'CRM', url: `${crm.url}/mcp`, transport: 'streamable_http', auth: 'bearer', headerName: '', secret: TOKEN },
      { allowHosts: ['127.0.0.1'] },
      'hangs',
      {},
      new AbortController().signal,
      500,
    );
    expect(hung).toEqual({ error: 'CRM » hangs failed: it did not answer in time' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
