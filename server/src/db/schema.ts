// Row types of the tables created by server/migrations, for kysely's typed queries.
import type { AgentConfig, AppRole } from '@accent/shared';
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

export interface RemoteRegistryTable {
  id: string;
  name: string;
  entry: string;
  version: string;
  updated_at: GeneratedTimestamp;
}

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: GeneratedTimestamp;
}

export interface DB {
  accounts: AccountsTable;
  environments: EnvironmentsTable;
  libraries: LibrariesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  agents: AgentsTable;
  agent_versions: AgentVersionsTable;
  remote_registry: RemoteRegistryTable;
  schema_migrations: SchemaMigrationsTable;
}
