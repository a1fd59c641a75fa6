-- Statements every request or every agent run sends, made cheaper to send and to plan.
--
-- A LANGUAGE sql function is planned again on every call (its body is inlined into the calling
-- statement), and the embedded PGlite has no named prepared statements: the four-table join behind who
-- the caller is cost ~0.4 ms of planning on each request there. A plpgsql function's statements keep
-- their plan for the life of the connection, so the same body becomes plpgsql; same name, arguments,
-- result and rules as before.
CREATE OR REPLACE FUNCTION public.accent_current_caller(p_user uuid, p_session uuid)
  RETURNS TABLE (role text, library_id uuid, env text, email text, team text)
  LANGUAGE plpgsql STABLE
  AS $$
  BEGIN
    RETURN QUERY
      SELECT u.role, u.library_id, e.name, u.email, u.team
      FROM public.users u
      JOIN public.libraries l ON l.id = u.library_id
      JOIN public.environments e ON e.id = l.environment_id
      WHERE u.id = p_user
        AND u.active
        AND EXISTS (
          SELECT 1 FROM public.refresh_tokens r
          WHERE r.family_id = p_session AND r.user_id = u.id AND r.revoked_at IS NULL AND r.expires_at > now()
        );
  END
  $$;
REVOKE EXECUTE ON FUNCTION public.accent_current_caller(uuid, uuid) FROM PUBLIC;

-- Starting an agent run under its per-minute limit, in one statement: the agent's lock, then the count
-- and the insert. A volatile plpgsql function takes a new snapshot for each statement, so the count sees
-- every run committed before the lock was granted; the lock is held until the calling statement's
-- transaction commits. This was BEGIN, lock, insert, COMMIT: four round trips on PostgreSQL.
-- Returns the new run's id, or NULL when the agent already started p_limit runs in the last minute.
CREATE FUNCTION public.accent_start_agent_run(
  p_library uuid, p_agent uuid, p_agent_name text, p_agent_version integer, p_user uuid,
  p_thread text, p_source text, p_input jsonb, p_limit bigint, p_window_seconds integer)
  RETURNS uuid
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_id uuid;
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_library::text || '/' || p_agent_name, 0));
    INSERT INTO public.agent_runs (library_id, agent_id, agent_name, agent_version, user_id, thread_id, source, input)
    SELECT p_library, p_agent, p_agent_name, p_agent_version, p_user, p_thread, p_source, p_input
    WHERE (SELECT count(*) FROM public.agent_runs
           WHERE library_id = p_library AND agent_name = p_agent_name
             AND started_at > now() - make_interval(secs => p_window_seconds)) < p_limit
    RETURNING id INTO v_id;
    RETURN v_id;
  END
  $$;
-- the server's own connection only (the gateway's roles insert runs through no path)
REVOKE EXECUTE ON FUNCTION public.accent_start_agent_run(uuid, uuid, text, integer, uuid, text, text, jsonb, bigint, integer) FROM PUBLIC;

-- A run's cost (migration 024), computed by the completion trigger of every agent and flow run: the same
-- body as plpgsql, so its plan is kept rather than made again for each finished run.
CREATE OR REPLACE FUNCTION public.accent_run_cost(p_library uuid, p_calls jsonb,
  OUT cost_usd numeric, OUT cost_note text, OUT tokens_in bigint, OUT tokens_out bigint)
  LANGUAGE plpgsql STABLE
  AS $$
  BEGIN
    WITH calls AS (
      SELECT e ->> 'provider' AS provider, e ->> 'model' AS model,
             COALESCE((e -> 'usage' ->> 'inputTokens')::numeric, 0)::bigint AS tin,
             COALESCE((e -> 'usage' ->> 'outputTokens')::numeric, 0)::bigint AS tout
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_calls) = 'array' THEN p_calls ELSE '[]'::jsonb END) e
      WHERE jsonb_typeof(e) = 'object'
    ), priced AS (
      SELECT c.*, p.input_usd_per_mtok AS pin, p.output_usd_per_mtok AS pout,
             (p.provider IS NULL AND c.tin + c.tout > 0) AS unpriced
      FROM calls c
      LEFT JOIN public.model_prices p ON p.library_id = p_library AND p.provider = c.provider AND p.model = c.model
    )
    SELECT CASE WHEN COALESCE(bool_or(unpriced), false) THEN NULL
                ELSE round(COALESCE(sum((tin * pin + tout * pout) / 1000000), 0), 6) END,
           CASE WHEN COALESCE(bool_or(unpriced), false)
                THEN 'No price for ' || string_agg(DISTINCT COALESCE(provider, '?') || ' / ' || COALESCE(model, '?'), ', ') FILTER (WHERE unpriced)
                     || ' (Admin → Settings → Model prices)' END,
           COALESCE(sum(tin), 0)::bigint, COALESCE(sum(tout), 0)::bigint
    INTO cost_usd, cost_note, tokens_in, tokens_out
    FROM priced;
  END
  $$;
