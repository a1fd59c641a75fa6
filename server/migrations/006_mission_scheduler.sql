-- The mission scheduler's additions to 005 (server/src/missions). Plain PostgreSQL: applies unchanged to
-- the embedded database, a self-hosted server and a hosted Supabase project.

-- Who asked for a manual run (null for scheduled runs). Readable through the gateway like the other columns.
ALTER TABLE public.mission_runs
  ADD COLUMN requested_by uuid REFERENCES public.users (id) ON DELETE SET NULL;

-- One run per scheduled occurrence of a mission, whichever process, worker or retry gets there: the
-- scheduler inserts the run with ON CONFLICT DO NOTHING and skips the occurrence when another run has it.
CREATE UNIQUE INDEX mission_runs_occurrence_idx ON public.mission_runs (mission_id, scheduled_for)
  WHERE trigger = 'schedule';

-- Every server process LISTENs on accent_missions_changed and reconciles the library's pg-boss schedules
-- at once, whoever wrote the mission: the data gateway, a hosted Supabase project's PostgREST, psql.
-- Only inserts, deletes and changes of schedule or status notify (the scheduler's own updates of
-- next_run and the run counters do not), so reconciling never notifies itself. Without a listening
-- connection (e.g. a transaction-mode pooler) the scheduler still reconciles every minute.
CREATE OR REPLACE FUNCTION public.accent_notify_missions_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('accent_missions_changed', OLD.library_id::text);
      RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.schedule IS NOT DISTINCT FROM NEW.schedule AND OLD.status IS NOT DISTINCT FROM NEW.status
       AND OLD.library_id IS NOT DISTINCT FROM NEW.library_id THEN
      RETURN NEW;
    END IF;
    PERFORM pg_notify('accent_missions_changed', NEW.library_id::text);
    RETURN NEW;
  END
  $$;

CREATE TRIGGER missions_notify_changed AFTER INSERT OR UPDATE OR DELETE ON public.missions
  FOR EACH ROW EXECUTE FUNCTION public.accent_notify_missions_changed();
