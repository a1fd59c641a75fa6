// A real MCP server for tests (official SDK), on loopback: Streamable HTTP at /mcp (stateless) and the
// older SSE transport at /sse + /messages, optionally behind a bearer token. Its tools: find_contact
// (a CRM lookup), big_report (a result far past the studio's cap), always_fails (a tool error) and
// hangs (never answers). `/garbage` answers anything with text that is not MCP. `addTool` adds a tool
// while clients are connected: each connected session (SSE, or Streamable HTTP with `sessions`) is
// sent notifications/tools/list_changed. Built to dist/testing/mcp-server.js for the e2e suite.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface TestMcpServer {
  url: string;
  /** the tool calls received, in order */
  calls: { tool: string; args: Record<string, unknown> }[];
  /** adds a tool answering `answer`; connected sessions are told the tool list changed */
  addTool(name: string, answer: string): void;
  /** sessions open now (SSE streams and Streamable HTTP sessions) */
  sessions(): number;
  close(): Promise<void>;
}

export interface TestMcpServerOptions {
  host?: string;
  port?: number;
  /** requests must carry `Authorization: Bearer <token>` */
  token?: string;
  /** a name for the server's info */
  name?: string;
  /** Streamable HTTP keeps sessions (a client may hold a GET stream for notifications); default stateless */
  sessions?: boolean;
}

type ExtraTool = { name: string; answer: string };

export const CONTACTS: Record<string, string> = {
  ada: 'Ada Lovelace <ada@example.com>, Analytical Engines Ltd',
  grace: 'Grace Hopper <grace@example.com>, COBOL Inc',
};

function registerExtra(server: McpServer, calls: TestMcpServer['calls'], tool: ExtraTool) {
  server.registerTool(tool.name, { description: `Answers "${tool.answer}"`, inputSchema: {} }, async () => {
    calls.push({ tool: tool.name, args: {} });
    return { content: [{ type: 'text', text: tool.answer }] };
  });
}

function toolServer(calls: TestMcpServer['calls'], name: string, extra: readonly ExtraTool[] = []): McpServer {
  const server = new McpServer({ name, version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  const note = (tool: string, args: Record<string, unknown>) => calls.push({ tool, args });
  server.registerTool(
    'find_contact',
    {
      title: 'Find contact',
      description: 'Finds a contact in the CRM by name',
      inputSchema: { name: z.string().describe('Part of the contact name') },
    },
    async ({ name: who }) => {
      note('find_contact', { name: who });
      const key = Object.keys(CONTACTS).find((k) => who.toLowerCase().includes(k));
      return { content: [{ type: 'text', text: key ? CONTACTS[key] : `No contact matches "${who}".` }] };
    },
  );
  server.registerTool('big_report', { description: 'A very long report', inputSchema: {} }, async () => {
    note('big_report', {});
    return { content: [{ type: 'text', text: 'x'.repeat(50_000) }] };
  });
  server.registerTool('always_fails', { description: 'Fails', inputSchema: {} }, async () => {
    note('always_fails', {});
    return { isError: true, content: [{ type: 'text', text: 'The CRM is in maintenance.' }] };
  });
  server.registerTool('hangs', { description: 'Never answers', inputSchema: {} }, async (_args, extra) => {
    note('hangs', {});
    await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve()));
    return { content: [] };
  });
  for (const tool of extra) registerExtra(server, calls, tool);
  return server;
}

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
  });

export async function startTestMcpServer(options: TestMcpServerOptions = {}): Promise<TestMcpServer> {
  const calls: TestMcpServer['calls'] = [];
  const name = options.name ?? 'test-crm';
  const sse = new Map<string, SSEServerTransport>();
  const extra: ExtraTool[] = [];
  /** the servers of open sessions (SSE and Streamable HTTP sessions), told when a tool is added */
  const live = new Set<McpServer>();
  const streams = new Map<string, StreamableHTTPServerTransport>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health') return res.writeHead(200).end('ok');
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`)
      return res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    if (path === '/garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"this is": "not MCP"');
    if (path === '/mcp' && options.sessions) {
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? streams.get(id) : undefined;
      if (known) return known.handleRequest(req, res, req.method === 'POST' ? await readBody(req) : undefined);
      if (req.method !== 'POST') return res.writeHead(404).end('unknown session');
      const server = toolServer(calls, name, extra);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          streams.set(sessionId, transport);
          live.add(server);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) streams.delete(transport.sessionId);
        live.delete(server);
      };
      await server.connect(transport);
      return transport.handleRequest(req, res, await readBody(req));
    }
    if (path === '/mcp' && req.method === 'POST') {
      const server = toolServer(calls, name, extra);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      return transport.handleRequest(req, res, await readBody(req));
    }
    if (path === '/mcp') return res.writeHead(405, { allow: 'POST' }).end();
    if (path === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      const server = toolServer(calls, name, extra);
      sse.set(transport.sessionId, transport);
      live.add(server);
      res.on('close', () => {
        sse.delete(transport.sessionId);
        live.delete(server);
      });
      return server.connect(transport);
    }
    if (path === '/messages' && req.method === 'POST') {
      const id = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
      const transport = sse.get(id);
      if (!transport) return res.writeHead(404).end('unknown session');
      return transport.handlePostMessage(req, res, await readBody(req));
    }
    res.writeHead(404).end('not found');
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    calls,
    addTool(toolName, answer) {
      const tool = { name: toolName, answer };
      extra.push(tool);
      // registering on a connected server sends notifications/tools/list_changed
      for (const server of live) registerExtra(server, calls, tool);
    },
    sessions: () => live.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of sse.values()) void t.close();
        for (const t of streams.values()) void t.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
