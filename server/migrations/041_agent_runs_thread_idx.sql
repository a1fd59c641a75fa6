-- A chatbot shows its conversation again after a reload from GET /api/v1/agent/thread: the runs of one
-- agent under one thread id. Without this index that read scans every run of the agent.
CREATE INDEX agent_runs_library_agent_thread_idx ON public.agent_runs (library_id, agent_name, thread_id, started_at DESC);
