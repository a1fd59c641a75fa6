// Row types of public.missions and public.mission_runs (migrations 005 and 006, docs/missions-contract.md)
// for kysely, kept here so the scheduler does not depend on the shared DB interface's edits.
import type { MissionDelivery, MissionRunDelivery, MissionRunStatus, MissionRunTrigger, MissionScope, MissionStatus } from '@accent/missions-common';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Defaulted, GeneratedTimestamp, Nullable, NullableTimestamp, RowId } from '../db/columns.js';
import type { DB, RunLeaseColumns } from '../db/schema.js';

type Json<T> = ColumnType<T, string, string>;

export interface MissionsTable {
  id: RowId;
  library_id: string;
  name: string;
  description: Generated<string>;
  agent_id: string;
  agent_name: string;
  prompt: Generated<string>;
  /** map name → value; values are strings when written by the editor, read defensively */
  parameters: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** validated when read (missionScheduleSchema): a row written straight to the database may be anything */
  schedule: ColumnType<unknown, string | undefined, string>;
  delivery: ColumnType<Partial<MissionDelivery> | null, string | undefined, string>;
  scope: Defaulted<MissionScope>;
  status: Defaulted<MissionStatus>;
  created_by: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  last_run: NullableTimestamp;
  next_run: NullableTimestamp;
  execution_count: Generated<number>;
  /** numeric(5,2): a string from pg and PGlite; written as a number */
  success_rate: ColumnType<string | number, number | undefined, number>;
  tags: Defaulted<string[]>;
  user_id: string;
}

export interface MissionRunsTable extends RunLeaseColumns {
  id: Generated<string>;
  mission_id: string;
  library_id: string;
  user_id: string;
  trigger: MissionRunTrigger;
  status: Defaulted<MissionRunStatus>;
  output: Nullable<string>;
  error: Nullable<string>;
  agent_run_id: Nullable<string>;
  deliveries: Json<MissionRunDelivery[]>;
  scheduled_for: NullableTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
  /** 006: who asked for a manual run (null for scheduled runs) */
  requested_by: Nullable<string>;
  /** 030: how many times a job has started this run (a retried job continues the row) */
  attempt: Generated<number>;
}

export type MissionTables = {
  missions: MissionsTable;
  mission_runs: MissionRunsTable;
};

export type MissionsDB = DB & MissionTables;

/** The server's kysely handle, typed with the mission tables. */
export const withMissionTables = (db: Kysely<DB>) => db.withTables<MissionTables>();
