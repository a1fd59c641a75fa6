// The tool lists follow the servers: real MCP servers (official SDK) add a tool while the studio's
// watcher is connected (a Streamable HTTP session's GET stream, an SSE stream); the server sends
// notifications/tools/list_changed and Admin → MCP servers and the editor's tool list show the new
// tool without a manual Refresh. A server that went away is reconnected to when it is back.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { McpServerInfo, McpToolGroups } from '@accent/shell-common';
import { waitFor } from '../testing/missions.js';
import type { TestMcpServer } from '../testing/mcp-server.js';
import { startMcpApp, type McpApp } from '../testing/mcp-app.js';
import type { SignedIn, TestContext } from '../testing/test-app.js';
import { createMcpWatcher, type McpWatcher } from './watcher.js';

const MASTER_KEY = randomBytes(32);
jest.setTimeout(30_000);

let app: McpApp;
let ctx: TestContext;
let admin: SignedIn;
let http: TestMcpServer;
let sse: TestMcpServer;
let watcher: McpWatcher;
let added: Date;
const warnings: string[] = [];

beforeAll(async () => {
  app = await startMcpApp({
    env: { ACCENT_MASTER_KEY: MASTER_KEY.toString('base64') },
    http: { sessions: true, name: 'live-http' },
    sse: { name: 'live-sse' },
    add: (servers) => [
      { name: 'Live HTTP', url: `${servers.http.url}/mcp`, transport: 'streamable_http', auth: 'none' },
      { name: 'Live SSE', url: `${servers.sse.url}/sse`, transport: 'sse', auth: 'none' },
    ],
  });
  ({ ctx, admin, http, sse } = app);
  added = new Date(Math.max(...(await servers()).map((s) => Date.parse(s.tools_checked_at ?? ''))));
  // no periodic re-list during the test: only a notification can bring the new tools
  watcher = createMcpWatcher({
    db: ctx.database.db,
    masterKey: MASTER_KEY,
    environmentHosts: [],
    log: { warn: (m) => warnings.push(m) },
    relistMs: 3_600_000,
    backoffMs: 100,
  });
  watcher.start();
}, 60_000);

afterAll(async () => {
  await watcher?.stop();
  await app?.close();
});

const servers = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/mcp-servers', headers: admin.headers })).json<{ servers: McpServerInfo[] }>().servers;
const storedTools = async (server: string) => (await servers()).find((s) => s.name === server)?.tools.map((t) => t.name) ?? [];
/** the watcher connected and listed the tools once (what changed while nobody listened) */
const listedOnConnect = async (server: string) =>
  Date.parse((await servers()).find((s) => s.name === server)?.tools_checked_at ?? '') > added.getTime();

describe('tools/list_changed', () => {
  it('a Streamable HTTP server adds a tool: the studio stores and offers it without a Refresh', async () => {
    await waitFor(async () => http.sessions() > 0 && (await listedOnConnect('Live HTTP')), 'the watcher to hold a session');
    expect(await storedTools('Live HTTP')).not.toContain('quote_price');
    http.addTool('quote_price', 'A quote: 42 EUR');
    await waitFor(async () => (await storedTools('Live HTTP')).includes('quote_price'), 'the new tool to be stored', 10_000);
    const offered = (await ctx.app.inject({ method: 'GET', url: '/api/v1/mcp-tools', headers: admin.headers })).json<McpToolGroups>();
    expect(offered.servers.find((s) => s.name === 'Live HTTP')?.tools.map((t) => t.label)).toContain('Live HTTP » quote_price');
  });

  it('an SSE server adds a tool: the studio stores it', async () => {
    await waitFor(async () => sse.sessions() > 0 && (await listedOnConnect('Live SSE')), 'the watcher to hold an SSE stream');
    sse.addTool('open_ticket', 'Ticket 7 opened');
    await waitFor(async () => (await storedTools('Live SSE')).includes('open_ticket'), 'the new SSE tool to be stored', 10_000);
  });

  it('a server removed in Admin → MCP servers is let go', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/mcp-servers', headers: admin.headers })).json<{
      servers: McpServerInfo[];
    }>();
    const id = list.servers.find((s) => s.name === 'Live SSE')?.id;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/mcp-servers/${id}`, headers: admin.headers })).statusCode).toBe(204);
    await watcher.sync();
    await waitFor(async () => sse.sessions() === 0, 'the SSE stream to be closed');
  });
});
