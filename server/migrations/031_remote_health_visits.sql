-- Browser reports of a remote version count visits of signed-in users: one row per user, version and page
-- load (the id the browser sends), so a failed visit is one visit that failed, and repeats or forged
-- reports of one page load add nothing. Reports from before were anonymous per reference and counted a
-- failed visit twice (its load and its failure): those without a user are dropped, the others stay as a
-- visit each.
DELETE FROM public.remote_health WHERE user_id IS NULL;
ALTER TABLE public.remote_health DROP CONSTRAINT remote_health_pkey;
ALTER TABLE public.remote_health RENAME COLUMN id TO reference;
ALTER TABLE public.remote_health ADD COLUMN page_load text;
UPDATE public.remote_health SET page_load = reference;
ALTER TABLE public.remote_health ALTER COLUMN page_load SET NOT NULL;
ALTER TABLE public.remote_health ALTER COLUMN user_id SET NOT NULL;
ALTER TABLE public.remote_health DROP CONSTRAINT remote_health_user_id_fkey;
ALTER TABLE public.remote_health ADD CONSTRAINT remote_health_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users (id) ON DELETE CASCADE;
ALTER TABLE public.remote_health ADD PRIMARY KEY (remote_id, version, user_id, page_load);
CREATE INDEX remote_health_reference_idx ON public.remote_health (reference);

-- When and why a version was withdrawn (the Promote dialog says so before it is served again).
ALTER TABLE public.remote_versions ADD COLUMN withdrawn_at timestamptz;
ALTER TABLE public.remote_versions ADD COLUMN withdrawn_reason text;
UPDATE public.remote_versions v
   SET withdrawn_at = e.created_at, withdrawn_reason = e.detail
  FROM (SELECT DISTINCT ON (remote_id, version) remote_id, version, created_at, detail
          FROM public.remote_events WHERE action = 'canary-rolled-back' ORDER BY remote_id, version, id DESC) e
 WHERE v.withdrawn AND e.remote_id = v.remote_id AND e.version = v.version;
