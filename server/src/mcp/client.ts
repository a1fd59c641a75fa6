// Reaching an MCP server as a client (official SDK): Streamable HTTP or SSE, its auth header, every
// request through the SSRF guard (the server's address checked against private ranges and the allowed
// hosts before each request, redirects refused), a time limit per call, and results capped.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpAuth, McpToolInfo, McpTransport } from '@accent/shell-common';
import { checkUrl, type SsrfPolicy } from '../net/ssrf.js';

export interface McpConnection {
  name: string;
  url: string;
  transport: McpTransport;
  auth: McpAuth;
  headerName: string;
  secret: string;
}

export const MCP_LIMITS = {
  /** connecting and listing tools */
  connectMs: 15_000,
  /** one tool call */
  callMs: 60_000,
  /** characters of a tool's result handed to the model */
  resultChars: 20_000,
  /** tools kept from one server */
  tools: 200,
} as const;

/** A failure to show as it is (the server's name is added by the caller). */
export class McpProblem extends Error {}

function headersOf(connection: McpConnection): Record<string, string> {
  if (connection.auth === 'bearer') return { authorization: `Bearer ${connection.secret}` };
  if (connection.auth === 'header') return { [connection.headerName]: connection.secret };
  return {};
}

/** fetch, with each request's address checked first and redirects refused (a redirect could lead anywhere). */
const guardedFetch =
  (policy: SsrfPolicy): typeof fetch =>
  async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    await checkUrl(url, policy);
    try {
      return await fetch(input, { ...init, redirect: 'error' });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      // the SDK keeps only the message of what fetch throws: make it the words
      throw new Error(networkWords(error));
    }
  };

function networkWords(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') return 'the server refused the connection (is it running?)';
  if (cause?.code === 'ENOTFOUND') return 'the server name could not be found';
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET') return 'the server closed the connection';
  return cause?.message ?? (error as Error).message;
}

/** Words for what went wrong: the SDK's and fetch's errors, without stack or JSON noise. */
export function describeMcpError(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error))
    .replace(/^(SSE error|Streamable HTTP error)[^:]*: (Error POSTing to endpoint: )?/, '')
    .replace(/^(Type)?Error: /, '');
  if (/Request timed out|RequestTimeout/i.test(message)) return 'it did not answer in time';
  if (/\b401\b|Unauthorized/i.test(message)) return 'it refused the credentials (HTTP 401)';
  if (/\b403\b/.test(message)) return 'it refused access (HTTP 403)';
  if (/\b404\b/.test(message)) return 'nothing answers MCP at this address (HTTP 404)';
  return message.replace(/^MCP error -?\d+: /, '');
}

/** Connects (and initialises) a client; close it when done. */
export async function connectMcp(connection: McpConnection, policy: SsrfPolicy, signal?: AbortSignal): Promise<Client> {
  const url = new URL(connection.url);
  const options = { requestInit: { headers: headersOf(connection) }, fetch: guardedFetch(policy) };
  const transport = connection.transport === 'sse' ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
  const client = new Client({ name: 'accent-studio', version: '1' });
  try {
    await client.connect(transport, { timeout: MCP_LIMITS.connectMs, signal });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new McpProblem(describeMcpError(error), { cause: error });
  }
  return client;
}

/** The server's tools; a server listing one name twice is refused (the calls would be ambiguous). */
export async function listMcpTools(connection: McpConnection, policy: SsrfPolicy): Promise<McpToolInfo[]> {
  const client = await connectMcp(connection, policy);
  try {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: MCP_LIMITS.connectMs });
      for (const t of page.tools)
        tools.push({
          name: t.name,
          ...(t.title ? { title: t.title } : {}),
          description: t.description ?? '',
          input_schema: t.inputSchema as Record<string, unknown>,
        });
      cursor = page.nextCursor;
    } while (cursor && tools.length < MCP_LIMITS.tools);
    const seen = new Set<string>();
    for (const t of tools) {
      if (seen.has(t.name)) throw new McpProblem(`it lists the tool "${t.name}" twice`);
      seen.add(t.name);
    }
    return tools.slice(0, MCP_LIMITS.tools);
  } catch (error) {
    throw error instanceof McpProblem ? error : new McpProblem(describeMcpError(error), { cause: error });
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** A tool's result as the model gets it: text parts joined, structured content as JSON, capped (and said so). */
export function resultText(result: { content?: unknown; structuredContent?: unknown }): string {
  const parts = Array.isArray(result.content) ? (result.content as { type?: string; text?: string }[]) : [];
  let text = parts.map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : p.type ? `[${p.type} content]` : '')).join('\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (text.length > MCP_LIMITS.resultChars)
    text = `${text.slice(0, MCP_LIMITS.resultChars)}\n[The result was cut at ${MCP_LIMITS.resultChars} characters of ${text.length}.]`;
  return text;
}

/** The tool's result as the server sent it, unless it is too large to keep (then its capped text, said so). */
export function keptResult(result: Record<string, unknown>, text: string): Record<string, unknown> {
  const size = JSON.stringify(result).length;
  if (size <= MCP_LIMITS.resultChars) return result;
  return { content: [{ type: 'text', text }], truncated: true, original_size: size };
}

export type McpCallOutcome = { output: string; result: Record<string, unknown> } | { error: string; result?: Record<string, unknown> };

/** Calls one tool within the time limit; a tool's own error comes back as {error}. */
export async function callMcpTool(
  connection: McpConnection,
  policy: SsrfPolicy,
  tool: string,
  args: unknown,
  signal: AbortSignal,
  timeoutMs: number = MCP_LIMITS.callMs,
): Promise<McpCallOutcome> {
  let client: Client;
  try {
    client = await connectMcp(connection, policy, signal);
  } catch (error) {
    return { error: `${connection.name} is not reachable: ${(error as Error).message}` };
  }
  try {
    const result = (await client.callTool({ name: tool, arguments: (args ?? {}) as Record<string, unknown> }, undefined, {
      timeout: timeoutMs,
      signal,
    })) as Record<string, unknown>;
    const text = resultText(result as { content?: unknown; structuredContent?: unknown });
    const kept = keptResult(result, text);
    return result.isError ? { error: `${connection.name} » ${tool} failed: ${text || 'no reason given'}`, result: kept } : { output: text, result: kept };
  } catch (error) {
    if (signal.aborted) throw error;
    return { error: `${connection.name} » ${tool} failed: ${describeMcpError(error)}` };
  } finally {
    await client.close().catch(() => undefined);
  }
}
