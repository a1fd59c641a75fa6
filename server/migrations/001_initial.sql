-- Accounts, environments, libraries, users, refresh tokens, agents with versions and the remote registry.
-- Plain PostgreSQL (no PGlite- or Supabase-specific syntax) so the same file applies to the embedded
-- database, a self-hosted server and a hosted Supabase project. The runner wraps it in one transaction.

-- Later migrations use row-level security with this role; Supabase already has it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN;
  END IF;
END
$$;

CREATE TABLE accounts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE environments (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name            text NOT NULL UNIQUE,
  -- where the end-user web client of this environment lives; empty = the studio's own origin
  web_client_url  text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX environments_account_id_idx ON environments (account_id);

CREATE TABLE libraries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  environment_id  uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  name            text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (environment_id, name)
);

CREATE TABLE users (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  library_id     uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  email          text NOT NULL UNIQUE CHECK (email = lower(email)),
  name           text NOT NULL,
  title          text NOT NULL DEFAULT '',
  role           text NOT NULL CHECK (role IN ('admin', 'builder', 'member')),
  password_hash  text NOT NULL,
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_account_id_idx ON users (account_id);
CREATE INDEX users_library_id_idx ON users (library_id);

CREATE TABLE refresh_tokens (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id    uuid NOT NULL,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  persistent   boolean NOT NULL DEFAULT false,
  revoked_at   timestamptz,
  replaced_by  uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at);
CREATE INDEX refresh_tokens_replaced_by_idx ON refresh_tokens (replaced_by);

CREATE TABLE agents (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id       uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  name             text NOT NULL,
  config           jsonb NOT NULL,
  current_version  integer NOT NULL DEFAULT 1 CHECK (current_version >= 1),
  created_by       uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- also the index of the per-library list (ordered by name) and of every lookup by name
  UNIQUE (library_id, name)
);
CREATE INDEX agents_created_by_idx ON agents (created_by);

CREATE TABLE agent_versions (
  agent_id    uuid NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  version     integer NOT NULL CHECK (version >= 1),
  config      jsonb NOT NULL,
  created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, version)
);
CREATE INDEX agent_versions_created_by_idx ON agent_versions (created_by);

-- Runtime overrides of where a remote's build lives (a team deploying its remote alone).
CREATE TABLE remote_registry (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  entry       text NOT NULL,
  version     text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
