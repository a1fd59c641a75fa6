-- An agent run is inserted 'running' together with the lease of the process that carries it
-- (server/src/run-leases): the lease used to be written by a second statement, and a process killed
-- between the two left a running row without a lease, which the sweep fails only after an hour.
-- Same function as migration 028 with the lease's owner and length; both NULL (callers that carry no
-- leases, a process of the previous version during a rolling restart) insert no lease, as before.
-- One function: an overload beside the old one would make the old ten-argument calls ambiguous.
DROP FUNCTION public.accent_start_agent_run(uuid, uuid, text, integer, uuid, text, text, jsonb, bigint, integer);
CREATE FUNCTION public.accent_start_agent_run(
  p_library uuid, p_agent uuid, p_agent_name text, p_agent_version integer, p_user uuid,
  p_thread text, p_source text, p_input jsonb, p_limit bigint, p_window_seconds integer,
  p_lease_owner text DEFAULT NULL, p_lease_seconds double precision DEFAULT NULL)
  RETURNS uuid
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_id uuid;
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_library::text || '/' || p_agent_name, 0));
    INSERT INTO public.agent_runs (library_id, agent_id, agent_name, agent_version, user_id, thread_id, source, input, lease_owner, lease_expires_at)
    SELECT p_library, p_agent, p_agent_name, p_agent_version, p_user, p_thread, p_source, p_input,
           p_lease_owner, now() + make_interval(secs => p_lease_seconds)
    WHERE (SELECT count(*) FROM public.agent_runs
           WHERE library_id = p_library AND agent_name = p_agent_name
             AND started_at > now() - make_interval(secs => p_window_seconds)) < p_limit
    RETURNING id INTO v_id;
    RETURN v_id;
  END
  $$;
-- the server's own connection only (the gateway's roles insert runs through no path)
REVOKE EXECUTE ON FUNCTION public.accent_start_agent_run(uuid, uuid, text, integer, uuid, text, text, jsonb, bigint, integer, text, double precision) FROM PUBLIC;
