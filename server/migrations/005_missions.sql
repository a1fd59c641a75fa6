-- Missions and their runs (docs/missions-contract.md), readable and writable by the browser through the
-- data gateway (/rest/v1, PostgREST protocol) or a hosted Supabase project's PostgREST. Row-level
-- security decides who sees what, identically in both modes: requests run as role `authenticated` with
-- the caller's JWT claims in `request.jwt.claims`. The server's own code (the scheduler) connects as the
-- table owner and bypasses RLS (the tables do not FORCE it).
--
-- Plain PostgreSQL: applies unchanged to the embedded database, a self-hosted server and a hosted
-- Supabase project (run the migrations in order in the SQL editor or with psql).

-- The gateway's role (001 creates it too; Supabase has it already).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN;
  END IF;
END
$$;

-- ---------------------------------------------------------------------------------------------------
-- Claims of the current request. NULL outside a gateway request (no claims set). An unset custom
-- setting reads as '' after an earlier transaction set it locally, hence the nullif.
CREATE OR REPLACE FUNCTION public.accent_claim(name text) RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> $1 $$;

CREATE OR REPLACE FUNCTION public.accent_user_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(public.accent_claim('sub'), '')::uuid $$;

CREATE OR REPLACE FUNCTION public.accent_library_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(public.accent_claim('lib'), '')::uuid $$;

CREATE OR REPLACE FUNCTION public.accent_app_role() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT public.accent_claim('app_role') $$;

-- May the caller run this agent of their library? The agent's settings.access (spec: Advanced Settings →
-- Access Permissions; missing = all_users) against the caller's row in `users` (role, team, active):
-- admins run every agent of their library; all_users → everyone; sales_team / marketing_team → users of
-- that team. An agent that does not exist → false. SECURITY DEFINER: `authenticated` cannot read
-- agents or users itself.
CREATE OR REPLACE FUNCTION public.accent_can_run_agent(agent_name text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = ''
  AS $$
    SELECT EXISTS (
      SELECT 1
      FROM public.agents a
      JOIN public.users u ON u.id = public.accent_user_id() AND u.library_id = a.library_id AND u.active
      CROSS JOIN LATERAL (
        SELECT CASE jsonb_typeof(a.config -> 'settings' -> 'access')
                 WHEN 'array' THEN a.config -> 'settings' -> 'access'
                 WHEN 'string' THEN jsonb_build_array(a.config -> 'settings' -> 'access')
                 ELSE '["all_users"]'::jsonb
               END AS access
      ) s
      WHERE a.library_id = public.accent_library_id()
        AND a.name = $1
        AND (
          u.role = 'admin'
          OR s.access ? 'all_users'
          OR (s.access ? 'sales_team' AND u.team = 'sales')
          OR (s.access ? 'marketing_team' AND u.team = 'marketing')
        )
    )
  $$;

-- Is this user id a user of the caller's library? (admins may create missions for them)
CREATE OR REPLACE FUNCTION public.accent_is_library_user(user_id uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = ''
  AS $$ SELECT EXISTS (SELECT 1 FROM public.users u WHERE u.id = $1 AND u.library_id = public.accent_library_id()) $$;

CREATE OR REPLACE FUNCTION public.accent_touch_updated_at() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.updated_at := now();
    RETURN NEW;
  END
  $$;

-- ---------------------------------------------------------------------------------------------------
CREATE TABLE public.missions (
  id               text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  library_id       uuid NOT NULL DEFAULT public.accent_library_id() REFERENCES public.libraries (id) ON DELETE CASCADE,
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  description      text NOT NULL DEFAULT '',
  -- the agent's name (agents are unique by name in a library)
  agent_id         text NOT NULL,
  -- display name, updated for all missions of an agent on rename
  agent_name       text NOT NULL,
  prompt           text NOT NULL DEFAULT '',
  parameters       jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(parameters) = 'object'),
  schedule         jsonb NOT NULL DEFAULT '{"type":"on-demand"}'::jsonb CHECK (jsonb_typeof(schedule) = 'object'),
  delivery         jsonb NOT NULL DEFAULT '{"channels":["feed"]}'::jsonb CHECK (jsonb_typeof(delivery) = 'object'),
  scope            text NOT NULL DEFAULT 'private' CHECK (scope IN ('private', 'library')),
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'draft')),
  -- email of the creator
  created_by       text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- set by the scheduler
  last_run         timestamptz,
  next_run         timestamptz,
  execution_count  integer NOT NULL DEFAULT 0 CHECK (execution_count >= 0),
  -- percentage 0..100 of succeeded runs
  success_rate     numeric(5,2) NOT NULL DEFAULT 0 CHECK (success_rate BETWEEN 0 AND 100),
  tags             text[] NOT NULL DEFAULT '{}',
  -- the owner
  user_id          uuid NOT NULL DEFAULT public.accent_user_id() REFERENCES public.users (id) ON DELETE CASCADE
);
CREATE INDEX missions_library_created_idx ON public.missions (library_id, created_at DESC);
CREATE INDEX missions_library_user_idx ON public.missions (library_id, user_id);
CREATE INDEX missions_library_agent_idx ON public.missions (library_id, agent_id);
CREATE INDEX missions_status_next_run_idx ON public.missions (status, next_run);

CREATE TRIGGER missions_touch_updated_at BEFORE UPDATE ON public.missions
  FOR EACH ROW EXECUTE FUNCTION public.accent_touch_updated_at();

CREATE TABLE public.mission_runs (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  mission_id     text NOT NULL REFERENCES public.missions (id) ON DELETE CASCADE,
  library_id     uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  -- the mission's owner
  user_id        uuid NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
  trigger        text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  status         text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  output         text,
  error          text,
  agent_run_id   uuid REFERENCES public.agent_runs (id) ON DELETE SET NULL,
  -- [{channel, status: 'sent'|'failed'|'skipped', detail}]
  deliveries     jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(deliveries) = 'array'),
  scheduled_for  timestamptz,
  started_at     timestamptz,
  finished_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mission_runs_library_created_idx ON public.mission_runs (library_id, created_at DESC);
CREATE INDEX mission_runs_mission_created_idx ON public.mission_runs (mission_id, created_at DESC);

-- ---------------------------------------------------------------------------------------------------
-- Row-level security for the gateway's role. Not FORCEd: the owner (the server itself) bypasses it.
ALTER TABLE public.missions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.mission_runs ENABLE ROW LEVEL SECURITY;

-- (SELECT f()) makes PostgreSQL evaluate the claim once per statement, not once per row.
CREATE POLICY missions_select ON public.missions FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (user_id = (SELECT public.accent_user_id()) OR scope = 'library' OR (SELECT public.accent_app_role()) = 'admin')
  );

CREATE POLICY missions_insert ON public.missions FOR INSERT TO authenticated
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (user_id = (SELECT public.accent_user_id()) OR ((SELECT public.accent_app_role()) = 'admin' AND public.accent_is_library_user(user_id)))
    AND public.accent_can_run_agent(agent_id)
  );

CREATE POLICY missions_update ON public.missions FOR UPDATE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (user_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  )
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (user_id = (SELECT public.accent_user_id()) OR ((SELECT public.accent_app_role()) = 'admin' AND public.accent_is_library_user(user_id)))
    AND public.accent_can_run_agent(agent_id)
  );

CREATE POLICY missions_delete ON public.missions FOR DELETE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (user_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

-- Runs: no write policy, so `authenticated` cannot write them even if granted.
CREATE POLICY mission_runs_select ON public.mission_runs FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (
      user_id = (SELECT public.accent_user_id())
      OR (SELECT public.accent_app_role()) = 'admin'
      -- the missions table's own policy applies inside: only visible library-scope missions count
      OR EXISTS (SELECT 1 FROM public.missions m WHERE m.id = mission_runs.mission_id AND m.scope = 'library')
    )
  );

-- ---------------------------------------------------------------------------------------------------
-- Privileges. `authenticated` (and Supabase's `anon`) see only what is granted here: a hosted Supabase
-- project grants every new table in `public` to anon and authenticated by default, which would expose
-- users, credentials and the rest through its PostgREST. So: take everything away, then grant the two
-- gateway tables; and make tables created later private by default (later migrations grant what their
-- gateway tables need, as here).
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %I', r);
      EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %I', r);
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM %I', r);
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM %I', r);
    END IF;
  END LOOP;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anon') THEN
    EXECUTE 'REVOKE EXECUTE ON FUNCTION public.accent_can_run_agent(text), public.accent_is_library_user(uuid) FROM anon';
  END IF;
END
$$;

REVOKE EXECUTE ON FUNCTION public.accent_can_run_agent(text), public.accent_is_library_user(uuid) FROM PUBLIC;

GRANT USAGE ON SCHEMA public TO authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.missions TO authenticated;
GRANT SELECT ON public.mission_runs TO authenticated;
GRANT EXECUTE ON FUNCTION
  public.accent_claim(text), public.accent_user_id(), public.accent_library_id(), public.accent_app_role(),
  public.accent_can_run_agent(text), public.accent_is_library_user(uuid)
  TO authenticated;

-- The connecting role must be allowed to SET ROLE authenticated (superusers and Supabase's postgres
-- already are). Try it; if refused, grant it; a self-hosted owner that cannot grant itself the role
-- gets a warning naming the fix.
DO $$
BEGIN
  BEGIN
    EXECUTE 'SET LOCAL ROLE authenticated';
    EXECUTE 'RESET ROLE';
  EXCEPTION WHEN insufficient_privilege THEN
    BEGIN
      EXECUTE format('GRANT authenticated TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
      RAISE WARNING 'The data gateway needs: GRANT authenticated TO %; (run it as a superuser)', current_user;
    END;
  END;
END
$$;
