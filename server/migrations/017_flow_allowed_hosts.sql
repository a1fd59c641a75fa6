-- Hosts an administrator lets a library's flows reach although they are private (the SSRF guard's
-- allow-list, beside the server's FLOW_ALLOW_HOSTS). Written and read by the server only: row-level
-- security is on with no policy, so the browser's data gateway sees nothing of it.
CREATE TABLE public.library_flow_hosts (
  library_id  uuid PRIMARY KEY REFERENCES libraries (id) ON DELETE CASCADE,
  hosts       jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(hosts) = 'array'),
  updated_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_flow_hosts_updated_by_idx ON public.library_flow_hosts (updated_by);
ALTER TABLE public.library_flow_hosts ENABLE ROW LEVEL SECURITY;
