// A CRM as an MCP server for the e2e specs (official SDK; Streamable HTTP, stateless, behind a bearer
// token) with one tool, find_contact, on one of the calling spec's own ports.
import { createServer, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { expect, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { authHeaders } from './runtime.js';

export const CRM_TOKEN = 'e2e-crm-token-0001';
export type Crm = Awaited<ReturnType<typeof startCrm>>;

/** Started on `port`, one of the spec's own ports, clear of the suite's servers (ACCENT_E2E_PORT .. + 7). */
export function startCrm(port: number): Promise<{ url: string; calls: { tool: string; args: unknown }[]; close(): Promise<void> }> {
  const calls: { tool: string; args: unknown }[] = [];
  const http: Server = createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${CRM_TOKEN}`) return void res.writeHead(401).end();
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const mcp = new McpServer({ name: 'e2e-crm', version: '1.0.0' });
    mcp.registerTool(
      'find_contact',
      { title: 'Find contact', description: 'Finds a contact in the CRM by name', inputSchema: { name: z.string() } },
      async ({ name }) => {
        calls.push({ tool: 'find_contact', args: { name } });
        return {
          content: [
            { type: 'text', text: /ada/i.test(name) ? 'Ada Lovelace <ada@example.com>, Analytical Engines Ltd' : `No contact matches "${name}".` },
          ],
        };
      },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void mcp.close());
    await mcp.connect(transport);
    await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8')));
  });
  return new Promise((resolve) =>
    http.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        calls,
        close: () =>
          new Promise<void>((done) => {
            http.closeAllConnections();
            http.close(() => done());
          }),
      }),
    ),
  );
}

/** Lets the library reach loopback (Admin → Settings → allowed hosts), where the CRM listens. */
export async function allowLoopback(request: APIRequestContext): Promise<void> {
  const headers = await authHeaders(request, 'admin');
  const { hosts } = (await (await request.get('/api/v1/admin/flow-hosts', { headers })).json()) as { hosts: string[] };
  const allowed = await request.put('/api/v1/admin/flow-hosts', { headers, data: { hosts: [...new Set([...hosts, '127.0.0.1'])] } });
  expect(allowed.status(), await allowed.text()).toBe(200);
}
