-- AI Flows (spec 02 §3.1, §7): the flows the browser reads and writes through the data gateway (/rest/v1,
-- PostgREST protocol) or a hosted Supabase project's PostgREST, their runs (read-only for the browser),
-- and their deployments (server-only: webhook secret hashes and schedules).
--
-- Visibility (RLS, role `authenticated`): a flow of the caller's library whose owner is the caller, or
-- any flow of the library for an administrator. Only administrators and builders may create, change or
-- delete flows (members get 403 42501). Runs are visible exactly when their flow's row would be.
-- The server connects as the table owner and bypasses RLS (not FORCEd), like 005.
--
-- Plain PostgreSQL: applies unchanged to the embedded database, a self-hosted server and a hosted
-- Supabase project.

-- ---------------------------------------------------------------------------------------------------
-- flow-{epoch milliseconds}-{9 random base-36 characters}, the builder's id format
CREATE OR REPLACE FUNCTION public.accent_new_flow_id() RETURNS text
  LANGUAGE sql VOLATILE
  AS $$
    SELECT 'flow-' || floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint::text || '-' ||
      (SELECT string_agg(substr('abcdefghijklmnopqrstuvwxyz0123456789', 1 + floor(random() * 36)::int, 1), '') FROM generate_series(1, 9))
  $$;

CREATE TABLE public.flows (
  id               text PRIMARY KEY DEFAULT public.accent_new_flow_id() CHECK (char_length(id) BETWEEN 1 AND 200),
  name             text NOT NULL DEFAULT 'New Workflow' CHECK (char_length(name) BETWEEN 1 AND 200),
  description      text NOT NULL DEFAULT '',
  status           text NOT NULL DEFAULT 'draft' CHECK (status IN ('active', 'inactive', 'draft')),
  node_count       integer NOT NULL DEFAULT 0 CHECK (node_count >= 0),
  execution_count  integer NOT NULL DEFAULT 0 CHECK (execution_count >= 0),
  -- percentage 0..100 of succeeded runs
  success_rate     numeric(5,2) NOT NULL DEFAULT 0 CHECK (success_rate BETWEEN 0 AND 100),
  tags             text[] NOT NULL DEFAULT '{}',
  author           text NOT NULL DEFAULT 'current-user',
  -- {nodes, edges, viewport {x, y, zoom}}
  flow_data        jsonb NOT NULL DEFAULT '{"nodes":[],"edges":[],"viewport":{"x":0,"y":0,"zoom":1}}'::jsonb
                   CHECK (jsonb_typeof(flow_data) = 'object'),
  -- the spec's user_{user id}_lib_{library id}; kept equal to owner_id and library_id by a trigger
  user_id          text NOT NULL DEFAULT 'default-user',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- row-level security
  library_id       uuid NOT NULL DEFAULT public.accent_library_id() REFERENCES public.libraries (id) ON DELETE CASCADE,
  owner_id         uuid NOT NULL DEFAULT public.accent_user_id() REFERENCES public.users (id) ON DELETE CASCADE
);
CREATE INDEX flows_library_updated_idx ON public.flows (library_id, updated_at DESC);
CREATE INDEX flows_library_owner_idx ON public.flows (library_id, owner_id);

CREATE OR REPLACE FUNCTION public.accent_flows_before_write() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.user_id := 'user_' || NEW.owner_id::text || '_lib_' || NEW.library_id::text;
    -- updated_at moves when the flow itself changes, not when a run updates its counters (the dashboard
    -- lists flows by updated_at)
    IF TG_OP = 'UPDATE' AND ROW(NEW.name, NEW.description, NEW.status, NEW.node_count, NEW.tags, NEW.author, NEW.flow_data, NEW.owner_id, NEW.library_id)
         IS DISTINCT FROM ROW(OLD.name, OLD.description, OLD.status, OLD.node_count, OLD.tags, OLD.author, OLD.flow_data, OLD.owner_id, OLD.library_id) THEN
      NEW.updated_at := now();
    END IF;
    RETURN NEW;
  END
  $$;

CREATE TRIGGER flows_before_write BEFORE INSERT OR UPDATE ON public.flows
  FOR EACH ROW EXECUTE FUNCTION public.accent_flows_before_write();

-- ---------------------------------------------------------------------------------------------------
-- Deployments (server-only: never granted to `authenticated`). One row per deployed flow.
CREATE TABLE public.flow_deployments (
  flow_id              text PRIMARY KEY REFERENCES public.flows (id) ON DELETE CASCADE,
  library_id           uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  -- webhook, schedule or form: the start trigger's type when deployed
  trigger_type         text NOT NULL CHECK (trigger_type IN ('webhook', 'schedule', 'form')),
  -- hex SHA-256 of the webhook secret (the secret itself is shown once, at deploy)
  webhook_secret_hash  text,
  schedule_cron        text,
  schedule_tz          text,
  deployed_at          timestamptz NOT NULL DEFAULT now(),
  deployed_by          uuid REFERENCES public.users (id) ON DELETE SET NULL
);
CREATE INDEX flow_deployments_schedule_idx ON public.flow_deployments (flow_id) WHERE schedule_cron IS NOT NULL;

-- ---------------------------------------------------------------------------------------------------
CREATE TABLE public.flow_runs (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  flow_id       text NOT NULL REFERENCES public.flows (id) ON DELETE CASCADE,
  library_id    uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  -- the flow's owner when the run was created (visibility)
  owner_id      uuid NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
  -- who asked for it (test and manual runs), null for webhook, form and schedule runs
  requested_by  uuid REFERENCES public.users (id) ON DELETE SET NULL,
  trigger       text NOT NULL CHECK (trigger IN ('test', 'manual', 'webhook', 'schedule', 'form', 'email')),
  status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  payload       jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- the engine's per-node results (shared flowRunNodeResultSchema), in topological order
  nodes         jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(nodes) = 'array'),
  error         text,
  started_at    timestamptz,
  finished_at   timestamptz,
  duration_ms   integer,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flow_runs_flow_created_idx ON public.flow_runs (flow_id, created_at DESC);
CREATE INDEX flow_runs_library_created_idx ON public.flow_runs (library_id, created_at DESC);
CREATE INDEX flow_runs_status_idx ON public.flow_runs (status) WHERE status IN ('queued', 'running');

-- ---------------------------------------------------------------------------------------------------
ALTER TABLE public.flows ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.flow_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.flow_deployments ENABLE ROW LEVEL SECURITY; -- no policy: nothing for `authenticated`

CREATE POLICY flows_select ON public.flows FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (owner_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

CREATE POLICY flows_insert ON public.flows FOR INSERT TO authenticated
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (owner_id = (SELECT public.accent_user_id()) OR ((SELECT public.accent_app_role()) = 'admin' AND public.accent_is_library_user(owner_id)))
  );

CREATE POLICY flows_update ON public.flows FOR UPDATE TO authenticated
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

CREATE POLICY flows_delete ON public.flows FOR DELETE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (owner_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

CREATE POLICY flow_runs_select ON public.flow_runs FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (owner_id = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

-- ---------------------------------------------------------------------------------------------------
-- Privileges: flows read/write, flow_runs read-only, flow_deployments nothing (005 made new tables
-- private by default; this states it for databases where that default was changed since).
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.flows, public.flow_runs, public.flow_deployments FROM %I', r);
    END IF;
  END LOOP;
END
$$;
REVOKE EXECUTE ON FUNCTION public.accent_new_flow_id() FROM PUBLIC;

GRANT SELECT, INSERT, UPDATE, DELETE ON public.flows TO authenticated;
GRANT SELECT ON public.flow_runs TO authenticated;
GRANT EXECUTE ON FUNCTION public.accent_new_flow_id() TO authenticated;
