-- API keys: how a program (a CI job, a script, an MCP client) reaches the studio without signing in as a
-- person. A key belongs to a user (its owner) and acts as that user does *now*: the server reads the
-- owner's current role and state on every use, so a demoted or deactivated owner's keys stop at once.
-- Personal keys are managed by their owner (Profile → API keys), service keys by the library's
-- administrators (Admin → API keys). Only the SHA-256 of a key is kept (the key is 256 random bits, so a
-- plain hash is enough); its first characters (`prefix`) are kept to tell keys apart on screen.
CREATE TABLE public.api_keys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id    uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  owner_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('personal', 'service')),
  name          text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  prefix        text NOT NULL,
  key_hash      text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  scopes        jsonb NOT NULL CHECK (
                  jsonb_typeof(scopes) = 'array' AND jsonb_array_length(scopes) > 0
                  AND scopes <@ '["agents:invoke", "agents:read", "flows:run", "remotes:publish", "admin"]'::jsonb),
  -- the assurance level of the sign-in that created it (2: it had passed a second factor), so a key
  -- never gets further than that sign-in could where the library requires two factors
  aal           smallint NOT NULL DEFAULT 1 CHECK (aal IN (1, 2)),
  expires_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz,
  revoked_by    uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX api_keys_library_idx ON public.api_keys (library_id, created_at DESC);
CREATE INDEX api_keys_owner_idx ON public.api_keys (owner_id, created_at DESC);
CREATE INDEX api_keys_revoked_by_idx ON public.api_keys (revoked_by);

-- Server only: row-level security on with no policy and no grant, so the browser's data gateway (and a
-- hosted project's PostgREST) sees nothing of it, not even hashes.
ALTER TABLE public.api_keys ENABLE ROW LEVEL SECURITY;
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.api_keys FROM %I', r);
    END IF;
  END LOOP;
END
$$;

-- The caller behind a presented key, as the owner is now, in one statement that also notes the use:
-- no row when the key is unknown, revoked or expired, or its owner is deactivated or left its library.
CREATE FUNCTION public.accent_api_key_caller(p_hash text)
  RETURNS TABLE (key_id uuid, key_name text, key_prefix text, scopes jsonb, aal smallint, user_id uuid, role text, library_id uuid, env text, email text, team text)
  LANGUAGE plpgsql VOLATILE
  AS $$
  BEGIN
    RETURN QUERY
      UPDATE public.api_keys k SET last_used_at = now()
      FROM public.users u
      JOIN public.libraries l ON l.id = u.library_id
      JOIN public.environments e ON e.id = l.environment_id
      WHERE k.key_hash = p_hash
        AND k.revoked_at IS NULL
        AND (k.expires_at IS NULL OR k.expires_at > now())
        AND u.id = k.owner_id
        AND u.active
        AND u.library_id = k.library_id
      RETURNING k.id, k.name, k.prefix, k.scopes, k.aal, u.id, u.role, u.library_id, e.name, u.email, u.team;
  END
  $$;
REVOKE EXECUTE ON FUNCTION public.accent_api_key_caller(text) FROM PUBLIC;
