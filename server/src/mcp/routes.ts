// /mcp: the studio as an MCP server (Streamable HTTP, stateless: each POST gets its own server and
// transport, so any server process answers any request). The caller is an API key with agents:invoke
// (or a sign-in's token); tools are the agents they may run now (agents-as-tools.ts), and a call runs the
// agent like any other run: recorded with its trace, under the agent's rate limit, counted in analytics,
// history off. A client that sends a progressToken gets the run's steps, tool calls and text as progress
// notifications while it runs.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RunEvent } from '@accent/agents-common';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { NOT_SIGNED_IN, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { runnerOfCaller, type UserRunner } from '../runtime/access.js';
import type { Runtime } from '../runtime/run-agent.js';
import { agentTools, QUESTION_FIELD, inputShapeOf, type AgentTool } from './agents-as-tools.js';

export const MCP_PATH = '/mcp';

export interface McpRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  runtime: Runtime;
  version: string;
}

/** What a progress notification says for a run event (null: nothing worth a notification). */
function progressMessage(event: RunEvent): string | null {
  switch (event.type) {
    case 'step':
      return `Step ${event.index + 1}: ${event.name}`;
    case 'tool':
      return `Tool ${event.name} ${event.status}`;
    case 'delta':
      return event.text;
    default:
      return null;
  }
}

function serverFor(runtime: Runtime, runner: UserRunner, tools: AgentTool[], version: string): McpServer {
  const server = new McpServer({ name: 'accent-studio', title: 'Accent Studio', version }, { capabilities: { tools: {} } });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { title: tool.agentName, description: tool.description, inputSchema: inputShapeOf(tool) },
      async (args, extra): Promise<CallToolResult> => {
        const { [QUESTION_FIELD]: question, ...rest } = args as Record<string, string | undefined>;
        const params = Object.fromEntries(Object.entries(rest).filter((e): e is [string, string] => typeof e[1] === 'string'));
        const progressToken = extra._meta?.progressToken;
        let progress = 0;
        const onEvent =
          progressToken === undefined
            ? undefined
            : (event: RunEvent) => {
                const message = progressMessage(event);
                if (message === null) return;
                extra
                  .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: ++progress, message } })
                  .catch(() => undefined);
              };
        try {
          const result = await runtime.runAgent({
            libraryId: runner.libraryId,
            user: runner,
            agentName: tool.agentName,
            query: question ?? '',
            params,
            threadId: '',
            useHistory: false,
            saveHistory: false,
            maxHistoryItems: 0,
            source: 'api',
            signal: extra.signal,
            onEvent,
            stream: onEvent !== undefined,
          });
          return { content: [{ type: 'text', text: result.output }], _meta: { 'accent/run_id': result.runId } };
        } catch (error) {
          // a refusal or failure the caller can act on, in words; anything else is the server's problem
          if (error instanceof HttpError) return { isError: true, content: [{ type: 'text', text: error.detail }] };
          throw error;
        }
      },
    );
  }
  return server;
}

export const mcpRoutes: FastifyPluginAsync<McpRoutesOptions> = async (app, { db, authenticate, runtime, version }) => {
  /** The guard, with the challenge MCP clients look for on a 401. */
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await authenticate(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401)
        reply.header('www-authenticate', 'Bearer realm="accent-studio", error="invalid_token"');
      throw error;
    }
  };

  app.post(MCP_PATH, { onRequest: guard, schema: { hide: true } }, async (request, reply) => {
    const runner = await runnerOfCaller(db, request.user);
    if (!runner) throw new HttpError(401, NOT_SIGNED_IN);
    const server = serverFor(runtime, runner, await agentTools(db, runner), version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // stateless: no stream to resume and no session to end
  const notHere = async (request: FastifyRequest, reply: FastifyReply) => {
    await guard(request, reply);
    return reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, send POST.' }, id: null });
  };
  app.get(MCP_PATH, { schema: { hide: true } }, notHere);
  app.delete(MCP_PATH, { schema: { hide: true } }, notHere);
};
