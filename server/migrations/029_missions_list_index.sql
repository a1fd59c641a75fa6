-- An agent's missions, newest first: the missions of one agent (agent_id = …, order by created_at desc)
-- and, with a status filter too, the missions list's filtered read (bench/gateway.mjs). With only
-- (library_id, agent_id) PostgreSQL combined that index with (status, next_run) in a bitmap, read every
-- matching row and sorted them to keep 20. In created_at order the read stops after its limit, and the
-- agent-only read needs no sort. Status is left out of the key: the reads are filtered by agent with or
-- without a status, and among three statuses the one asked for comes within a few rows; with status in the
-- key, the agent-only read would be sorted again. The new index starts with (library_id, agent_id), so it
-- serves everything the old one did.
CREATE INDEX missions_library_agent_created_idx ON public.missions (library_id, agent_id, created_at DESC);
DROP INDEX public.missions_library_agent_idx;
