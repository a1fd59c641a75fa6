-- Runs of background agents and of published pages go through the agent runtime too: two more run
-- sources in agent_runs.
ALTER TABLE agent_runs DROP CONSTRAINT agent_runs_source_check;
ALTER TABLE agent_runs ADD CONSTRAINT agent_runs_source_check
  CHECK (source IN ('test', 'agent-test', 'chatbot', 'api', 'agent', 'background', 'page'));
