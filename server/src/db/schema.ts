// Row types of the tables created by server/migrations, for kysely's typed queries.
import type { AgentConfig, RunSource, RunStatus, RunTrace, RunUsage } from '@accent/agents-common';
import type { AppRole } from '@accent/shared';
import type { CredentialKind, Team } from '@accent/shell-common';
import type { ColumnType, Generated } from 'kysely';

/** timestamptz: read as Date (pg and PGlite both parse it), written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read parsed, written as JSON text (identical behaviour on pg and PGlite). */
type Json<T> = ColumnType<T, string, string>;

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  created_at: GeneratedTimestamp;
}

export interface EnvironmentsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  web_client_url: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface LibrariesTable {
  id: Generated<string>;
  environment_id: string;
  name: string;
  created_at: GeneratedTimestamp;
}

export interface UsersTable {
  id: Generated<string>;
  account_id: string;
  library_id: string;
  email: string;
  name: string;
  title: Generated<string>;
  role: AppRole;
  password_hash: string;
  active: Generated<boolean>;
  team: ColumnType<Team | null, Team | null | undefined, Team | null>;
  created_at: GeneratedTimestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  persistent: Generated<boolean>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
}

export interface AgentsTable {
  id: Generated<string>;
  library_id: string;
  name: string;
  config: Json<AgentConfig>;
  current_version: Generated<number>;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface AgentVersionsTable {
  agent_id: string;
  version: number;
  config: Json<AgentConfig>;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface RemoteVersionsTable {
  remote_id: string;
  version: string;
  entry: string;
  build_version: string | null;
  requires: string | null;
  withdrawn: Generated<boolean>;
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  withdrawn_reason: ColumnType<string | null, string | null | undefined, string | null>;
  registered_at: GeneratedTimestamp;
  registered_by: string | null;
}

export interface RemoteChannelsTable {
  remote_id: string;
  current_version: string | null;
  previous_versions: ColumnType<string[], string[] | undefined, string[]>;
  canary_version: string | null;
  canary_percent: number | null;
  updated_at: GeneratedTimestamp;
}

export interface RemoteEventsTable {
  id: Generated<string>;
  remote_id: string;
  action: string;
  version: string | null;
  detail: string | null;
  actor_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface RemoteHealthTable {
  remote_id: string;
  version: string;
  user_id: string;
  /** the browser's id of one page load: one outcome per user, version and page load */
  page_load: string;
  reference: string;
  outcome: 'loaded' | 'load-failed' | 'render-failed';
  message: string | null;
  created_at: GeneratedTimestamp;
}

export interface StudioOperatorsTable {
  user_id: string;
  granted_at: GeneratedTimestamp;
}

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: GeneratedTimestamp;
}

/** bytea: Buffer from pg, Uint8Array from PGlite; written as Buffer (a Uint8Array) on both. */
type Bytes = ColumnType<Uint8Array, Uint8Array, Uint8Array>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface LibraryCredentialsTable {
  library_id: string;
  kind: CredentialKind;
  key: string;
  ciphertext: Bytes;
  iv: Bytes;
  auth_tag: Bytes;
  hint: Generated<string>;
  updated_by: string | null;
  updated_at: GeneratedTimestamp;
}

export interface RunInput {
  query: string;
  params: Record<string, string>;
}

/** 038: the lease of the process carrying a running run (server/src/run-leases), in every run table */
export interface RunLeaseColumns {
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  lease_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface AgentRunsTable extends RunLeaseColumns {
  id: Generated<string>;
  library_id: string;
  agent_id: string | null;
  agent_name: string;
  agent_version: number | null;
  user_id: string | null;
  thread_id: Generated<string>;
  source: RunSource;
  input: Json<RunInput>;
  output: Nullable<string>;
  status: ColumnType<RunStatus, RunStatus | undefined, RunStatus>;
  error: Nullable<string>;
  started_at: GeneratedTimestamp;
  finished_at: Nullable<Date>;
  duration_ms: Nullable<number>;
  model_ms: Nullable<number>;
  usage: ColumnType<RunUsage | null, string | null | undefined, string | null>;
  trace: ColumnType<RunTrace | null, string | null | undefined, string | null>;
  // computed by the database when the run finishes (migration 024): numeric, a string from pg
  cost_usd: ColumnType<string | number | null, never, never>;
  cost_note: ColumnType<string | null, never, never>;
}

export interface AgentThreadsTable {
  library_id: string;
  agent_name: string;
  thread_id: string;
  user_id: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface AgentMessagesTable {
  id: Generated<string>;
  thread_id: string;
  library_id: string;
  agent_name: string;
  user_id: string | null;
  role: 'user' | 'assistant';
  content: string;
  created_at: GeneratedTimestamp;
}

/** `search` (a generated tsvector) is left out: it is only read through sql`` expressions. */
export interface LibraryDocumentsTable {
  id: Generated<string>;
  library_id: string;
  folder: Generated<string>;
  name: string;
  mime: Generated<string>;
  content: Generated<string>;
  data: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface LibraryRowsTable {
  id: Generated<string>;
  library_id: string;
  table_name: string;
  data: Json<Record<string, unknown>>;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface EmailDraftsTable {
  id: Generated<string>;
  library_id: string;
  to: string;
  subject: string;
  body: string;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

/** 033: the server processes sharing the database (Admin → Settings → Servers) */
export interface ServersTable {
  id: string;
  role: 'all' | 'web' | 'worker';
  version: string;
  host: string;
  pid: number;
  storage_kind: 'folder' | 's3';
  storage_location: string;
  storage_id: string;
  started_at: GeneratedTimestamp;
  last_seen: GeneratedTimestamp;
}

export interface DB {
  servers: ServersTable;
  accounts: AccountsTable;
  environments: EnvironmentsTable;
  libraries: LibrariesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  agents: AgentsTable;
  agent_versions: AgentVersionsTable;
  remote_versions: RemoteVersionsTable;
  remote_channels: RemoteChannelsTable;
  remote_events: RemoteEventsTable;
  remote_health: RemoteHealthTable;
  studio_operators: StudioOperatorsTable;
  schema_migrations: SchemaMigrationsTable;
  library_credentials: LibraryCredentialsTable;
  agent_runs: AgentRunsTable;
  agent_threads: AgentThreadsTable;
  agent_messages: AgentMessagesTable;
  library_documents: LibraryDocumentsTable;
  library_rows: LibraryRowsTable;
  email_drafts: EmailDraftsTable;
}
