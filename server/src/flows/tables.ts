// Row types of public.flows, public.flow_deployments and public.flow_runs (migration 007) for kysely,
// kept here (like missions/tables.ts) so the flows module does not edit the shared DB interface.
import type { FlowRunNodeResult, FlowRunStatus, FlowRunTrigger, FlowStatus } from '@accent/flows-common';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Defaulted, GeneratedTimestamp, Nullable, NullableTimestamp, RowId } from '../db/columns.js';
import type { DB, RunLeaseColumns } from '../db/schema.js';

export interface FlowsTable {
  id: RowId;
  name: string;
  description: Generated<string>;
  status: Defaulted<FlowStatus>;
  node_count: Generated<number>;
  execution_count: Generated<number>;
  /** numeric(5,2): a string from pg and PGlite */
  success_rate: ColumnType<string | number, number | undefined, number>;
  tags: Defaulted<string[]>;
  author: Generated<string>;
  /** validated when run (flowDataSchema): a row written through the gateway may hold anything */
  flow_data: ColumnType<unknown, string | undefined, string>;
  user_id: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  library_id: string;
  owner_id: string;
}

export type DeployedTrigger = 'webhook' | 'schedule' | 'form';

export interface FlowDeploymentsTable {
  flow_id: string;
  library_id: string;
  trigger_type: DeployedTrigger;
  webhook_secret_hash: Nullable<string>;
  schedule_cron: Nullable<string>;
  schedule_tz: Nullable<string>;
  deployed_at: GeneratedTimestamp;
  deployed_by: Nullable<string>;
}

export type StoredFlowRunStatus = 'queued' | FlowRunStatus;

export interface FlowRunsTable extends RunLeaseColumns {
  id: RowId;
  flow_id: string;
  library_id: string;
  owner_id: string;
  requested_by: Nullable<string>;
  trigger: FlowRunTrigger;
  status: Defaulted<StoredFlowRunStatus>;
  payload: ColumnType<unknown, string | undefined, string>;
  nodes: ColumnType<FlowRunNodeResult[], string | undefined, string>;
  error: Nullable<string>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  duration_ms: Nullable<number>;
  created_at: GeneratedTimestamp;
}

export type FlowTables = {
  flows: FlowsTable;
  flow_deployments: FlowDeploymentsTable;
  flow_runs: FlowRunsTable;
};

export type FlowsDB = DB & FlowTables;

export const withFlowTables = (db: Kysely<DB>) => db.withTables<FlowTables>();
