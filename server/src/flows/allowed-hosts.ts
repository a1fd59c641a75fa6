// The library's allowed flow hosts (Admin → Settings; migration 017): private hosts its flows' HTTP
// actions may reach, used by the SSRF guard together with the server's FLOW_ALLOW_HOSTS. Administrators
// only; each entry is checked by the guard's own parser, and every change goes to the audit log.
import { ADMIN_MESSAGES, flowHostsPutRequestSchema, flowHostsResponseSchema, type FlowHostsResponse } from '@accent/shell-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type ColumnType, type Kysely } from 'kysely';
import { byCaller, record } from '../audit/audit.js';
import { requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { toIso, toJson } from '../db/values.js';
import { apiErrorSchema } from '../http/api-error.js';
import { allowHostProblem } from '../net/ssrf.js';

interface LibraryFlowHostsTable {
  library_id: string;
  hosts: ColumnType<unknown, string, string>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
const withFlowHosts = (db: Kysely<DB>) => db.withTables<{ library_flow_hosts: LibraryFlowHostsTable }>();

const asHosts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((h): h is string => typeof h === 'string') : []);

/** The library's stored list (empty when none was saved). */
export async function storedFlowHosts(db: Kysely<DB>, libraryId: string): Promise<string[]> {
  const row = await withFlowHosts(db).selectFrom('library_flow_hosts').select('hosts').where('library_id', '=', libraryId).executeTakeFirst();
  return asHosts(row?.hosts);
}

/** What a PUT accepts: the contract's shape, each entry one the guard understands, said at the entry. */
const putBodySchema = flowHostsPutRequestSchema.superRefine((body, ctx) => {
  body.hosts.forEach((host, i) => {
    const problem = allowHostProblem(host);
    if (problem) ctx.addIssue({ code: 'custom', path: ['hosts', i], message: problem });
  });
});

export interface FlowHostRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  /** FLOW_ALLOW_HOSTS: shown beside the library's list, changed only on the server */
  environment: readonly string[];
}

export const flowHostRoutes: FastifyPluginAsyncZod<FlowHostRoutesOptions> = async (app, { db, authenticate, environment }) => {
  const onRequest = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  async function read(libraryId: string): Promise<FlowHostsResponse> {
    const row = await withFlowHosts(db).selectFrom('library_flow_hosts').select(['hosts', 'updated_at']).where('library_id', '=', libraryId).executeTakeFirst();
    return { hosts: asHosts(row?.hosts), environment: [...environment], updated_at: row ? toIso(row.updated_at) : null };
  }

  app.get(
    '/flow-hosts',
    { onRequest, schema: { ...common, summary: "Private hosts the library's flows may reach (and the server's FLOW_ALLOW_HOSTS)", response: { 200: flowHostsResponseSchema, ...errors } } },
    async (request) => read(request.user.libraryId),
  );

  app.put(
    '/flow-hosts',
    {
      onRequest,
      schema: { ...common, summary: "Replace the library's allowed flow hosts (host names, *.domain, IP addresses, CIDR ranges)", body: putBodySchema, response: { 200: flowHostsResponseSchema, ...errors } },
    },
    async (request) => {
      const { libraryId, id } = request.user;
      // one entry once, in the case the guard compares in
      const hosts = [...new Set(request.body.hosts.map((h) => h.trim().toLowerCase()))];
      const before = await storedFlowHosts(db, libraryId);
      await db.transaction().execute(async (trx) => {
        await withFlowHosts(trx)
          .insertInto('library_flow_hosts')
          .values({ library_id: libraryId, hosts: toJson(hosts), updated_by: id })
          .onConflict((oc) => oc.column('library_id').doUpdateSet({ hosts: toJson(hosts), updated_by: id, updated_at: sql<Date>`now()` }))
          .execute();
        await record(trx, {
          ...byCaller(request),
          action: 'settings.flow_hosts',
          target: 'flow hosts',
          details: { added: hosts.filter((h) => !before.includes(h)), removed: before.filter((h) => !hosts.includes(h)) },
        });
      });
      return read(libraryId);
    },
  );
};
