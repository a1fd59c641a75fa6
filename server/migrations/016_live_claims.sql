-- The identity row-level security uses comes from the database, not from the token, in every mode. The
-- embedded gateway already builds the claims it sets from accent_current_caller (migration 011); a hosted
-- Supabase project's PostgREST sets request.jwt.claims straight from the token, so there a deactivated
-- user, a demoted admin or a signed-out token would keep the token's rights until it expires. Here the
-- policies' helpers read the claims only for who is asking (sub) and in which sign-in (session_id), and
-- take the role and library from accent_current_caller: no row (user gone or inactive, sign-in ended, a
-- token without session_id) → NULL, which every policy treats as no access. The policies call these
-- helpers as `(SELECT …)`, so the lookup runs once per statement.
CREATE OR REPLACE FUNCTION public.accent_live_caller() RETURNS TABLE (user_id uuid, role text, library_id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    uuid_pattern CONSTANT text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
    sub text := public.accent_claim('sub');
    sid text := public.accent_claim('session_id');
  BEGIN
    IF sub IS NULL OR sid IS NULL OR sub !~ uuid_pattern OR sid !~ uuid_pattern THEN
      RETURN;
    END IF;
    RETURN QUERY SELECT sub::uuid, c.role, c.library_id FROM public.accent_current_caller(sub::uuid, sid::uuid) c;
  END
  $$;

CREATE OR REPLACE FUNCTION public.accent_user_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT user_id FROM public.accent_live_caller() $$;

CREATE OR REPLACE FUNCTION public.accent_library_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT library_id FROM public.accent_live_caller() $$;

CREATE OR REPLACE FUNCTION public.accent_app_role() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT role FROM public.accent_live_caller() $$;

REVOKE EXECUTE ON FUNCTION public.accent_live_caller() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.accent_live_caller() TO authenticated;
