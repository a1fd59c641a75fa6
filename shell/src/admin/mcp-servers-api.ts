// What Admin → MCP servers calls: /api/v1/admin/mcp-servers, answers parsed with the contract's schemas.
import type { AxiosInstance } from 'axios';
import { jsonApi } from '@accent/shared/client';
import {
  mcpServerListSchema,
  mcpServerSchema,
  mcpTestResponseSchema,
  type McpConnectionRequest,
  type McpServerInfo,
  type McpToolInfo,
} from '@accent/shell-common';

export interface McpServersApi {
  list(): Promise<McpServerInfo[]>;
  test(body: McpConnectionRequest): Promise<McpToolInfo[]>;
  add(body: McpConnectionRequest): Promise<McpServerInfo>;
  refresh(id: string): Promise<McpServerInfo>;
  remove(id: string): Promise<void>;
}

const BASE = '/api/v1/admin/mcp-servers';

export function createMcpServersApi(http: AxiosInstance): McpServersApi {
  const json = jsonApi(http);
  return {
    list: async () => (await json.get(BASE, mcpServerListSchema)).servers,
    test: async (body) => (await json.post(`${BASE}/test`, body, mcpTestResponseSchema)).tools,
    add: async (body) => json.post(BASE, body, mcpServerSchema),
    refresh: async (id) => json.post(`${BASE}/${encodeURIComponent(id)}/refresh`, {}, mcpServerSchema),
    async remove(id) {
      await http.delete(`${BASE}/${encodeURIComponent(id)}`);
    },
  };
}
