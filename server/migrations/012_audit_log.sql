-- The audit log: who did what and when (sign-ins, users and roles, credentials and provider keys,
-- agents, the remote registry, publishing pages, deploying flows). Append-only: rows are written by the
-- server and read by administrators through the API; nothing may change or remove them, not even the
-- server's own role (the triggers below refuse UPDATE, DELETE and TRUNCATE), and the browser's roles
-- get no grant at all. No foreign keys: the trail outlives the users and libraries it names.
CREATE TABLE audit_log (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  -- the library the action concerns (NULL: a failed sign-in to a library that does not exist)
  library_id   uuid,
  -- who: NULL for an unknown email at sign-in or a command-line action
  actor_id     uuid,
  actor_email  text NOT NULL DEFAULT '',
  action       text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  -- what it was done to: a user's email, an agent's name, a credential kind/key, a remote id…
  target       text NOT NULL DEFAULT '',
  details      jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object'),
  -- the client's address as the server saw it
  ip           text NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_library_at_idx ON audit_log (library_id, at DESC, id DESC);
CREATE INDEX audit_log_library_action_idx ON audit_log (library_id, action, at DESC);

CREATE OR REPLACE FUNCTION public.accent_audit_log_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
  $$;

CREATE TRIGGER audit_log_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION public.accent_audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION public.accent_audit_log_append_only();

-- Row-level security with no policy: were a grant ever added to the browser's roles, they would still
-- see and change nothing. (The server's own role owns the table and is held by the triggers above.)
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.audit_log FROM %I', r);
    END IF;
  END LOOP;
END
$$;
REVOKE EXECUTE ON FUNCTION public.accent_audit_log_append_only() FROM PUBLIC;
