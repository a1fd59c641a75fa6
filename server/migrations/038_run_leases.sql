-- Runs hold a lease (server/src/run-leases): the process carrying a run renews lease_expires_at while it
-- works; a run still 'running' after its lease expired lost its process (kill -9, a crash, a shutdown
-- that cut it) and is failed by any process's sweep with "The server stopped while this ran."
ALTER TABLE public.agent_runs ADD COLUMN lease_owner text, ADD COLUMN lease_expires_at timestamptz;
ALTER TABLE public.mission_runs ADD COLUMN lease_owner text, ADD COLUMN lease_expires_at timestamptz;
ALTER TABLE public.flow_runs ADD COLUMN lease_owner text, ADD COLUMN lease_expires_at timestamptz;
ALTER TABLE public.background_runs ADD COLUMN lease_owner text, ADD COLUMN lease_expires_at timestamptz;
ALTER TABLE public.agent_test_runs ADD COLUMN lease_owner text, ADD COLUMN lease_expires_at timestamptz;

-- the sweep reads only running rows
CREATE INDEX agent_runs_running_idx ON public.agent_runs (lease_expires_at) WHERE status = 'running';
CREATE INDEX mission_runs_running_idx ON public.mission_runs (lease_expires_at) WHERE status = 'running';
CREATE INDEX flow_runs_running_idx ON public.flow_runs (lease_expires_at) WHERE status = 'running';
CREATE INDEX background_runs_running_idx ON public.background_runs (lease_expires_at) WHERE status = 'running';
CREATE INDEX agent_test_runs_running_idx ON public.agent_test_runs (lease_expires_at) WHERE status = 'running';

-- A retried background job continues its run row (attempt counts up) instead of adding one per attempt.
-- Rows of earlier attempts keep their history but leave the job to its last attempt's row.
UPDATE public.background_runs b SET job_id = NULL
WHERE b.job_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM public.background_runs o WHERE o.job_id = b.job_id AND o.attempt > b.attempt);
DROP INDEX public.background_runs_job_attempt_idx;
CREATE UNIQUE INDEX background_runs_job_idx ON public.background_runs (job_id) WHERE job_id IS NOT NULL;

-- A mission run counts its attempts too (a retried job reuses the row already).
ALTER TABLE public.mission_runs ADD COLUMN attempt integer NOT NULL DEFAULT 0 CHECK (attempt >= 0);
