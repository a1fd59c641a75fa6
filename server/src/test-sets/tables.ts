// Row types of agent_test_sets and agent_test_runs (migration 025) for kysely, kept here so the test
// sets module does not edit the shared DB interface.
import type { ColumnType, Kysely } from 'kysely';
import type { DB, RunLeaseColumns } from '../db/schema.js';

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface AgentTestSetsTable {
  id: ColumnType<string, string | undefined, never>;
  library_id: string;
  agent_id: string;
  name: string;
  cases: Json;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface AgentTestRunsTable extends RunLeaseColumns {
  id: ColumnType<string, string | undefined, never>;
  library_id: string;
  test_set_id: string;
  agent_id: string;
  agent_version: number | null;
  passed: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
  results: Json;
  status: ColumnType<'running' | 'done' | 'failed', 'running' | 'done' | 'failed' | undefined, 'running' | 'done' | 'failed'>;
  total: number;
  draft: ColumnType<unknown, string | null | undefined, string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
}

// a type (not an interface) so it meets withTables' Record constraint
export type TestSetTables = {
  agent_test_sets: AgentTestSetsTable;
  agent_test_runs: AgentTestRunsTable;
};

export const withTestSetTables = (db: Kysely<DB>) => db.withTables<TestSetTables>();
