-- What an agent run reads of the library (documents, knowledge) is decided by the same row-level
-- security as /storage/v1 and /rest/v1: the runtime runs those reads as role `authenticated` with claims
-- naming the run, `{"accent_run": <agent_runs id>, "accent_reads": "user" | "shared"}`, instead of a
-- person's sign-in (a mission, a background agent or a page visitor has none). The identity the
-- policies then see comes from the run's row while it is running, never from the claims:
--   user:   the person the run acts for, as they are now (active, their current role, the run's library):
--           their own objects, the library's shared ones, and for administrators all of the library's;
--   shared: no person, a member's rights in the run's library: only what is shared with the library
--           (objects without owner, shared ones, public buckets), never anyone's private objects.
-- Only the server sets these claims (the data gateway and storage set a verified token's claims, and no
-- token the server signs carries accent_run); a finished run reads nothing.
CREATE OR REPLACE FUNCTION public.accent_live_caller() RETURNS TABLE (user_id uuid, role text, library_id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    uuid_pattern CONSTANT text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
    sub text := public.accent_claim('sub');
    sid text := public.accent_claim('session_id');
    run text := public.accent_claim('accent_run');
    reads text := public.accent_claim('accent_reads');
  BEGIN
    IF run IS NOT NULL THEN
      IF sub IS NOT NULL OR run !~ uuid_pattern OR reads IS NULL OR reads NOT IN ('user', 'shared') THEN
        RETURN;
      END IF;
      RETURN QUERY
        SELECT CASE WHEN reads = 'user' THEN u.id END, CASE WHEN reads = 'user' THEN u.role ELSE 'member' END, r.library_id
        FROM public.agent_runs r
        LEFT JOIN public.users u ON u.id = r.user_id AND u.active AND u.library_id = r.library_id
        WHERE r.id = run::uuid AND r.status = 'running' AND (reads = 'shared' OR u.id IS NOT NULL);
      RETURN;
    END IF;
    IF sub IS NULL OR sid IS NULL OR sub !~ uuid_pattern OR sid !~ uuid_pattern THEN
      RETURN;
    END IF;
    RETURN QUERY SELECT sub::uuid, c.role, c.library_id FROM public.accent_current_caller(sub::uuid, sid::uuid) c;
  END
  $$;

REVOKE EXECUTE ON FUNCTION public.accent_live_caller() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.accent_live_caller() TO authenticated;
