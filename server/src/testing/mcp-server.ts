// A real MCP server for tests (official SDK), on loopback: Streamable HTTP at /mcp (stateless) and the
// older SSE transport at /sse + /messages, optionally behind a bearer token. Its tools: find_contact
// (a CRM lookup), big_report (a result far past the studio's cap), always_fails (a tool error) and
// hangs (never answers). `/garbage` answers anything with text that is not MCP. Built to
// dist/testing/mcp-server.js for the e2e suite.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface TestMcpServer {
  url: string;
  /** the tool calls received, in order */
  calls: { tool: string; args: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface TestMcpServerOptions {
  host?: string;
  port?: number;
  /** requests must carry `Authorization: Bearer <token>` */
  token?: string;
  /** a name for the server's info */
  name?: string;
}

export const CONTACTS: Record<string, string> = {
  ada: 'Ada Lovelace <ada@example.com>, Analytical Engines Ltd',
  grace: 'Grace Hopper <grace@example.com>, COBOL Inc',
};

function toolServer(calls: TestMcpServer['calls'], name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
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

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health') return res.writeHead(200).end('ok');
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`)
      return res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    if (path === '/garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"this is": "not MCP"');
    if (path === '/mcp' && req.method === 'POST') {
      const server = toolServer(calls, name);
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
      sse.set(transport.sessionId, transport);
      res.on('close', () => sse.delete(transport.sessionId));
      return toolServer(calls, name).connect(transport);
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of sse.values()) void t.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
