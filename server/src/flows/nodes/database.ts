// Database (action database): inserts a row into the library's own tables (library_rows, migration 004)
// under the node's table name. The row is the node's body (a JSON object, templated); no body: the
// incoming data (an object as it is, anything else as {"value": …}). Output {id, table, row, created_at}.
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { renderBody, renderTemplate } from '../templating.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_ -]{0,62}$/;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const runDatabase: NodeExecutor<NodeOf<'action'>> = async ({ node, scope, services }) => {
  const { data } = node;
  if (!services.db || !services.libraryId) throw new NodeError(FLOW_RUN_MESSAGES.noDatabase);
  const table = renderTemplate(data.table, scope).trim();
  if (!table) throw new NodeError(FLOW_RUN_MESSAGES.noTable);
  if (!TABLE_NAME.test(table)) throw new NodeError(FLOW_RUN_MESSAGES.badTable(table));
  const rendered = renderBody(data.body, scope);
  let row: Record<string, unknown>;
  if (rendered === null) {
    const last = scope.input.last;
    row = isPlainObject(last) ? last : { value: last ?? null };
  } else if ('json' in rendered && isPlainObject(rendered.json)) row = rendered.json;
  else throw new NodeError(FLOW_RUN_MESSAGES.rowNotObject);
  const inserted = await services.db
    .insertInto('library_rows')
    .values({ library_id: services.libraryId, table_name: table, data: JSON.stringify(row), created_by: services.userId })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { output: { id: inserted.id, table, row, created_at: new Date(inserted.created_at).toISOString() } };
};
