// Turns a parsed request into one SQL statement. Identifiers come only from the table's schema (the
// catalog) and are quoted; every value is a bound parameter, sent as text and cast to the column's type
// in SQL, so the pg and PGlite drivers behave the same and bad input fails in PostgreSQL with its own
// SQLSTATE (22P02 …). Results are built as JSON by PostgreSQL (json_agg, like PostgREST), so
// timestamps, numerics and jsonb come out exactly as a hosted PostgREST answers them.
import pg from 'pg';
import { parseError, unknownColumn, unknownPayloadColumn } from './errors.js';
import type { Condition, Filter, OrderTerm, ParsedQuery } from './parse.js';
import type { ColumnInfo, TableSchema } from './schema-cache.js';

export interface Statement {
  sql: string;
  parameters: (string | null)[];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The statement as plain SQL, each `$n` replaced by its value as a quoted literal (pg's escapeLiteral:
 * quotes doubled, and E'' with doubled backslashes when there is a backslash, so the meaning never
 * depends on standard_conforming_strings). For the simple protocol, where several statements travel in
 * one message. Quoted identifiers and literals already in the text are copied as they are. Undefined when
 * a value holds a NUL character: it cannot be written in a literal (PostgreSQL refuses it as a bound
 * value, with its own error, so that path is kept for it).
 */
export function inlineParameters(statement: Statement): string | undefined {
  const { sql, parameters } = statement;
  if (parameters.some((value) => value?.includes('\0'))) return undefined;
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '"' || c === "'") {
      // up to the closing quote; a doubled quote stays inside
      let end = i + 1;
      while (end < sql.length && !(sql[end] === c && sql[end + 1] !== c)) end += sql[end] === c ? 2 : 1;
      out += sql.slice(i, end + 1);
      i = end + 1;
    } else if (c === '$' && /[0-9]/.test(sql[i + 1] ?? '')) {
      let end = i + 1;
      while (/[0-9]/.test(sql[end] ?? '')) end++;
      const index = Number(sql.slice(i + 1, end)) - 1;
      if (index < 0 || index >= parameters.length) throw new Error(`no value for $${index + 1}`);
      const value = parameters[index];
      out += value === null ? 'NULL' : pg.escapeLiteral(value);
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
const tableRef = (schema: TableSchema) => `"public".${quoteIdent(schema.name)}`;

class Parameters {
  readonly values: (string | null)[] = [];
  /** A placeholder typed text (both drivers then send the string as it is). */
  text(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }
  typed(value: string | null, type: string): string {
    return `CAST(${this.text(value)} AS ${type})`;
  }
}

/** A PostgreSQL array literal: `{"a","b \"c\"",NULL,{"x"}}`. */
export function arrayLiteral(items: readonly unknown[]): string {
  const element = (item: unknown): string => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = typeof item === 'string' ? item : typeof item === 'object' ? JSON.stringify(item) : String(item);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${items.map(element).join(',')}}`;
}

/** A body value as the text PostgreSQL parses for this column. */
export function columnValue(column: ColumnInfo, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (column.json) return JSON.stringify(value);
  if (column.array && Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // an object or array for a scalar column: PostgreSQL decides (usually 22P02)
  return JSON.stringify(value);
}

/** PostgREST's like patterns use * for %. */
const likePattern = (value: string) => value.replace(/\*/g, '%');

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function columnOf(schema: TableSchema, name: string): ColumnInfo {
  const column = schema.byName.get(name);
  if (!column) throw unknownColumn(schema.name, name);
  return column;
}

function payloadColumnOf(schema: TableSchema, name: string): ColumnInfo {
  const column = schema.byName.get(name);
  if (!column) throw unknownPayloadColumn(schema.name, name);
  return column;
}

function conditionSql(schema: TableSchema, condition: Condition, params: Parameters): string {
  const column = columnOf(schema, condition.column);
  const ident = quoteIdent(column.name);
  let sql: string;
  switch (condition.operator) {
    case 'is':
      // the value is one of null/true/false/unknown (checked by the parser)
      sql = `${ident} IS ${condition.value.toUpperCase()}`;
      break;
    case 'in':
      sql = `${ident} = ANY(${params.typed(arrayLiteral(condition.list ?? []), `${column.type}[]`)})`;
      break;
    case 'like':
    case 'ilike': {
      const op = condition.operator === 'like' ? 'LIKE' : 'ILIKE';
      sql = condition.quantifier
        ? `${ident}::text ${op} ${condition.quantifier.toUpperCase()}(${params.typed(arrayLiteral((condition.list ?? []).map(likePattern)), 'text[]')})`
        : `${ident}::text ${op} ${params.text(likePattern(condition.value))}`;
      break;
    }
    default: {
      const op = COMPARISONS[condition.operator];
      sql = condition.quantifier
        ? `${ident} ${op} ${condition.quantifier.toUpperCase()}(${params.typed(arrayLiteral(condition.list ?? []), `${column.type}[]`)})`
        : `${ident} ${op} ${params.typed(condition.value, column.type)}`;
    }
  }
  return condition.negated ? `NOT (${sql})` : sql;
}

function whereSql(schema: TableSchema, filters: Filter[], params: Parameters): string {
  if (filters.length === 0) return '';
  const parts = filters.map((filter) => {
    if (filter.kind === 'condition') return conditionSql(schema, filter, params);
    const any = `(${filter.conditions.map((c) => conditionSql(schema, c, params)).join(' OR ')})`;
    return filter.negated ? `NOT ${any}` : any;
  });
  return ` WHERE ${parts.join(' AND ')}`;
}

function orderSql(schema: TableSchema, order: OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    const column = columnOf(schema, term.column);
    return `${quoteIdent(column.name)} ${term.descending ? 'DESC' : 'ASC'}${term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ''}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

/** The select list, checked; `*` in table order. */
export function selectedColumns(schema: TableSchema, select: string[] | null): string[] {
  if (select === null) return schema.columns.map((c) => c.name);
  const names: string[] = [];
  for (const name of select) {
    const expanded = name === '*' ? schema.columns.map((c) => c.name) : [columnOf(schema, name).name];
    for (const n of expanded) if (!names.includes(n)) names.push(n);
  }
  return names;
}

/** Checks the filters' and order's column names without building a statement (e.g. an empty PATCH). */
export function checkColumns(schema: TableSchema, query: ParsedQuery): void {
  whereSql(schema, query.filters, new Parameters());
  orderSql(schema, query.order);
  selectedColumns(schema, query.select);
}

const columnList = (names: string[]) => names.map(quoteIdent).join(', ');

const aggregate = (stripNulls: boolean) =>
  stripNulls ? `coalesce(json_agg(json_strip_nulls(row_to_json(_pgrst_t))), '[]')::text` : `coalesce(json_agg(_pgrst_t), '[]')::text`;

export interface ReadOptions {
  head: boolean;
  count: boolean;
  stripNulls: boolean;
  offset: number;
  limit: number;
}

/** One row: total (when counting), page_count, body (JSON array text; not for HEAD). */
export function buildRead(schema: TableSchema, query: ParsedQuery, options: ReadOptions): Statement {
  const params = new Parameters();
  const columns = selectedColumns(schema, query.select);
  const where = whereSql(schema, query.filters, params);
  const order = orderSql(schema, query.order);
  const limit = params.typed(String(options.limit), 'bigint');
  const offset = params.typed(String(options.offset), 'bigint');
  const source = `SELECT ${columnList(columns)} FROM ${tableRef(schema)}${where}${order} LIMIT ${limit} OFFSET ${offset}`;
  const outputs = [
    options.count ? `(SELECT count(*) FROM ${tableRef(schema)}${where}) AS total` : 'NULL AS total',
    'count(*) AS page_count',
    options.head ? 'NULL AS body' : `${aggregate(options.stripNulls)} AS body`,
  ];
  return { sql: `WITH pgrst_source AS (${source}) SELECT ${outputs.join(', ')} FROM pgrst_source _pgrst_t`, parameters: params.values };
}

export interface WriteOptions {
  /** columns to return; null: return=minimal (no RETURNING, so no SELECT policy check either) */
  returning: string[] | null;
  stripNulls: boolean;
}

/** Representation: one row (page_count, body). Minimal: the bare statement (affected rows). */
function wrapWrite(statement: string, options: WriteOptions): string {
  if (!options.returning) return statement;
  return `WITH pgrst_source AS (${statement} RETURNING ${columnList(options.returning)}) SELECT count(*) AS page_count, ${aggregate(options.stripNulls)} AS body FROM pgrst_source _pgrst_t`;
}

export interface InsertOptions extends WriteOptions {
  columns: string[];
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  onConflict?: string[];
  /** Prefer: missing=default: keys missing from an object take the column default (else NULL) */
  missingDefault: boolean;
}

/** PostgreSQL takes at most 65535 parameters per statement: bulk bodies are split into several statements. */
export const MAX_PARAMETERS = 30_000;

export function buildInsert(schema: TableSchema, rows: Record<string, unknown>[], options: InsertOptions): Statement[] {
  const columns = options.columns.map((name) => payloadColumnOf(schema, name));
  // No column at all: every row takes all defaults, written through the first column's DEFAULT.
  const target = columns.length > 0 ? columns : [schema.columns[0]];
  let conflict = '';
  if (options.resolution) {
    const keys = (options.onConflict ?? schema.primaryKey).map((name) => payloadColumnOf(schema, name).name);
    if (keys.length === 0) throw parseError('on_conflict is required: the table has no primary key');
    const updates = columns.map((c) => `${quoteIdent(c.name)} = EXCLUDED.${quoteIdent(c.name)}`);
    conflict =
      options.resolution === 'merge-duplicates' && updates.length > 0
        ? ` ON CONFLICT (${columnList(keys)}) DO UPDATE SET ${updates.join(', ')}`
        : ` ON CONFLICT (${columnList(keys)}) DO NOTHING`;
  }
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
  const statements: Statement[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const params = new Parameters();
    const values = rows.slice(start, start + rowsPerStatement).map((row) => {
      if (columns.length === 0) return '(DEFAULT)';
      const cells = columns.map((c) => {
        if (Object.prototype.hasOwnProperty.call(row, c.name)) return params.typed(columnValue(c, row[c.name]), c.type);
        return options.missingDefault ? 'DEFAULT' : 'NULL';
      });
      return `(${cells.join(', ')})`;
    });
    const insert = `INSERT INTO ${tableRef(schema)} (${columnList(target.map((c) => c.name))}) VALUES ${values.join(', ')}${conflict}`;
    statements.push({ sql: wrapWrite(insert, options), parameters: params.values });
  }
  return statements;
}

export function buildUpdate(schema: TableSchema, query: ParsedQuery, values: Record<string, unknown>, options: WriteOptions): Statement {
  const params = new Parameters();
  const sets = Object.keys(values).map((name) => {
    const column = payloadColumnOf(schema, name);
    return `${quoteIdent(column.name)} = ${params.typed(columnValue(column, values[name]), column.type)}`;
  });
  const where = whereSql(schema, query.filters, params);
  return { sql: wrapWrite(`UPDATE ${tableRef(schema)} SET ${sets.join(', ')}${where}`, options), parameters: params.values };
}

export function buildDelete(schema: TableSchema, query: ParsedQuery, options: WriteOptions): Statement {
  const params = new Parameters();
  const where = whereSql(schema, query.filters, params);
  return { sql: wrapWrite(`DELETE FROM ${tableRef(schema)}${where}`, options), parameters: params.values };
}
