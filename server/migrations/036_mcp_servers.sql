-- MCP servers a library's agents take tools from (Admin → MCP servers). Each server's secret (a bearer
-- token or a header's value) is sealed with the master key like the other credentials (AES-256-GCM, the
-- associated data naming the library and the server, so a row copied elsewhere does not open), and the
-- tools it listed at its last check are kept so the editor shows them without reaching the server.
-- Server only: RLS on with no policy and no grant.
CREATE TABLE public.mcp_servers (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id     uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  name           text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 60),
  -- the name as its tools' ids use it: two servers may not share it (their tools would clash)
  slug           text NOT NULL CHECK (slug ~ '^[a-z0-9]+(_[a-z0-9]+)*$'),
  url            text NOT NULL CHECK (url ~ '^https?://'),
  transport      text NOT NULL CHECK (transport IN ('streamable_http', 'sse')),
  auth           text NOT NULL CHECK (auth IN ('none', 'bearer', 'header')),
  header_name    text NOT NULL DEFAULT '',
  -- the sealed secret: {ciphertext, iv, auth_tag} in base64, or null with auth 'none'
  secret         jsonb,
  tools          jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(tools) = 'array'),
  tools_checked_at timestamptz,
  created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (library_id, slug)
);
CREATE INDEX mcp_servers_created_by_idx ON public.mcp_servers (created_by);
ALTER TABLE public.mcp_servers ENABLE ROW LEVEL SECURITY;
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.mcp_servers FROM %I', r);
    END IF;
  END LOOP;
END
$$;
