// What Admin → MCP servers calls: /api/v1/admin/mcp-servers, answers parsed with the contract's schemas.
import type { AxiosInstance } from 'axios';
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
  return {
    list: async () => mcpServerListSchema.parse((await http.get<unknown>(BASE)).data).servers,
    test: async (body) => mcpTestResponseSchema.parse((await http.post<unknown>(`${BASE}/test`, body)).data).tools,
    add: async (body) => mcpServerSchema.parse((await http.post<unknown>(BASE, body)).data),
    refresh: async (id) => mcpServerSchema.parse((await http.post<unknown>(`${BASE}/${encodeURIComponent(id)}/refresh`, {})).data),
    async remove(id) {
      await http.delete(`${BASE}/${encodeURIComponent(id)}`);
    },
  };
}
