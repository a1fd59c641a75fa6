-- The caller of an authenticated request as the database says now. An access token names a user and a
-- sign-in (`session_id`: its refresh-token family); both must still be valid at every request, and the
-- role, library and environment come from here, not from the token. So a deactivation, a demotion or a
-- logout takes effect at the next request, on every server process sharing the database, with no cache
-- to invalidate. One indexed lookup: the API's guard selects from it, and the data gateway builds the
-- claims row-level security sees from it in the statement that sets the request's role.
CREATE OR REPLACE FUNCTION public.accent_current_caller(p_user uuid, p_session uuid)
  RETURNS TABLE (role text, library_id uuid, env text, email text, team text)
  LANGUAGE sql STABLE
  AS $$
    SELECT u.role, u.library_id, e.name, u.email, u.team
    FROM public.users u
    JOIN public.libraries l ON l.id = u.library_id
    JOIN public.environments e ON e.id = l.environment_id
    WHERE u.id = p_user
      AND u.active
      AND EXISTS (
        SELECT 1 FROM public.refresh_tokens r
        WHERE r.family_id = p_session AND r.user_id = u.id AND r.revoked_at IS NULL AND r.expires_at > now()
      )
  $$;

-- Only the server's own connection (before it switches to `authenticated`) calls it.
REVOKE EXECUTE ON FUNCTION public.accent_current_caller(uuid, uuid) FROM PUBLIC;
