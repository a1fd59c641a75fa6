-- Background agents (spec 02 §2.3–2.4, §3.5–3.6, §4.4): the agents the browser reads and writes through the
-- data gateway (/rest/v1, PostgREST protocol) or a hosted Supabase project's PostgREST, and their runs
-- (read-only for the browser).
--
-- Visibility (RLS, role `authenticated`): an agent of the caller's library whose owner is the caller, or
-- any agent of the library for an administrator. Only administrators and builders may create, change or
-- delete agents (members get 403 42501). Runs are visible exactly when their agent's row would be.
-- The server connects as the table owner and bypasses RLS (not FORCEd), like 005 and 007.
--
-- Plain PostgreSQL: applies unchanged to the embedded database, a self-hosted server and a hosted
-- Supabase project.

CREATE TABLE public.background_agents (
  id           text PRIMARY KEY DEFAULT gen_random_uuid()::text CHECK (char_length(id) BETWEEN 1 AND 200),
  name         text NOT NULL DEFAULT 'New Background Agent' CHECK (char_length(name) <= 200),
  icon         text NOT NULL DEFAULT '🤖' CHECK (char_length(icon) BETWEEN 1 AND 16),
  description  text NOT NULL DEFAULT '',
  category     text NOT NULL DEFAULT '',
  status       text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'paused')),
  -- the editor's full configuration (shared backgroundAgentConfigSchema, spec §3.6)
  config       jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(config) = 'object'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  -- row-level security
  library_id   uuid NOT NULL DEFAULT public.accent_library_id() REFERENCES public.libraries (id) ON DELETE CASCADE,
  owner_id     uuid NOT NULL DEFAULT public.accent_user_id() REFERENCES public.users (id) ON DELETE CASCADE
);
CREATE INDEX background_agents_library_updated_idx ON public.background_agents (library_id, updated_at DESC);
CREATE INDEX background_agents_library_owner_idx ON public.background_agents (library_id, owner_id);
CREATE INDEX background_agents_active_idx ON public.background_agents (status) WHERE status = 'active';

CREATE OR REPLACE FUNCTION public.accent_background_agents_before_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.updated_at := now();
    RETURN NEW;
  END
  $$;

CREATE TRIGGER background_agents_before_update BEFORE UPDATE ON public.background_agents
  FOR EACH ROW EXECUTE FUNCTION public.accent_background_agents_before_update();

-- ---------------------------------------------------------------------------------------------------
CREATE TABLE public.background_runs (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id     text NOT NULL REFERENCES public.background_agents (id) ON DELETE CASCADE,
  library_id   uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  -- the agent's owner when the run was created (visibility)
  owner_id     uuid NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
  trigger      text NOT NULL CHECK (trigger IN ('schedule', 'manual', 'event', 'test')),
  status       text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  output       text,
  format       text NOT NULL DEFAULT 'markdown' CHECK (format IN ('markdown', 'html', 'json', 'csv', 'pdf', 'slack_blocks')),
  -- [{channel, status, detail}] (shared backgroundDeliverySchema)
  deliveries   jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(deliveries) = 'array'),
  error        text,
  started_at   timestamptz,
  finished_at  timestamptz,
  duration_ms  integer,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX background_runs_agent_created_idx ON public.background_runs (agent_id, created_at DESC);
CREATE INDEX background_runs_library_created_idx ON public.background_runs (library_id, created_at DESC);
CREATE INDEX background_runs_status_idx ON public.background_runs (status) WHERE status IN ('queued', 'running');

-- ---------------------------------------------------------------------------------------------------
ALTER TABLE public.background_agents ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.background_runs ENABLE ROW LEVEL SECURITY;

CREATE POLICY background_agents_select ON public.background_agents FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (owner_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

CREATE POLICY background_agents_insert ON public.background_agents FOR INSERT TO authenticated
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (owner_id = (SELECT public.accent_user_id()) OR ((SELECT public.accent_app_role()) = 'admin' AND public.accent_is_library_user(owner_id)))
  );

CREATE POLICY background_agents_update ON public.background_agents FOR UPDATE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (owner_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  )
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (owner_id = (SELECT public.accent_user_id()) OR ((SELECT public.accent_app_role()) = 'admin' AND public.accent_is_library_user(owner_id)))
  );

CREATE POLICY background_agents_delete ON public.background_agents FOR DELETE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (owner_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

-- Runs: no write policy, so `authenticated` cannot write them even if granted.
CREATE POLICY background_runs_select ON public.background_runs FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (owner_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

-- ---------------------------------------------------------------------------------------------------
-- Privileges: background_agents read/write, background_runs read-only (005 made new tables private by
-- default; this states it for databases where that default was changed since).
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.background_agents, public.background_runs FROM %I', r);
    END IF;
  END LOOP;
END
$$;

GRANT SELECT, INSERT, UPDATE, DELETE ON public.background_agents TO authenticated;
GRANT SELECT ON public.background_runs TO authenticated;
