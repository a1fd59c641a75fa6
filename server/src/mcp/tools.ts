// A step's MCP tools for the runtime: each `mcp:<server>:<tool>` the step lists, found among the
// library's servers and the tools they listed, becomes an external tool whose call reaches the server
// (through the SSRF guard, within the time limit). A server that is down or a tool that fails answers the
// model {error} in words and the trace shows it; the run goes on.
import { mcpToolLabel, parseMcpToolRef } from '@accent/shell-common';
import { jsonSchema } from 'ai';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { ExternalTool } from '../tools/index.js';
import { callMcpTool, MCP_LIMITS } from './client.js';
import { loadMcpServers, mcpPolicy, relistMcpTools, serverSlug } from './servers.js';

export interface McpRuntimeOptions {
  masterKey: Buffer;
  /** FLOW_ALLOW_HOSTS */
  environmentHosts: readonly string[];
  /** one call's time limit (default MCP_LIMITS.callMs) */
  callTimeoutMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `crm` + `Find Contact!` → `mcp_crm_Find_Contact_` (what providers accept, at most 64). */
const modelToolId = (slug: string, tool: string) => `mcp_${slug}_${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`.slice(0, 64);

export async function mcpToolsFor(
  db: Kysely<DB>,
  options: McpRuntimeOptions,
  libraryId: string,
  names: readonly string[],
): Promise<Map<string, ExternalTool>> {
  const refs = names.map((name) => ({ name, ref: parseMcpToolRef(name) })).filter((r) => r.ref && UUID.test(r.ref.serverId));
  const tools = new Map<string, ExternalTool>();
  if (refs.length === 0) return tools;
  const servers = await loadMcpServers(db, options.masterKey, libraryId, [...new Set(refs.map((r) => r.ref?.serverId as string))]);
  const policy = await mcpPolicy(db, libraryId, options.environmentHosts);
  // a tool the stored list does not know: the server may have added it since, so list its tools again
  for (const server of servers)
    if (refs.some((r) => r.ref?.serverId === server.id && !server.tools.some((t) => t.name === r.ref?.tool)))
      server.tools = await relistMcpTools(db, server, policy).catch(() => server.tools);
  for (const { name, ref } of refs) {
    const server = servers.find((s) => s.id === ref?.serverId);
    const info = server?.tools.find((t) => t.name === ref?.tool);
    if (!server || !info) continue;
    const label = mcpToolLabel(server.name, info.title ?? info.name);
    tools.set(name, {
      ref: name,
      label,
      id: modelToolId(serverSlug(server.name), info.name),
      description: info.description || label,
      inputSchema: jsonSchema({ type: 'object', properties: {}, ...info.input_schema }),
      execute: async (input, signal) => {
        const result = await callMcpTool(server, policy, info.name, input, signal, options.callTimeoutMs ?? MCP_LIMITS.callMs);
        return 'output' in result ? { result: result.output } : { error: result.error };
      },
    });
  }
  return tools;
}
