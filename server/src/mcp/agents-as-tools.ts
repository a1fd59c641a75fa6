// The studio as an MCP server: each agent the caller may run, and that administrators left exposed, is a
// tool. A tool's name is the agent's name made safe for MCP clients (letters, digits, _ and -, at most
// 64), its title the agent's name, its input the question and the agent's parameters (each optional, its
// saved value the default).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.js';
import { canRun, storedAccess, type Runner } from '../runtime/access.js';

export interface AgentTool {
  /** the MCP tool name */
  name: string;
  agentName: string;
  description: string;
  params: Record<string, string>;
}

export const QUESTION_FIELD = 'question';

/** `Deal Desk (EU)` → `deal_desk_eu`; a name taken already gets `_2`, `_3`… */
function toolNames(agentNames: string[]): string[] {
  const taken = new Set<string>();
  return agentNames.map((agentName) => {
    const base =
      agentName
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9_-]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .slice(0, 58) || 'agent';
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    return name;
  });
}

const asParams = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

/** The agents `runner` may run now and that are exposed over MCP, in name order, as tools. */
export async function agentTools(db: Kysely<DB>, runner: Runner): Promise<AgentTool[]> {
  const rows = await db
    .selectFrom('agents')
    .select([
      'name',
      sql<string>`coalesce(config->>'description', '')`.as('description'),
      sql<unknown>`config->'params'`.as('params'),
      sql<unknown>`config->'settings'`.as('settings'),
    ])
    .where('library_id', '=', runner.libraryId)
    // absent or true: exposed
    .where(sql<boolean>`coalesce((config->>'mcp')::boolean, true)`)
    .orderBy('name')
    .execute();
  const runnable = rows.filter((row) => canRun(storedAccess(row.settings), runner, row.name));
  const names = toolNames(runnable.map((row) => row.name));
  return runnable.map((row, i) => ({
    name: names[i],
    agentName: row.name,
    description: row.description || `Runs the agent "${row.name}".`,
    params: asParams(row.params),
  }));
}

/** The tool's input: the question, and each of the agent's parameters (optional: the saved value by default). */
export function inputShapeOf(tool: AgentTool): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { [QUESTION_FIELD]: z.string().max(100_000).describe('The question or task for the agent') };
  for (const [param, value] of Object.entries(tool.params)) {
    if (param === QUESTION_FIELD) continue;
    shape[param] = z
      .string()
      .max(100_000)
      .optional()
      .describe(value ? `Parameter ${param} (default: ${value.slice(0, 200)})` : `Parameter ${param}`);
  }
  return shape;
}
