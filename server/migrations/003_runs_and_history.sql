-- Teams for agent access permissions, recorded agent runs with their traces, and conversation history.

ALTER TABLE users ADD COLUMN team text CHECK (team IN ('sales', 'marketing'));

CREATE TABLE agent_runs (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id     uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  -- runs outlive their agent (the name stays for the record)
  agent_id       uuid REFERENCES agents (id) ON DELETE SET NULL,
  agent_name     text NOT NULL,
  agent_version  integer,
  user_id        uuid REFERENCES users (id) ON DELETE SET NULL,
  thread_id      text NOT NULL DEFAULT '',
  source         text NOT NULL CHECK (source IN ('test', 'agent-test', 'chatbot', 'api', 'agent')),
  input          jsonb NOT NULL DEFAULT '{}'::jsonb,
  output         text,
  status         text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled')),
  error          text,
  started_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  duration_ms    integer,
  model_ms       integer,
  usage          jsonb,
  trace          jsonb
);
-- recent runs of an agent, and the per-agent rate limit (runs started in the last minute)
CREATE INDEX agent_runs_library_agent_started_idx ON agent_runs (library_id, agent_name, started_at DESC);
CREATE INDEX agent_runs_agent_started_idx ON agent_runs (agent_id, started_at);
CREATE INDEX agent_runs_user_id_idx ON agent_runs (user_id);

-- One conversation with an agent. thread_id is the client's (session memory) or `user:<id>` (persistent).
CREATE TABLE agent_threads (
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  agent_name  text NOT NULL,
  thread_id   text NOT NULL,
  user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (library_id, agent_name, thread_id)
);
CREATE INDEX agent_threads_user_id_idx ON agent_threads (user_id);

CREATE TABLE agent_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id   text NOT NULL,
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  agent_name  text NOT NULL,
  user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
  role        text NOT NULL CHECK (role IN ('user', 'assistant')),
  content     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_messages_thread_idx ON agent_messages (library_id, agent_name, thread_id, created_at);
CREATE INDEX agent_messages_user_id_idx ON agent_messages (user_id);
