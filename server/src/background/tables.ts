// Row types of public.background_agents and public.background_runs (migrations 008 and 009) for kysely,
// kept here like missions/tables.ts so the runner does not depend on edits of the shared DB interface.
import type { BackgroundAgentStatus, BackgroundDelivery, BackgroundOutputFormat, BackgroundRunStatus, BackgroundRunTrigger, BackgroundSourceResult } from '@accent/background-common';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Defaulted, GeneratedTimestamp, Nullable, NullableTimestamp, RowId } from '../db/columns.js';
import type { DB, RunLeaseColumns } from '../db/schema.js';

type Json<T> = ColumnType<T, string | undefined, string>;

export interface BackgroundAgentsTable {
  id: RowId;
  name: string;
  icon: Generated<string>;
  description: Generated<string>;
  category: Generated<string>;
  status: Defaulted<BackgroundAgentStatus>;
  /** validated when read (backgroundConfigFromRow): a row written straight to the database may be anything */
  config: Json<unknown>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  library_id: string;
  owner_id: string;
  last_run_at: NullableTimestamp;
  next_run_at: NullableTimestamp;
  run_count: Generated<number>;
}

export interface BackgroundRunsTable extends RunLeaseColumns {
  id: Generated<string>;
  agent_id: string;
  library_id: string;
  owner_id: string;
  trigger: BackgroundRunTrigger;
  status: Defaulted<BackgroundRunStatus>;
  output: Nullable<string>;
  format: BackgroundOutputFormat;
  deliveries: Json<BackgroundDelivery[]>;
  error: Nullable<string>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  duration_ms: Nullable<number>;
  created_at: GeneratedTimestamp;
  agent_name: string;
  attempt: number;
  max_attempts: number;
  sources: Json<BackgroundSourceResult[]>;
  agent_run_id: Nullable<string>;
  in_feed: Generated<boolean>;
  job_id: Nullable<string>;
  scheduled_for: NullableTimestamp;
}

export type BackgroundTables = {
  background_agents: BackgroundAgentsTable;
  background_runs: BackgroundRunsTable;
};

export const withBackgroundTables = (db: Kysely<DB>) => db.withTables<BackgroundTables>();
