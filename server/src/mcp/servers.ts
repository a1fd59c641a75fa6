// Admin → MCP servers (migration 036): the library's MCP servers, their sealed secrets and the tools
// each listed at its last check; the tools an agent step may attach (GET /api/v1/mcp-tools); and the
// connections the runtime opens for a step's MCP tools. Adding a server connects to it first: one that
// cannot be reached, or lists a tool twice, is refused and nothing is stored.
import {
  ADMIN_MESSAGES,
  MCP_TEXTS,
  mcpConnectionSchema,
  mcpServerIdParamsSchema,
  mcpServerListSchema,
  mcpServerSchema,
  mcpTestResponseSchema,
  mcpToolGroupsSchema,
  mcpToolLabel,
  mcpToolRef,
  type McpAuth,
  type McpServerInfo,
  type McpToolInfo,
  type McpTransport,
} from '@accent/shell-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type ColumnType, type Kysely } from 'kysely';
import { z } from 'zod';
import { byCaller, record } from '../audit/audit.js';
import { requireRole, type Guard } from '../auth/guard.js';
import { open, seal } from '../credentials/crypto.js';
import type { DB } from '../db/schema.js';
import { toIso, toJson } from '../db/values.js';
import { storedFlowHosts } from '../flows/allowed-hosts.js';
import { apiErrorSchema } from '../http/api-error.js';
import { HttpError } from '../http/errors.js';
import type { SsrfPolicy } from '../net/ssrf.js';
import { listMcpTools, McpProblem, type McpConnection } from './client.js';

interface SealedJson {
  ciphertext: string;
  iv: string;
  auth_tag: string;
}

interface McpServersTable {
  id: ColumnType<string, string | undefined, never>;
  library_id: ColumnType<string, string, never>;
  name: ColumnType<string, string, never>;
  slug: ColumnType<string, string, never>;
  url: ColumnType<string, string, never>;
  transport: ColumnType<McpTransport, McpTransport, never>;
  auth: ColumnType<McpAuth, McpAuth, never>;
  header_name: ColumnType<string, string, never>;
  secret: ColumnType<SealedJson | null, string | null, never>;
  tools: ColumnType<McpToolInfo[], string, string>;
  tools_checked_at: ColumnType<Date | null, Date | string | null, Date | string>;
  created_by: ColumnType<string | null, string | null, never>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}
const withMcpServers = (db: Kysely<DB>) => db.withTables<{ mcp_servers: McpServersTable }>();

/** `CRM (EU)` → `crm_eu`: the part of its tools' ids that tells servers apart. */
export const serverSlug = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30) || 'server';

const associatedData = (libraryId: string, slug: string) => `${libraryId}/mcp/${slug}`;
const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Where a library's MCP servers may be: public addresses, and private ones its allowed hosts name. */
export async function mcpPolicy(db: Kysely<DB>, libraryId: string, environmentHosts: readonly string[]): Promise<SsrfPolicy> {
  return {
    allowHosts: [...environmentHosts, ...(await storedFlowHosts(db, libraryId))],
    blockedHint: 'An administrator can allow this host in Admin → Settings (allowed hosts).',
  };
}

export interface StoredMcpServer extends McpConnection {
  id: string;
  tools: McpToolInfo[];
}

/** The library's servers with their secrets opened (the runtime's connections). */
export async function loadMcpServers(db: Kysely<DB>, masterKey: Buffer, libraryId: string, ids?: readonly string[]): Promise<StoredMcpServer[]> {
  if (ids && ids.length === 0) return [];
  let query = withMcpServers(db).selectFrom('mcp_servers').selectAll().where('library_id', '=', libraryId);
  if (ids) query = query.where('id', 'in', [...ids]);
  const rows = await query.orderBy('name').execute();
  return rows.map((row) => {
    const sealed = row.secret ? parseJson(row.secret) : null;
    const secret = sealed
      ? open(
          masterKey,
          {
            ciphertext: Buffer.from(sealed.ciphertext, 'base64'),
            iv: Buffer.from(sealed.iv, 'base64'),
            authTag: Buffer.from(sealed.auth_tag, 'base64'),
          },
          associatedData(libraryId, row.slug),
        )
      : '';
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      transport: row.transport,
      auth: row.auth,
      headerName: row.header_name,
      secret,
      tools: parseJson(row.tools),
    };
  });
}

/** Keeps a server's newly listed tools (a Refresh, a list_changed notification, a call to a tool it no longer knew). */
export async function storeMcpTools(db: Kysely<DB>, serverId: string, tools: readonly McpToolInfo[]): Promise<void> {
  await withMcpServers(db)
    .updateTable('mcp_servers')
    .set({ tools: toJson(tools), tools_checked_at: new Date(), updated_at: sql<Date>`now()` as never })
    .where('id', '=', serverId)
    .execute();
}

/** Lists a server's tools again and stores them; throws McpProblem when it cannot be reached. */
export async function relistMcpTools(db: Kysely<DB>, server: StoredMcpServer, policy: SsrfPolicy): Promise<McpToolInfo[]> {
  const tools = await listMcpTools(server, policy);
  await storeMcpTools(db, server.id, tools);
  return tools;
}

export interface McpServerRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  masterKey: Buffer;
  /** FLOW_ALLOW_HOSTS */
  environmentHosts: readonly string[];
}

export const mcpServerRoutes: FastifyPluginAsyncZod<McpServerRoutesOptions> = async (app, { db, authenticate, masterKey, environmentHosts }) => {
  const admins = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];
  const common = { tags: ['mcp'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

  const list = async (libraryId: string): Promise<McpServerInfo[]> => {
    const rows = await withMcpServers(db).selectFrom('mcp_servers').selectAll().where('library_id', '=', libraryId).orderBy('name').execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      transport: row.transport,
      auth: row.auth,
      header_name: row.header_name,
      has_secret: row.secret !== null,
      tools: parseJson(row.tools),
      tools_checked_at: row.tools_checked_at ? toIso(row.tools_checked_at) : null,
      created_at: toIso(row.created_at),
    }));
  };

  /** Connects and lists the tools, or a 422 saying why not. */
  const check = async (libraryId: string, connection: McpConnection) => {
    try {
      return await listMcpTools(connection, await mcpPolicy(db, libraryId, environmentHosts));
    } catch (error) {
      const reason = error instanceof McpProblem ? error.message : error instanceof Error ? error.message : String(error);
      throw new HttpError(422, MCP_TEXTS.cannotConnect(connection.name, reason));
    }
  };
  const connectionOf = (body: z.output<typeof mcpConnectionSchema>): McpConnection => ({
    name: body.name,
    url: body.url,
    transport: body.transport,
    auth: body.auth,
    headerName: body.auth === 'header' ? body.header_name : '',
    secret: body.auth === 'none' ? '' : body.secret,
  });

  app.get(
    '/admin/mcp-servers',
    {
      onRequest: admins,
      schema: { ...common, summary: "The library's MCP servers (secrets never shown)", response: { 200: mcpServerListSchema, ...errors } },
    },
    async (request) => ({
      servers: await list(request.user.libraryId),
    }),
  );

  app.post(
    '/admin/mcp-servers/test',
    {
      onRequest: admins,
      schema: {
        ...common,
        summary: 'Test connection: connect and list the tools, storing nothing',
        body: mcpConnectionSchema,
        response: { 200: mcpTestResponseSchema, ...errors },
      },
    },
    async (request) => ({ tools: await check(request.user.libraryId, connectionOf(request.body)) }),
  );

  app.post(
    '/admin/mcp-servers',
    {
      onRequest: admins,
      schema: {
        ...common,
        summary: 'Add an MCP server: it must answer and list its tools',
        body: mcpConnectionSchema,
        response: { 201: mcpServerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { libraryId, id: userId } = request.user;
      const connection = connectionOf(request.body);
      const slug = serverSlug(connection.name);
      const taken = await withMcpServers(db)
        .selectFrom('mcp_servers')
        .select('id')
        .where('library_id', '=', libraryId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (taken) throw new HttpError(409, MCP_TEXTS.nameTaken(connection.name));
      const tools = await check(libraryId, connection);
      const sealed = connection.secret ? seal(masterKey, connection.secret, associatedData(libraryId, slug)) : null;
      const id = await db.transaction().execute(async (trx) => {
        const row = await withMcpServers(trx)
          .insertInto('mcp_servers')
          .values({
            library_id: libraryId,
            name: connection.name,
            slug,
            url: connection.url,
            transport: connection.transport,
            auth: connection.auth,
            header_name: connection.headerName,
            secret: sealed
              ? toJson({
                  ciphertext: sealed.ciphertext.toString('base64'),
                  iv: sealed.iv.toString('base64'),
                  auth_tag: sealed.authTag.toString('base64'),
                })
              : null,
            tools: toJson(tools),
            tools_checked_at: new Date(),
            created_by: userId,
          })
          .onConflict((oc) => oc.columns(['library_id', 'slug']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new HttpError(409, MCP_TEXTS.nameTaken(connection.name));
        await record(trx, {
          ...byCaller(request),
          action: 'mcp_server.create',
          target: connection.name,
          details: { url: connection.url, transport: connection.transport, auth: connection.auth, tools: tools.length },
        });
        return row.id;
      });
      const added = (await list(libraryId)).find((s) => s.id === id) as McpServerInfo;
      return reply.code(201).send(added);
    },
  );

  app.post(
    '/admin/mcp-servers/:id/refresh',
    {
      onRequest: admins,
      schema: { ...common, summary: "Read the server's tools again", params: mcpServerIdParamsSchema, response: { 200: mcpServerSchema, ...errors } },
    },
    async (request) => {
      const { libraryId } = request.user;
      const [server] = await loadMcpServers(db, masterKey, libraryId, [request.params.id]);
      if (!server) throw new HttpError(404, MCP_TEXTS.notFound);
      await storeMcpTools(db, server.id, await check(libraryId, server));
      return (await list(libraryId)).find((s) => s.id === server.id) as McpServerInfo;
    },
  );

  app.delete(
    '/admin/mcp-servers/:id',
    {
      onRequest: admins,
      schema: {
        ...common,
        summary: 'Remove an MCP server (steps that use its tools report them missing)',
        params: mcpServerIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { libraryId } = request.user;
      await db.transaction().execute(async (trx) => {
        const gone = await withMcpServers(trx)
          .deleteFrom('mcp_servers')
          .where('id', '=', request.params.id)
          .where('library_id', '=', libraryId)
          .returning('name')
          .executeTakeFirst();
        if (!gone) throw new HttpError(404, MCP_TEXTS.notFound);
        await record(trx, { ...byCaller(request), action: 'mcp_server.delete', target: gone.name });
      });
      return reply.code(204).send(null);
    },
  );

  // what the agent editor offers (anyone who edits agents); no addresses or secrets
  app.get(
    '/mcp-tools',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: 'MCP tools agents may attach, by server', response: { 200: mcpToolGroupsSchema, ...errors } },
    },
    async (request) => ({
      servers: (await list(request.user.libraryId)).map((server) => ({
        id: server.id,
        name: server.name,
        tools: server.tools.map((t) => ({
          ref: mcpToolRef(server.id, t.name),
          name: t.name,
          label: mcpToolLabel(server.name, t.title ?? t.name),
          description: t.description,
          input_schema: t.input_schema,
        })),
      })),
    }),
  );
};
