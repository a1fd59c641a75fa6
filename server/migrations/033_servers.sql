-- The server processes sharing this database (SERVER_ROLE web / worker / all), each registered at start
-- and kept fresh by a heartbeat: Admin lists them, and a server keeping files in its own folder refuses to
-- start while a live one keeps them elsewhere (uploads through one would be missing through the other).
CREATE TABLE servers (
  id                uuid PRIMARY KEY,
  role              text NOT NULL CHECK (role IN ('all', 'web', 'worker')),
  version           text NOT NULL,
  host              text NOT NULL,
  pid               integer NOT NULL,
  storage_kind      text NOT NULL CHECK (storage_kind IN ('folder', 's3')),
  -- shown: host:path of the folder, or endpoint/bucket
  storage_location  text NOT NULL,
  -- compared: the folder's own id (a file in it, so one folder mounted on several hosts is the same), or endpoint/bucket
  storage_id        text NOT NULL,
  started_at        timestamptz NOT NULL DEFAULT now(),
  last_seen         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX servers_last_seen ON servers (last_seen);

-- the server's own table: no policy, nothing for the browser's roles
ALTER TABLE servers ENABLE ROW LEVEL SECURITY;
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.servers FROM %I', r);
    END IF;
  END LOOP;
END
$$;
