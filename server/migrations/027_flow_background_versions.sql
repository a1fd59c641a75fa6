-- Versions of flows and background agents: a flow keeps a version when its builder names one ("Save
-- version…"), when it is deployed and when one is restored, never on each auto-save; a background agent
-- keeps one on every save that changes it (a trigger, so every way of saving — the data gateway or the
-- server — is covered). Versions are never changed or deleted: restoring one writes a new one.
--
-- Visibility (RLS, role `authenticated`): a flow's versions exactly when the flow itself is visible
-- (the flows_select rule of 007 applies inside the EXISTS), a background agent's likewise (008). Nobody
-- writes versions through the gateway: the server writes flow versions as the table owner, and the
-- background trigger runs as its owner (SECURITY DEFINER).

CREATE TABLE public.flow_versions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  flow_id      text NOT NULL REFERENCES public.flows (id) ON DELETE CASCADE,
  library_id   uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  -- 1, 2, 3… per flow
  number       integer NOT NULL CHECK (number >= 1),
  -- named: the builder's name; deployed: 'Deployed'; restored: 'Restored from …'
  kind         text NOT NULL CHECK (kind IN ('named', 'deployed', 'restored')),
  label        text NOT NULL CHECK (char_length(btrim(label)) BETWEEN 1 AND 200),
  -- the flow's settings and graph at that moment
  flow_name    text NOT NULL,
  description  text NOT NULL DEFAULT '',
  tags         text[] NOT NULL DEFAULT '{}',
  flow_data    jsonb NOT NULL CHECK (jsonb_typeof(flow_data) = 'object'),
  created_by   uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- a flow's versions by number (the Versions panel, newest first) and the next number
CREATE UNIQUE INDEX flow_versions_flow_number_idx ON public.flow_versions (flow_id, number);
CREATE INDEX flow_versions_library_idx ON public.flow_versions (library_id);
CREATE INDEX flow_versions_created_by_idx ON public.flow_versions (created_by);

CREATE TABLE public.background_agent_versions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id     text NOT NULL REFERENCES public.background_agents (id) ON DELETE CASCADE,
  library_id   uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  number       integer NOT NULL CHECK (number >= 1),
  -- 'Restored from version N' when a restore made it, else null (a save)
  note         text,
  name         text NOT NULL,
  icon         text NOT NULL,
  description  text NOT NULL,
  category     text NOT NULL,
  status       text NOT NULL,
  config       jsonb NOT NULL,
  created_by   uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX background_agent_versions_agent_number_idx ON public.background_agent_versions (agent_id, number);
CREATE INDEX background_agent_versions_library_idx ON public.background_agent_versions (library_id);
CREATE INDEX background_agent_versions_created_by_idx ON public.background_agent_versions (created_by);

-- Every save of a background agent that changes what it is (not its run counters) is a version. Who: the
-- gateway caller, or the user the server names for its own writes (accent.version_by, set locally in
-- the transaction, as is accent.version_note for a restore).
CREATE OR REPLACE FUNCTION public.accent_background_agent_version() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = ''
  AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND ROW(NEW.name, NEW.icon, NEW.description, NEW.category, NEW.status, NEW.config)
         IS NOT DISTINCT FROM ROW(OLD.name, OLD.icon, OLD.description, OLD.category, OLD.status, OLD.config) THEN
      RETURN NEW;
    END IF;
    INSERT INTO public.background_agent_versions (agent_id, library_id, number, note, name, icon, description, category, status, config, created_by)
    VALUES (
      NEW.id, NEW.library_id,
      (SELECT coalesce(max(v.number), 0) + 1 FROM public.background_agent_versions v WHERE v.agent_id = NEW.id),
      nullif(current_setting('accent.version_note', true), ''),
      NEW.name, NEW.icon, NEW.description, NEW.category, NEW.status, NEW.config,
      coalesce(public.accent_user_id(), nullif(current_setting('accent.version_by', true), '')::uuid)
    );
    RETURN NEW;
  END
  $$;

CREATE TRIGGER background_agents_version AFTER INSERT OR UPDATE ON public.background_agents
  FOR EACH ROW EXECUTE FUNCTION public.accent_background_agent_version();
REVOKE EXECUTE ON FUNCTION public.accent_background_agent_version() FROM PUBLIC;

-- the agents saved before versions existed start with their current state as version 1
INSERT INTO public.background_agent_versions (agent_id, library_id, number, name, icon, description, category, status, config, created_by, created_at)
SELECT id, library_id, 1, name, icon, description, category, status, config, owner_id, updated_at FROM public.background_agents;

ALTER TABLE public.flow_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.background_agent_versions ENABLE ROW LEVEL SECURITY;

CREATE POLICY flow_versions_select ON public.flow_versions FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND EXISTS (SELECT 1 FROM public.flows f WHERE f.id = flow_versions.flow_id)
  );

CREATE POLICY background_agent_versions_select ON public.background_agent_versions FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND EXISTS (SELECT 1 FROM public.background_agents a WHERE a.id = background_agent_versions.agent_id)
  );

DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.flow_versions, public.background_agent_versions FROM %I', r);
    END IF;
  END LOOP;
END
$$;
GRANT SELECT ON public.flow_versions, public.background_agent_versions TO authenticated;
