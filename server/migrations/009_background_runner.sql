-- Runs of background agents and of published pages go through the agent runtime too: two more run
-- sources in agent_runs.
ALTER TABLE agent_runs DROP CONSTRAINT agent_runs_source_check;
ALTER TABLE agent_runs ADD CONSTRAINT agent_runs_source_check
  CHECK (source IN ('test', 'agent-test', 'chatbot', 'api', 'agent', 'background', 'page'));

-- ---------------------------------------------------------------------------------------------------
-- Background agents run (server/src/background): each run records its attempt, what each data source
-- gave, the runtime's run with its trace, and whether it went to the results feed (dashboard channel).
ALTER TABLE public.background_runs
  ADD COLUMN agent_name    text NOT NULL DEFAULT '',
  ADD COLUMN attempt       integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  ADD COLUMN max_attempts  integer NOT NULL DEFAULT 1 CHECK (max_attempts >= 1),
  ADD COLUMN sources       jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(sources) = 'array'),
  ADD COLUMN agent_run_id  uuid REFERENCES public.agent_runs (id) ON DELETE SET NULL,
  ADD COLUMN in_feed       boolean NOT NULL DEFAULT false,
  ADD COLUMN job_id        text,
  ADD COLUMN scheduled_for timestamptz;
-- the results feed of a library, newest first
CREATE INDEX background_runs_feed_idx ON public.background_runs (library_id, created_at DESC) WHERE in_feed;
-- one row per pg-boss job attempt (a retried job gets a new row, the same job id, attempt + 1)
CREATE UNIQUE INDEX background_runs_job_attempt_idx ON public.background_runs (job_id, attempt) WHERE job_id IS NOT NULL;
CREATE INDEX background_runs_agent_run_idx ON public.background_runs (agent_run_id);

ALTER TABLE public.background_agents
  ADD COLUMN last_run_at  timestamptz,
  ADD COLUMN next_run_at  timestamptz,
  ADD COLUMN run_count    integer NOT NULL DEFAULT 0;

-- An invalid schedule is refused when saved (whoever writes: the gateway, a hosted Supabase PostgREST,
-- psql): the time zone must be one PostgreSQL knows, and a cron expression must have five fields of
-- numbers in range, names (JAN-DEC, SUN-SAT), *, ranges, lists and steps. The runner parses it again
-- with cron-parser (pg-boss's own parser) before scheduling.
CREATE OR REPLACE FUNCTION public.accent_cron_field_error(field text, lo integer, hi integer, names text[], label text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    part text;
    base text;
    step text;
    bounds text[];
    bound text;
    n integer;
  BEGIN
    IF field = '' THEN RETURN label || ' is empty'; END IF;
    FOREACH part IN ARRAY string_to_array(field, ',') LOOP
      base := split_part(part, '/', 1);
      step := CASE WHEN position('/' IN part) > 0 THEN substr(part, position('/' IN part) + 1) END;
      IF step IS NOT NULL AND (step !~ '^[0-9]+$' OR step::integer < 1 OR step::integer > hi) THEN
        RETURN label || ' has an invalid step "' || part || '"';
      END IF;
      IF base = '*' OR (base = '?' AND label IN ('day of month', 'day of week')) THEN CONTINUE; END IF;
      bounds := string_to_array(base, '-');
      IF array_length(bounds, 1) IS NULL OR array_length(bounds, 1) > 2 THEN
        RETURN label || ' has an invalid value "' || part || '"';
      END IF;
      FOREACH bound IN ARRAY bounds LOOP
        IF bound ~ '^[0-9]+$' THEN
          n := bound::integer;
        ELSIF names IS NOT NULL AND array_position(names, upper(bound)) IS NOT NULL THEN
          n := array_position(names, upper(bound)) - 1 + lo;
        ELSE
          RETURN label || ' has an invalid value "' || part || '"';
        END IF;
        IF n < lo OR n > hi THEN
          RETURN label || ' must be between ' || lo || ' and ' || hi || ' (got "' || part || '")';
        END IF;
      END LOOP;
      IF array_length(bounds, 1) = 2 AND (CASE WHEN bounds[1] ~ '^[0-9]+$' THEN bounds[1]::integer ELSE array_position(names, upper(bounds[1])) END)
         > (CASE WHEN bounds[2] ~ '^[0-9]+$' THEN bounds[2]::integer ELSE array_position(names, upper(bounds[2])) END) THEN
        RETURN label || ' has a range that runs backwards "' || part || '"';
      END IF;
    END LOOP;
    RETURN NULL;
  END
  $$;

CREATE OR REPLACE FUNCTION public.accent_cron_error(expression text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    fields text[] := regexp_split_to_array(btrim(expression), '\s+');
    problem text;
  BEGIN
    IF btrim(expression) = '' THEN RETURN 'the expression is empty'; END IF;
    IF array_length(fields, 1) <> 5 THEN
      RETURN 'it needs 5 fields (minute hour day-of-month month day-of-week), got ' || array_length(fields, 1);
    END IF;
    problem := coalesce(
      public.accent_cron_field_error(fields[1], 0, 59, NULL, 'minute'),
      public.accent_cron_field_error(fields[2], 0, 23, NULL, 'hour'),
      public.accent_cron_field_error(fields[3], 1, 31, NULL, 'day of month'),
      public.accent_cron_field_error(fields[4], 1, 12, ARRAY['JAN','FEB','MAR','APR','MAY','JUN','JUL','AUG','SEP','OCT','NOV','DEC'], 'month'),
      public.accent_cron_field_error(fields[5], 0, 7, ARRAY['SUN','MON','TUE','WED','THU','FRI','SAT'], 'day of week'));
    RETURN problem;
  END
  $$;

CREATE OR REPLACE FUNCTION public.accent_background_agents_check_schedule() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    schedule_type text := coalesce(NEW.config ->> 'scheduleType', 'interval');
    cron text := coalesce(NEW.config ->> 'cronExpression', '');
    tz text := coalesce(NULLIF(NEW.config ->> 'timezone', ''), 'UTC');
    problem text;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = tz) THEN
      RAISE EXCEPTION 'Unknown time zone "%"', tz USING ERRCODE = 'check_violation', HINT = 'Choose one of the listed time zones.';
    END IF;
    IF schedule_type = 'cron' AND (btrim(cron) <> '' OR NEW.status = 'active') THEN
      problem := public.accent_cron_error(cron);
      IF problem IS NOT NULL THEN
        RAISE EXCEPTION 'Invalid cron expression "%": %', cron, problem USING ERRCODE = 'check_violation',
          HINT = 'Use five fields: minute hour day-of-month month day-of-week, e.g. 0 7 * * 1-5 for 7 AM on weekdays.';
      END IF;
    END IF;
    RETURN NEW;
  END
  $$;

CREATE TRIGGER background_agents_check_schedule BEFORE INSERT OR UPDATE OF config, status ON public.background_agents
  FOR EACH ROW EXECUTE FUNCTION public.accent_background_agents_check_schedule();

-- Every server process LISTENs on accent_background_agents_changed and reconciles the library's pg-boss
-- schedules at once (as 006 does for missions); the runner's own updates (last_run_at, run_count,
-- next_run_at) do not notify.
CREATE OR REPLACE FUNCTION public.accent_notify_background_agents_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('accent_background_agents_changed', OLD.library_id::text);
      RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.config IS NOT DISTINCT FROM NEW.config AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
      RETURN NEW;
    END IF;
    PERFORM pg_notify('accent_background_agents_changed', NEW.library_id::text);
    RETURN NEW;
  END
  $$;

CREATE TRIGGER background_agents_notify_changed AFTER INSERT OR UPDATE OR DELETE ON public.background_agents
  FOR EACH ROW EXECUTE FUNCTION public.accent_notify_background_agents_changed();
