-- Two gaps in what the browser may write (through the data gateway, or a hosted project's PostgREST):
--
-- 1. A page's owner: a builder could insert a page owned by another user of the library. Only an
--    administrator may give a page to someone else, on insert as on update; a builder editing another's
--    page keeps its owner.
-- 2. Counters the server keeps: run counts, success rates and last/next run times of missions, flows and
--    background agents. A write by `authenticated` (or `anon`) keeps the stored values (a new row starts
--    from zero), silently rather than with an error, so that an upsert of a whole row read earlier still
--    saves (as 010 does for a page's publication columns). The server writes them as the table owner.
-- Plain PostgreSQL.

DROP POLICY IF EXISTS pages_insert ON public.pages;
CREATE POLICY pages_insert ON public.pages FOR INSERT TO authenticated
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (user_id = (SELECT public.accent_user_id()) OR ((SELECT public.accent_app_role()) = 'admin' AND public.accent_is_library_user(user_id)))
  );

CREATE OR REPLACE FUNCTION public.accent_keep_server_columns() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF current_user NOT IN ('authenticated', 'anon') THEN
      RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'missions' THEN
      IF TG_OP = 'INSERT' THEN
        NEW.execution_count := 0;
        NEW.success_rate := 0;
        NEW.last_run := NULL;
        NEW.next_run := NULL;
      ELSE
        NEW.execution_count := OLD.execution_count;
        NEW.success_rate := OLD.success_rate;
        NEW.last_run := OLD.last_run;
        NEW.next_run := OLD.next_run;
      END IF;
    ELSIF TG_TABLE_NAME = 'flows' THEN
      IF TG_OP = 'INSERT' THEN
        NEW.execution_count := 0;
        NEW.success_rate := 0;
      ELSE
        NEW.execution_count := OLD.execution_count;
        NEW.success_rate := OLD.success_rate;
      END IF;
    ELSIF TG_TABLE_NAME = 'background_agents' THEN
      IF TG_OP = 'INSERT' THEN
        NEW.run_count := 0;
        NEW.last_run_at := NULL;
        NEW.next_run_at := NULL;
      ELSE
        NEW.run_count := OLD.run_count;
        NEW.last_run_at := OLD.last_run_at;
        NEW.next_run_at := OLD.next_run_at;
      END IF;
    ELSIF TG_TABLE_NAME = 'pages' AND TG_OP = 'UPDATE' AND public.accent_app_role() IS DISTINCT FROM 'admin' THEN
      NEW.user_id := OLD.user_id;
    END IF;
    RETURN NEW;
  END
  $$;

CREATE TRIGGER missions_keep_server_columns BEFORE INSERT OR UPDATE ON public.missions
  FOR EACH ROW EXECUTE FUNCTION public.accent_keep_server_columns();
CREATE TRIGGER flows_keep_server_columns BEFORE INSERT OR UPDATE ON public.flows
  FOR EACH ROW EXECUTE FUNCTION public.accent_keep_server_columns();
CREATE TRIGGER background_agents_keep_server_columns BEFORE INSERT OR UPDATE ON public.background_agents
  FOR EACH ROW EXECUTE FUNCTION public.accent_keep_server_columns();
CREATE TRIGGER pages_keep_owner BEFORE UPDATE ON public.pages
  FOR EACH ROW EXECUTE FUNCTION public.accent_keep_server_columns();
