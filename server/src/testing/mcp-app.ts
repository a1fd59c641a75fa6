// The setup the MCP tests share (the flow's MCP tool node, background runs, agent tools, the watcher): two real
// MCP servers (official SDK), one for Streamable HTTP and one for SSE, the model app, and optionally the two
// servers added through Admin → MCP servers with loopback allowed. Kept apart from mcp-server.ts, which runs
// outside jest too (it is built for the e2e suite) and so cannot import @jest/globals.
import { expect } from '@jest/globals';
import type { McpServerInfo } from '@accent/shell-common';
import { startAround, startModelApp, useStarted, type ModelApp, type ModelAppOptions } from './model-app.js';
import { startTestMcpServer, type TestMcpServer, type TestMcpServerOptions } from './mcp-server.js';

export interface McpApp extends ModelApp {
  /** the server reached over Streamable HTTP (`/mcp`) */
  http: TestMcpServer;
  /** the server reached over SSE (`/sse`) */
  sse: TestMcpServer;
  /** what Admin → MCP servers answered for each server `add` named, in its order */
  added: McpServerInfo[];
}

export type McpAppOptions = ModelAppOptions & {
  http?: TestMcpServerOptions;
  sse?: TestMcpServerOptions;
  /** servers to add as the admin once 127.0.0.1 is an allowed host; without it neither is done */
  add?: (servers: { http: TestMcpServer; sse: TestMcpServer }) => object[];
};

export async function startMcpApp(options: McpAppOptions = {}): Promise<McpApp> {
  const { http: httpOptions, sse: sseOptions, add, ...appOptions } = options;
  const http = await startTestMcpServer(httpOptions);
  const sse = await startTestMcpServer(sseOptions);
  const app = await startAround([http, sse], () => startModelApp(appOptions));
  const { ctx, admin } = app;
  const added: McpServerInfo[] = [];
  try {
    if (add) {
      const hosts = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/flow-hosts',
        headers: admin.headers,
        payload: { hosts: ['127.0.0.1'] },
      });
      expect(hosts.statusCode).toBe(200);
      for (const payload of add({ http, sse })) {
        const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/mcp-servers', headers: admin.headers, payload });
        expect(response.statusCode).toBe(201);
        added.push(response.json<McpServerInfo>());
      }
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  return { ...app, http, sse, added };
}

/** `useStarted` for the MCP app. */
export function useMcpApp(use: (started: McpApp) => void, options: McpAppOptions = {}): void {
  useStarted(() => startMcpApp(options), use);
}
