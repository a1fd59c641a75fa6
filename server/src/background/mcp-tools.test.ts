// MCP tools in background agents: a tool of a real MCP server (official SDK, Streamable HTTP and SSE)
// attached to a background agent is offered to its run's model, called, and traced in the run; a
// run of an agent without it does not get it; a server that is down fails the tool, not the run.
import { describe, expect, it } from '@jest/globals';
import type { RunDetail } from '@accent/agents-common';
import type { BackgroundTestResult } from '@accent/background-common';
import type { McpToolGroups } from '@accent/shell-common';
import { type ChatRequestBody, lastUserMessage, textOf } from '../testing/model-server.js';
import type { TestMcpServer } from '../testing/mcp-server.js';
import { useMcpApp } from '../testing/mcp-app.js';
import type { SignedIn, TestContext } from '../testing/test-app.js';

const MODEL_KEY = 'sk-test-background-mcp';

let ctx: TestContext;
let crm: TestMcpServer;
let legacy: TestMcpServer;
let admin: SignedIn;

/** The model calls the MCP tool it is offered (asking for Ada), then repeats what the tool answered. */
function callMcpTool({ body }: { body: ChatRequestBody }) {
  const answered = [...body.messages].reverse().find((m) => m.role === 'tool');
  if (answered) return { text: `From the CRM: ${textOf(answered.content)}` };
  const mcp = (body.tools ?? []).find((t) => t.function.name.startsWith('mcp_'));
  return mcp
    ? { toolCalls: [{ name: mcp.function.name, arguments: { name: 'Ada' } }] }
    : { text: `No MCP tool offered: ${lastUserMessage(body).slice(0, 40)}` };
}

useMcpApp(
  (started) => {
    ({ ctx, http: crm, sse: legacy, admin } = started);
    started.model.setDefaultReply(callMcpTool);
  },
  {
    apiKey: MODEL_KEY,
    http: { name: 'bg-crm' },
    sse: { name: 'bg-legacy' },
    add: (servers) => [
      { name: 'CRM', url: `${servers.http.url}/mcp`, transport: 'streamable_http', auth: 'none' },
      { name: 'Legacy CRM', url: `${servers.sse.url}/sse`, transport: 'sse', auth: 'none' },
    ],
  },
);

const refOf = async (server: string, tool: string) => {
  const offered = (await ctx.app.inject({ method: 'GET', url: '/api/v1/mcp-tools', headers: admin.headers })).json<McpToolGroups>();
  return offered.servers.find((s) => s.name === server)?.tools.find((t) => t.name === tool)?.ref as string;
};

async function testRun(mcpTools: string[]) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/background-agents/test',
    headers: admin.headers,
    payload: {
      config: { name: 'CRM digest', systemPrompt: 'Look the contact up.', outputFormat: 'markdown', deliveryChannels: ['dashboard'], mcpTools },
    },
  });
  expect(response.statusCode).toBe(200);
  const result = response.json<BackgroundTestResult>();
  const run = (await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${result.agent_run_id}`, headers: admin.headers })).json<RunDetail>();
  return { result, run };
}

describe('MCP tools in background agents', () => {
  it('a run calls the MCP tools attached to the agent (Streamable HTTP and SSE), each call traced', async () => {
    for (const server of ['CRM', 'Legacy CRM']) {
      const { result, run } = await testRun([await refOf(server, 'find_contact')]);
      expect(result.status).toBe('succeeded');
      expect(result.output).toContain('From the CRM: {"result":"Ada Lovelace <ada@example.com>, Analytical Engines Ltd"}');
      const step = run.trace?.steps.at(-1);
      expect(step?.tools).toContain(`${server} » Find contact`);
      expect(step?.warnings).toEqual([]);
      expect(step?.tool_calls).toEqual([
        {
          tool: `${server} » Find contact`,
          input: { name: 'Ada' },
          output: { result: 'Ada Lovelace <ada@example.com>, Analytical Engines Ltd' },
          error: null,
          duration_ms: expect.any(Number),
        },
      ]);
    }
    expect(crm.calls.at(-1)).toEqual({ tool: 'find_contact', args: { name: 'Ada' } });
    expect(legacy.calls.at(-1)).toEqual({ tool: 'find_contact', args: { name: 'Ada' } });
  });

  it('an agent without MCP tools is offered none; a server that is down fails the tool, not the run', async () => {
    const none = await testRun([]);
    expect(none.result.output).toMatch(/^No MCP tool offered/);

    const ref = await refOf('Legacy CRM', 'find_contact');
    await legacy.close();
    const { result, run } = await testRun([ref]);
    expect(result.status).toBe('succeeded');
    expect(run.trace?.steps.at(-1)?.tool_calls[0].error).toMatch(/^Legacy CRM is not reachable: the server refused the connection/);
  });

  it('refuses a malformed MCP tool reference in words', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/background-agents/test',
      headers: admin.headers,
      payload: { config: { name: 'Bad', mcpTools: ['crm:find'] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/An MCP tool is written mcp:<server id>:<tool>/);
  });
});
