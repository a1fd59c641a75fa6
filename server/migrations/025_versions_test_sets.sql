-- Test sets of agents: named sets of cases (query, params, expectations) kept per agent, and each run
-- of a set against a saved version (agent_version) or the editor's unsaved draft (agent_version NULL,
-- the draft kept in `draft`), with every case's result as it finishes (a background job fills them:
-- status running → done, or failed with its error). The server writes them as the table owner (RLS not FORCEd); through the
-- data gateway (role `authenticated`) every user of the library reads them and builders and admins
-- change them, like the agents they belong to.

CREATE TABLE public.agent_test_sets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id  uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  agent_id    uuid NOT NULL REFERENCES public.agents (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 120),
  -- validated by the server (testCaseSchema of @accent/agents-common)
  cases       jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by  uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- one name per agent; also the index of an agent's sets by name
CREATE UNIQUE INDEX agent_test_sets_agent_name_idx ON public.agent_test_sets (agent_id, lower(name));
CREATE INDEX agent_test_sets_library_idx ON public.agent_test_sets (library_id);
CREATE INDEX agent_test_sets_created_by_idx ON public.agent_test_sets (created_by);

CREATE TABLE public.agent_test_runs (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id     uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  test_set_id    uuid NOT NULL REFERENCES public.agent_test_sets (id) ON DELETE CASCADE,
  agent_id       uuid NOT NULL REFERENCES public.agents (id) ON DELETE CASCADE,
  agent_version  integer,
  passed         integer NOT NULL DEFAULT 0,
  failed         integer NOT NULL DEFAULT 0,
  results        jsonb NOT NULL DEFAULT '[]'::jsonb,
  status         text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  -- how many cases the run has (results fill up to it)
  total          integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  draft          jsonb,
  error          text,
  created_by     uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz
);
-- a set's runs, newest first (side by side with the previous one)
CREATE INDEX agent_test_runs_set_idx ON public.agent_test_runs (test_set_id, created_at DESC);
-- an agent's versions that failed a set (the Versions tab's flags)
CREATE INDEX agent_test_runs_agent_version_idx ON public.agent_test_runs (agent_id, agent_version, created_at DESC);
CREATE INDEX agent_test_runs_library_idx ON public.agent_test_runs (library_id);
CREATE INDEX agent_test_runs_created_by_idx ON public.agent_test_runs (created_by);

CREATE TRIGGER agent_test_sets_touch BEFORE UPDATE ON public.agent_test_sets
  FOR EACH ROW EXECUTE FUNCTION public.accent_touch_updated_at();

ALTER TABLE public.agent_test_sets ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.agent_test_runs ENABLE ROW LEVEL SECURITY;

CREATE POLICY agent_test_sets_select ON public.agent_test_sets FOR SELECT TO authenticated
  USING (library_id = (SELECT public.accent_library_id()));
CREATE POLICY agent_test_sets_write ON public.agent_test_sets FOR ALL TO authenticated
  USING (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) IN ('admin', 'builder'))
  WITH CHECK (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) IN ('admin', 'builder'));

CREATE POLICY agent_test_runs_select ON public.agent_test_runs FOR SELECT TO authenticated
  USING (library_id = (SELECT public.accent_library_id()));

GRANT SELECT, INSERT, UPDATE, DELETE ON public.agent_test_sets TO authenticated;
GRANT SELECT ON public.agent_test_runs TO authenticated;
