// MCP tool (action mcp_tool): calls one tool of one of the library's MCP servers (Admin → MCP servers)
// with the node's arguments, each value templated (a value that is exactly one placeholder keeps its
// type; text typed into a number or boolean argument becomes one). Through the SSRF guard, within the
// node's time limit. Output {text, result, server, tool}: `{{last}}` is the text, `result` what the
// server sent (capped, and said so, when too large). A server that is down, a tool error or a timeout
// fails the node in words. A tool the stored list does not know makes the studio list the tools again.
import type { McpToolInfo } from '@accent/shell-common';
import { callMcpTool } from '../../mcp/client.js';
import { loadMcpServers, relistMcpTools } from '../../mcp/servers.js';
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { renderDeep } from '../templating.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Typed-in text made the type the tool's input schema asks for; empty optional arguments left out. */
export function coerceArguments(values: Record<string, unknown>, schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown }>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const type = properties[name]?.type;
    if (value === '' && !required.has(name)) continue;
    if (typeof value !== 'string') out[name] = value;
    else if ((type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value))) out[name] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) out[name] = value === 'true';
    else if ((type === 'object' || type === 'array') && /^\s*[[{]/.test(value)) {
      try {
        out[name] = JSON.parse(value);
      } catch {
        out[name] = value;
      }
    } else out[name] = value;
  }
  return out;
}

export const runMcpTool: NodeExecutor<NodeOf<'action'>> = async ({ node, scope, services, signal }) => {
  const { data } = node;
  const { db, libraryId, mcp } = services;
  if (!db || !libraryId || !mcp) throw new NodeError(FLOW_RUN_MESSAGES.noMcpHere);
  if (!data.mcpServerId || !data.mcpTool) throw new NodeError(FLOW_RUN_MESSAGES.noMcpTool);
  const [server] = UUID.test(data.mcpServerId) ? await loadMcpServers(db, mcp.masterKey, libraryId, [data.mcpServerId]) : [];
  if (!server) throw new NodeError(FLOW_RUN_MESSAGES.mcpServerGone);
  const policy = { ...services.ssrf, blockedHint: 'An administrator can allow this host in Admin → Settings (allowed hosts).' };
  let info: McpToolInfo | undefined = server.tools.find((t) => t.name === data.mcpTool);
  if (!info) {
    // the server may have added it since its tools were last listed
    const tools = await relistMcpTools(db, server, policy).catch(() => null);
    info = tools?.find((t) => t.name === data.mcpTool);
  }
  if (!info) throw new NodeError(FLOW_RUN_MESSAGES.mcpToolGone(server.name, data.mcpTool));
  const rendered = renderDeep(data.arguments ?? {}, scope) as Record<string, unknown>;
  const args = coerceArguments(rendered, info.input_schema);
  const timeoutMs = data.timeoutSeconds ? data.timeoutSeconds * 1000 : mcp.callTimeoutMs;
  const outcome = await callMcpTool(server, policy, info.name, args, signal, timeoutMs);
  const called = { server: server.name, tool: info.name, arguments: args };
  if ('error' in outcome) throw new NodeError(outcome.error, outcome.result ? { ...called, result: outcome.result } : called);
  return { output: { text: outcome.output, result: outcome.result, ...called } };
};
