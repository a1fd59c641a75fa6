// The studio's /mcp driven by the official MCP SDK client over Streamable HTTP against the real app on
// loopback: the agents a key's owner may run are its tools (parameters in the input schema), a call runs
// the agent like any run (recorded, history off), a call with a progress token streams the run, and a
// missing, revoked, out-of-scope key or a demoted owner is refused.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ApiKeyCreated } from '@accent/shell-common';
import { startModelServer, type ModelServer } from '../testing/model-server.js';
import { createTestContext, createUser, listenOnLoopback, login, loginAdmin, type SignedIn, type TestContext } from '../testing/test-app.js';

const MODEL_KEY = 'sk-test-mcp';

let ctx: TestContext;
let model: ModelServer;
let baseUrl: string;
let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  model = await startModelServer({ apiKey: MODEL_KEY });
  ctx = await createTestContext({ env: { OPENAI_API_KEY: MODEL_KEY, OPENAI_BASE_URL: model.url } });
  baseUrl = await listenOnLoopback(ctx.app);
  admin = await loginAdmin(ctx.app);
  await createUser(ctx.database, {
    environment: 'lo-n02',
    library: 'sales2',
    email: 'mcp-ops@accent.local',
    password: 'ops-password',
    role: 'admin',
  });
  ops = await login(ctx.app, { email: 'mcp-ops@accent.local', password: 'ops-password' });
  const save = async (agent: object) =>
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: admin.headers, payload: agent })).statusCode).toBe(200);
  await save({
    name: 'Deal Desk (EU)',
    description: 'Answers pricing questions',
    params: { region: 'EU', tone: 'formal' },
    steps: [{ name: 'Answer', query: 'Region {{region}}, tone {{tone}}: {{query}}' }],
  });
  await save({ name: 'Board Only', description: 'For administrators', steps: [{ name: 'Answer', query: '' }], settings: { access: ['admin_only'] } });
  await save({ name: 'Hidden From MCP', steps: [{ name: 'Answer', query: '' }], mcp: false });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await model?.close();
});

async function makeKey(who: SignedIn, scopes: string[]): Promise<ApiKeyCreated> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: who.headers,
    payload: { name: `mcp ${scopes.join(' ')}`, scopes },
  });
  expect(response.statusCode).toBe(201);
  return response.json<ApiKeyCreated>();
}

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'accent-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('/mcp', () => {
  it("lists the agents the key's owner may run, with the question and the agent's parameters", async () => {
    const key = await makeKey(ops, ['agents:invoke']);
    const client = await connect(key.key);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['deal_desk_eu', 'board_only']));
      expect(names).not.toContain('hidden_from_mcp');
      const deal = tools.find((t) => t.name === 'deal_desk_eu');
      expect(deal).toMatchObject({ title: 'Deal Desk (EU)', description: 'Answers pricing questions' });
      expect(deal?.inputSchema).toMatchObject({
        type: 'object',
        required: ['question'],
        properties: { question: { type: 'string' }, region: { type: 'string' }, tone: { type: 'string' } },
      });
    } finally {
      await client.close();
    }
  });

  it('lets administrators alone choose which agents MCP clients see', async () => {
    await createUser(ctx.database, {
      environment: 'lo-n02',
      library: 'sales2',
      email: 'mcp-builder@accent.local',
      password: 'builder-password',
      role: 'builder',
    });
    const builder = await login(ctx.app, { email: 'mcp-builder@accent.local', password: 'builder-password' });
    const save = (who: SignedIn, mcp: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/agent/save',
        headers: who.headers,
        payload: { name: 'Hidden From MCP', steps: [{ name: 'Answer', query: '' }], mcp },
      });
    const listed = async () => {
      const client = await connect((await makeKey(ops, ['agents:invoke'])).key);
      try {
        return (await client.listTools()).tools.map((t) => t.name);
      } finally {
        await client.close();
      }
    };
    expect((await save(builder, true)).statusCode).toBe(200);
    expect(await listed()).not.toContain('hidden_from_mcp');
    expect((await save(admin, true)).statusCode).toBe(200);
    expect(await listed()).toContain('hidden_from_mcp');
    expect((await save(admin, false)).statusCode).toBe(200);
    expect(await listed()).not.toContain('hidden_from_mcp');
  });

  it('runs the agent on a call, recorded like any run with history off; a call with a progress token streams the run', async () => {
    const key = await makeKey(ops, ['agents:invoke']);
    const client = await connect(key.key);
    try {
      model.reset();
      const result = await client.callTool({ name: 'deal_desk_eu', arguments: { question: 'What does Pro cost?', tone: 'casual' } });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe('Region EU, tone casual: What does Pro cost?');
      const runId = (result._meta as Record<string, string>)['accent/run_id'];
      const run = await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: ops.headers });
      expect(run.json()).toMatchObject({
        agent_name: 'Deal Desk (EU)',
        status: 'succeeded',
        source: 'api',
        input: { query: 'What does Pro cost?', params: { tone: 'casual' } },
      });

      const progress: { progress: number; message?: string }[] = [];
      const streamed = await client.callTool({ name: 'deal_desk_eu', arguments: { question: 'And Enterprise?' } }, undefined, {
        onprogress: (p) => progress.push(p),
      });
      expect(textOf(streamed)).toBe('Region EU, tone formal: And Enterprise?');
      expect(progress[0]).toMatchObject({ progress: 1, message: 'Step 1: Answer' });
      expect(
        progress
          .slice(1)
          .map((p) => p.message)
          .join(''),
      ).toBe('Region EU, tone formal: And Enterprise?');
      expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    } finally {
      await client.close();
    }
  });

  it('answers 401 with WWW-Authenticate without a key or with a bad or revoked one, 403 for a key without agents:invoke', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await post({ authorization: 'Bearer acs_unknown' })).status).toBe(401);
    await expect(connect('acs_unknown')).rejects.toThrow();

    const key = await makeKey(ops, ['agents:invoke']);
    const client = await connect(key.key);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${key.id}`, headers: ops.headers })).statusCode).toBe(204);
    await expect(client.listTools()).rejects.toThrow(/This API key is not valid/);
    const revoked = await post({ authorization: `Bearer ${key.key}` });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer /);
    await client.close();

    const readOnly = await makeKey(ops, ['agents:read']);
    const refused = await post({ authorization: `Bearer ${readOnly.key}` });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'This API key does not have the agents:invoke scope.' });
  });

  it("follows the owner's current role: demoted, the administrators' agents leave the list and cannot be called", async () => {
    const key = await makeKey(ops, ['agents:invoke']);
    const client = await connect(key.key);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('board_only');
      await ctx.database.db.updateTable('users').set({ role: 'member' }).where('email', '=', 'mcp-ops@accent.local').execute();
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('board_only');
      const call = await client.callTool({ name: 'board_only', arguments: { question: 'Hi' } });
      expect(call.isError).toBe(true);
      expect(textOf(call)).toMatch(/board_only/);
    } finally {
      await client.close();
      await ctx.database.db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'mcp-ops@accent.local').execute();
    }
  });
});
