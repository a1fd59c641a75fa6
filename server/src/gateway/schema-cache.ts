// The exposed tables' real columns, read once from the catalog (as the owner, outside any request) and
// kept for the life of the process. Column names and types here are the only identifiers the gateway
// ever writes into SQL.
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface ColumnInfo {
  name: string;
  /** format_type(): e.g. `text`, `uuid`, `jsonb`, `text[]`, `numeric(5,2)`, `timestamp with time zone` */
  type: string;
  /** jsonb / json: body values are written as JSON */
  json: boolean;
  /** an array type (text[] …): body arrays are written as array literals */
  array: boolean;
}

export interface TableSchema {
  name: string;
  /** in table order (what `select=*` answers) */
  columns: ColumnInfo[];
  byName: ReadonlyMap<string, ColumnInfo>;
  primaryKey: string[];
}

interface CatalogRow {
  table_name: string;
  column_name: string;
  type: string;
  base_type: string;
  category: string;
  pk_position: number | string | null;
}

/** `{a,b}`: a text[] literal of plain identifiers (table names from our own allow-list). */
const identifierArray = (names: string[]) => `{${names.map((n) => `"${n.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export interface SchemaCache {
  /** The table's schema, or undefined when it does not exist (yet) in the database. */
  get(table: string): Promise<TableSchema | undefined>;
}

export function createSchemaCache(db: Kysely<DB>, tables: readonly string[]): SchemaCache {
  let loading: Promise<Map<string, TableSchema>> | undefined;

  async function load(): Promise<Map<string, TableSchema>> {
    const result = await db.executeQuery<CatalogRow>(
      CompiledQuery.raw(
        `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
                t.typname AS base_type, t.typcategory AS category,
                array_position(i.indkey::int2[], a.attnum) AS pk_position
           FROM pg_catalog.pg_class c
           JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
           JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
           JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
           LEFT JOIN pg_catalog.pg_index i ON i.indrelid = c.oid AND i.indisprimary
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v') AND c.relname = ANY($1::text[])
          ORDER BY c.relname, a.attnum`,
        [identifierArray([...tables])],
      ),
    );
    const schemas = new Map<string, TableSchema>();
    const pk = new Map<string, { name: string; position: number }[]>();
    for (const row of result.rows) {
      let schema = schemas.get(row.table_name);
      if (!schema) {
        schema = { name: row.table_name, columns: [], byName: new Map(), primaryKey: [] };
        schemas.set(row.table_name, schema);
        pk.set(row.table_name, []);
      }
      const column: ColumnInfo = {
        name: row.column_name,
        type: row.type,
        json: row.base_type === 'json' || row.base_type === 'jsonb',
        array: row.category === 'A',
      };
      schema.columns.push(column);
      (schema.byName as Map<string, ColumnInfo>).set(column.name, column);
      if (row.pk_position != null) pk.get(row.table_name)!.push({ name: row.column_name, position: Number(row.pk_position) });
    }
    for (const [name, schema] of schemas) {
      schema.primaryKey = pk.get(name)!.sort((a, b) => a.position - b.position).map((c) => c.name);
    }
    return schemas;
  }

  return {
    async get(table) {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      const schemas = await loading;
      const schema = schemas.get(table);
      // A table listed but missing (its migration not applied yet): look again next time.
      if (!schema && tables.includes(table)) loading = undefined;
      return schema;
    },
  };
}
