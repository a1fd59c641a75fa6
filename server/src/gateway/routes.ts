// The data gateway: `/rest/v1/:table` speaking PostgREST for the tables in tables.ts, so the browser's
// supabase-js client works against this server exactly as against a hosted Supabase project.
//
// Every request runs in ONE transaction as role `authenticated` with the caller's verified JWT claims
// in `request.jwt.claims` (set_config(..., true): both last only until the transaction ends), then the
// one statement: row-level security in the migrations decides what the caller sees and may change.
// A read sends all of it as one message (see readBatch), so it costs the database one round trip.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Pool } from 'pg';
import { POSTGRES_ROLE } from '../auth/access-token.js';
import type { DB } from '../db/schema.js';
import { BODY_LIMIT_BYTES } from '../http/errors.js';
import { createVerifyCaller, sessionEnded, type GatewayCaller } from './auth.js';
import { fromDatabaseError, GatewayError, type DatabaseErrorLike, invalidBody, isDatabaseError, notSingular, parseError, unknownTable } from './errors.js';
import { parseAccept, parsePrefer, parseQuery, parseRange, type ParsedQuery, type Preferences, type ResponseShape } from './parse.js';
import { createSchemaCache, type SchemaCache, type TableSchema } from './schema-cache.js';
import { buildDelete, buildInsert, buildRead, buildUpdate, checkColumns, inlineParameters, quoteIdent, selectedColumns, type Statement } from './sql.js';
import { GATEWAY_TABLES, type GatewayTableConfig } from './tables.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../http/database-errors.js';

export const GATEWAY_PATH = '/rest/v1';

export interface GatewayOptions {
  db: Kysely<DB>;
  jwtSecret: string;
  /** defaults to GATEWAY_TABLES */
  tables?: Readonly<Record<string, GatewayTableConfig>>;
  /**
   * The embedded database, when it is one: requests then queue for PGlite's own transaction lock
   * (first come, first served) instead of kysely's single-connection lock, whose every release wakes
   * every waiting request, and each statement skips a layer.
   */
  pglite?: PGlite;
  /** The `pg` pool behind `db`, when the database is PostgreSQL: reads send their one batch through it. */
  pool?: Pool;
}

/** What a request's transaction needs: kysely's transaction, or PGlite's behind the same interface. */
interface GatewayTransaction {
  executeQuery<R>(query: CompiledQuery<R>): Promise<{ rows: R[]; numAffectedRows?: bigint }>;
}

/**
 * PGlite's transaction, its work started only after the event loop has read the sockets. A released lock
 * wakes the next waiter at once (a microtask), so without the turn a whole queue of requests ran in one
 * go, and requests that arrived meanwhile were parsed only afterwards, in whatever order the sockets
 * came: some waited through two queues (p99 twice the median under 50 clients). With it, requests reach
 * the lock in the order they arrived.
 */
function pgliteTurn<T>(pglite: PGlite, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return pglite.transaction(async (tx) => {
    await nextTurn();
    return work(tx);
  });
}

function pgliteTransaction<T>(pglite: PGlite, work: (trx: GatewayTransaction) => Promise<T>): Promise<T> {
  return pgliteTurn(pglite, (tx) =>
    work({
      async executeQuery<R>(query: CompiledQuery<R>) {
        const result = await tx.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' });
        return { rows: result.rows, numAffectedRows: result.affectedRows == null ? undefined : BigInt(result.affectedRows) };
      },
    }),
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/**
 * Role and claims for the rest of the transaction, in one round trip (what PostgREST runs too). The
 * claims policies read (role, library, environment) are the caller's current ones, not the token's; a
 * caller no longer signed in yields no row, and nothing is set.
 */
export const SET_CALLER_SQL = `SELECT set_config('role', $1::text, true),
  set_config('request.jwt.claims', ($2::jsonb || jsonb_build_object('app_role', c.role, 'lib', c.library_id, 'env', c.env, 'email', c.email))::text, true)
  FROM public.accent_current_caller($3::uuid, $4::uuid) c`;

/**
 * A read as ONE simple-protocol message of three statements: the caller's claims (as SET_CALLER_SQL,
 * as the server's own role), the role, then the select; parameters written inline as quoted literals.
 * PostgreSQL runs a message of several statements as one transaction (SET LOCAL and set_config(…, true)
 * end with it; an error rolls it all back), PGlite inside its transaction. The role is set by its own
 * statement too, whatever the first one found: a caller no longer signed in gets no claims and no row
 * there, the select then runs as `authenticated` with no claims (row-level security shows nothing) and
 * the request is refused. Undefined when a value cannot be written inline.
 */
export function readBatch(caller: GatewayCaller, statement: Statement): string | undefined {
  const select = inlineParameters(statement);
  const setCaller = inlineParameters({ sql: SET_CALLER_SQL, parameters: [POSTGRES_ROLE, caller.claimsJson, caller.userId, caller.sessionId] });
  if (select === undefined || setCaller === undefined) return undefined;
  return `${setCaller};\nSET LOCAL ROLE ${quoteIdent(POSTGRES_ROLE)};\n${select}`;
}

interface ResultRow {
  total: number | string | null;
  page_count: number | string;
  body: string | null;
}

type Run = (statement: Statement) => Promise<{ rows: ResultRow[]; numAffectedRows?: bigint }>;

function contentRange(offset: number, rows: number, total: number | undefined): string {
  const of = total === undefined ? '*' : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${of}` : `*/${of}`;
}

/** `[a, b]` (json_agg) → `a` for a singular answer of one row. */
const singleElement = (arrayText: string) => arrayText.slice(1, -1).trim();

/** Concatenates the JSON arrays of a bulk insert run as several statements. */
function joinArrays(bodies: string[]): string {
  const inner = bodies.map((b) => b.trim().slice(1, -1).trim()).filter(Boolean);
  return `[${inner.join(', ')}]`;
}

export const gatewayRoutes: FastifyPluginAsync<GatewayOptions> = async (app, options) => {
  const tables = options.tables ?? GATEWAY_TABLES;
  const cache: SchemaCache = createSchemaCache(options.db, Object.keys(tables));
  const verifyCaller = createVerifyCaller(options.jwtSecret);

  async function runAs<T>(caller: GatewayCaller, work: (run: Run) => Promise<T>): Promise<T> {
    const inTransaction = (body: (trx: GatewayTransaction) => Promise<T>) =>
      options.pglite ? pgliteTransaction(options.pglite, body) : options.db.transaction().execute(body);
    return inTransaction(async (trx) => {
      const set = await trx.executeQuery(CompiledQuery.raw(SET_CALLER_SQL, [POSTGRES_ROLE, caller.claimsJson, caller.userId, caller.sessionId]));
      if (set.rows.length === 0) throw sessionEnded();
      return work(async (statement) => {
        const result = await trx.executeQuery<ResultRow>(CompiledQuery.raw(statement.sql, statement.parameters));
        return { rows: result.rows, numAffectedRows: result.numAffectedRows };
      });
    });
  }

  /** A read's one row: in one round trip when the driver takes a batch (readBatch), else as runAs does. */
  async function readAs(caller: GatewayCaller, statement: Statement): Promise<ResultRow> {
    const batch = options.pglite || options.pool ? readBatch(caller, statement) : undefined;
    if (batch === undefined) return (await runAs(caller, (run) => run(statement))).rows[0];
    // both drivers answer one result per statement: [caller, SET, select]
    const results: { rows: unknown[] }[] = options.pglite
      ? await pgliteTurn(options.pglite, (tx) => tx.exec(batch))
      : ((await options.pool!.query(batch)) as unknown as { rows: unknown[] }[]);
    if (results.length !== 3) throw new Error(`the read batch answered ${results.length} results`);
    if (results[0].rows.length === 0) throw sessionEnded();
    return results[2].rows[0] as ResultRow;
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let gatewayError: GatewayError;
    if (error instanceof GatewayError) gatewayError = error;
    else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'data gateway: database unavailable');
      gatewayError = new GatewayError(503, 'PGRST001', DATABASE_UNAVAILABLE, { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } });
    } else if (isDatabaseError(error as unknown)) {
      gatewayError = fromDatabaseError(error as unknown as DatabaseErrorLike);
      if (gatewayError.status >= 500) request.log.error({ err: error }, 'data gateway: database error');
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') gatewayError = new GatewayError(413, 'PGRST102', 'Request body is too large (limit 1 MB)');
    else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') gatewayError = invalidBody(error.message);
    else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      gatewayError = new GatewayError(415, 'PGRST107', 'The request\'s Content-Type is not supported', { hint: 'Send application/json' });
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      gatewayError = new GatewayError(error.statusCode, 'PGRST100', error.message);
    } else {
      request.log.error({ err: error }, 'data gateway: unexpected error');
      gatewayError = new GatewayError(500, 'PGRSTX00', 'Internal server error');
    }
    return reply.code(gatewayError.status).headers(gatewayError.headers).type(JSON_TYPE).send(JSON.stringify(gatewayError.body()));
  });

  /** Accept-Profile / Content-Profile: only the public schema exists here. */
  function checkProfile(request: FastifyRequest) {
    const profile = request.headers['accept-profile'] ?? request.headers['content-profile'];
    if (profile !== undefined && profile !== 'public') {
      throw new GatewayError(406, 'PGRST106', 'The schema must be one of the following: public', { details: `requested schema: ${String(profile)}` });
    }
  }

  async function read(request: FastifyRequest, reply: FastifyReply, caller: GatewayCaller, schema: TableSchema, config: GatewayTableConfig, query: ParsedQuery, prefs: Preferences, shape: ResponseShape) {
    const head = request.method === 'HEAD';
    // limit/offset and the Range header intersect; never more than the table's maxRows
    let offset = query.offset ?? 0;
    let end = query.limit === undefined ? Infinity : offset + query.limit; // exclusive
    const range = parseRange(request.headers.range);
    if (range) {
      offset = Math.max(offset, range.offset);
      end = Math.min(end, range.limit === undefined ? Infinity : range.offset + range.limit);
    }
    const limit = Math.max(0, Math.min(end - offset, config.maxRows));
    const statement = buildRead(schema, query, { head, count: prefs.count, stripNulls: shape.stripNulls, offset, limit });
    const row = await readAs(caller, statement);
    const pageCount = Number(row.page_count);
    const total = row.total === null ? undefined : Number(row.total);
    if (total !== undefined && offset > total) {
      throw new GatewayError(416, 'PGRST103', 'Requested range not satisfiable', { details: `An offset of ${offset} was requested, but there are only ${total} rows.` });
    }
    if (shape.singular && pageCount !== 1) throw notSingular(pageCount);
    const partial = !shape.singular && total !== undefined && (offset > 0 || offset + pageCount < total);
    reply
      .code(partial ? 206 : 200)
      .header('content-range', contentRange(offset, pageCount, total))
      .type(shape.singular ? OBJECT_TYPE : JSON_TYPE);
    const applied = prefs.applied.filter((p) => p.startsWith('count='));
    if (applied.length) reply.header('preference-applied', applied.join(', '));
    if (head) return reply.send();
    return reply.send(shape.singular ? singleElement(row.body!) : row.body);
  }

  /** Sends a write's outcome: 201 (POST) or 200 with the rows, or 201/204 without (return=minimal). */
  function sendWritten(reply: FastifyReply, method: string, prefs: Preferences, shape: ResponseShape, outcome: { rows: number; body?: string }) {
    reply.header('content-range', contentRange(0, outcome.rows, prefs.count ? outcome.rows : undefined));
    if (prefs.applied.length) reply.header('preference-applied', prefs.applied.join(', '));
    if (prefs.return === 'representation') {
      const body = outcome.body ?? '[]';
      return reply
        .code(method === 'POST' ? 201 : 200)
        .type(shape.singular ? OBJECT_TYPE : JSON_TYPE)
        .send(shape.singular ? singleElement(body) : body);
    }
    return reply.code(method === 'POST' ? 201 : 204).send();
  }

  /** Runs write statements; a singular request that does not touch exactly one row rolls back. */
  async function write(caller: GatewayCaller, statements: Statement[], representation: boolean, singular: boolean) {
    return runAs(caller, async (run) => {
      let rows = 0;
      const bodies: string[] = [];
      for (const statement of statements) {
        const result = await run(statement);
        if (representation) {
          rows += Number(result.rows[0].page_count);
          bodies.push(result.rows[0].body ?? '[]');
        } else {
          rows += Number(result.numAffectedRows ?? 0n);
        }
      }
      if (singular && rows !== 1) throw notSingular(rows); // thrown inside: the transaction rolls back
      return { rows, body: representation ? (bodies.length === 1 ? bodies[0] : joinArrays(bodies)) : undefined };
    });
  }

  function objectRows(body: unknown): Record<string, unknown>[] {
    const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (Array.isArray(body)) {
      if (!body.every(isObject)) throw invalidBody('Every item of the array must be a JSON object');
      return body;
    }
    if (isObject(body)) return [body];
    throw invalidBody(body === undefined ? 'The request has no body' : 'The body must be a JSON object or an array of objects');
  }

  async function insert(request: FastifyRequest, reply: FastifyReply, caller: GatewayCaller, schema: TableSchema, query: ParsedQuery, prefs: Preferences, shape: ResponseShape) {
    if (query.filters.length) throw parseError('Filters are not allowed on POST', null, 'Use PATCH to change existing rows');
    if (query.limit !== undefined || query.offset !== undefined || query.order.length) throw parseError('limit, offset and order are not allowed on POST');
    const rows = objectRows(request.body);
    let columns = query.columns;
    if (!columns) {
      columns = Object.keys(rows[0] ?? {});
      const signature = [...columns].sort().join('\u0000');
      if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== signature)) {
        throw new GatewayError(400, 'PGRST102', 'All object keys must match', { hint: 'Or name the columns with ?columns=' });
      }
    }
    const returning = prefs.return === 'representation' ? selectedColumns(schema, query.select) : null;
    if (rows.length === 0) {
      if (shape.singular) throw notSingular(0);
      return sendWritten(reply, 'POST', prefs, shape, { rows: 0, body: '[]' });
    }
    const statements = buildInsert(schema, rows, {
      columns,
      resolution: prefs.resolution,
      onConflict: query.onConflict,
      missingDefault: prefs.missingDefault,
      returning,
      stripNulls: shape.stripNulls,
    });
    const outcome = await write(caller, statements, returning !== null, shape.singular);
    return sendWritten(reply, 'POST', prefs, shape, outcome);
  }

  async function update(request: FastifyRequest, reply: FastifyReply, caller: GatewayCaller, schema: TableSchema, query: ParsedQuery, prefs: Preferences, shape: ResponseShape) {
    rejectLimits(query);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidBody('PATCH takes one JSON object');
    const values = body as Record<string, unknown>;
    const returning = prefs.return === 'representation' ? selectedColumns(schema, query.select) : null;
    if (Object.keys(values).length === 0) {
      // nothing to change (PostgREST does nothing either); still check the filters' names
      checkColumns(schema, query);
      if (shape.singular) throw notSingular(0);
      return sendWritten(reply, 'PATCH', prefs, shape, { rows: 0, body: '[]' });
    }
    const statement = buildUpdate(schema, query, values, { returning, stripNulls: shape.stripNulls });
    return sendWritten(reply, 'PATCH', prefs, shape, await write(caller, [statement], returning !== null, shape.singular));
  }

  async function remove(reply: FastifyReply, caller: GatewayCaller, schema: TableSchema, query: ParsedQuery, prefs: Preferences, shape: ResponseShape) {
    rejectLimits(query);
    const returning = prefs.return === 'representation' ? selectedColumns(schema, query.select) : null;
    const statement = buildDelete(schema, query, { returning, stripNulls: shape.stripNulls });
    return sendWritten(reply, 'DELETE', prefs, shape, await write(caller, [statement], returning !== null, shape.singular));
  }

  function rejectLimits(query: ParsedQuery) {
    if (query.limit !== undefined || query.offset !== undefined) {
      throw parseError('limit and offset are not supported on PATCH and DELETE by this gateway', null, 'Filter on a unique column instead');
    }
  }

  app.route<{ Params: { table: string } }>({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    url: '/:table',
    exposeHeadRoute: false,
    bodyLimit: BODY_LIMIT_BYTES,
    schema: { hide: true },
    handler: async (request, reply) => {
      const caller = await verifyCaller(request.headers.authorization);
      const name = request.params.table;
      const config = Object.prototype.hasOwnProperty.call(tables, name) ? tables[name] : undefined;
      const schema = config ? await cache.get(name) : undefined;
      if (!config || !schema) throw unknownTable(name);
      checkProfile(request);
      const rawUrl = request.raw.url ?? '';
      const questionMark = rawUrl.indexOf('?');
      const query = parseQuery(questionMark < 0 ? '' : rawUrl.slice(questionMark + 1));
      const prefs = parsePrefer(request.headers.prefer);
      const shape = parseAccept(request.headers.accept);
      const method = request.method;
      if (method === 'GET' || method === 'HEAD') return read(request, reply, caller, schema, config, query, prefs, shape);
      if (!config.writable) throw new GatewayError(403, '42501', `permission denied for table ${name}`);
      if (method === 'POST') return insert(request, reply, caller, schema, query, prefs, shape);
      if (method === 'PATCH') return update(request, reply, caller, schema, query, prefs, shape);
      return remove(reply, caller, schema, query, prefs, shape);
    },
  });

  // Everything else under /rest/v1 is refused in PostgREST's shape, never passed anywhere.
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'],
    url: '/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request) => {
      const path = (request.raw.url ?? '').split('?')[0].slice(GATEWAY_PATH.length);
      if (path.startsWith('/rpc/')) throw parseError('Functions (rpc/) are not supported by this gateway', `requested: ${path}`);
      if (path === '/' || path === '') throw parseError('The OpenAPI description is not served by this gateway', null, 'Query a table: /rest/v1/<table>');
      const segments = path.split('/').filter(Boolean);
      if (segments.length === 1) {
        throw new GatewayError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`, { hint: 'Use GET, HEAD, POST, PATCH or DELETE' });
      }
      throw parseError(`Unsupported path: ${path}`, null, 'Query a table: /rest/v1/<table>');
    },
  });
};
