-- The versioned remote registry: every registered build of each remote, which one is current (and which
-- ones were current before, for rollback), an optional canary, what browsers reported about each
-- version, and an audit trail of every change. Server only: RLS on and no policy, so the data gateway's
-- `authenticated` role sees none of it; the admin API is the only way in.

CREATE TABLE public.remote_versions (
  remote_id      text NOT NULL,
  version        text NOT NULL,
  -- URL of the build's mf-manifest.json (absolute, or a path of this server such as /mfe/agents/1.2.0/…)
  entry          text NOT NULL,
  -- metaData.buildInfo.buildVersion and the @accent/shared range, as read from the manifest
  build_version  text,
  requires       text,
  -- withdrawn: a canary rolled back for failing; it is not offered again unless promoted by hand
  withdrawn      boolean NOT NULL DEFAULT false,
  registered_at  timestamptz NOT NULL DEFAULT now(),
  -- null: registered by the server itself (a build found at start)
  registered_by  uuid REFERENCES public.users (id) ON DELETE SET NULL,
  PRIMARY KEY (remote_id, version)
);
CREATE INDEX remote_versions_registered_by_idx ON public.remote_versions (registered_by);

CREATE TABLE public.remote_channels (
  remote_id        text PRIMARY KEY,
  -- null: no admin choice, the configured (ACCENT_REMOTES) or locally built version is served
  current_version  text,
  -- earlier currents, most recent last: rollback pops one
  previous_versions text[] NOT NULL DEFAULT '{}',
  canary_version   text,
  canary_percent   integer CHECK (canary_percent BETWEEN 1 AND 99),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((canary_version IS NULL) = (canary_percent IS NULL))
);

CREATE TABLE public.remote_events (
  id          bigserial PRIMARY KEY,
  remote_id   text NOT NULL,
  -- register, promote, rollback, canary, canary-stop, canary-rolled-back, reset
  action      text NOT NULL,
  version     text,
  detail      text,
  actor_id    uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX remote_events_remote_idx ON public.remote_events (remote_id, id);
CREATE INDEX remote_events_actor_idx ON public.remote_events (actor_id);

-- Browser reports: each time a page loaded an area (loaded) or it failed to load or render (failed).
CREATE TABLE public.remote_health (
  id          text PRIMARY KEY,
  remote_id   text NOT NULL,
  version     text NOT NULL,
  outcome     text NOT NULL CHECK (outcome IN ('loaded', 'load-failed', 'render-failed')),
  message     text,
  user_id     uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX remote_health_version_idx ON public.remote_health (remote_id, version);
CREATE INDEX remote_health_user_idx ON public.remote_health (user_id);

ALTER TABLE public.remote_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.remote_channels ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.remote_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.remote_health ENABLE ROW LEVEL SECURITY;

-- What admins set with the unversioned registry (PUT /api/v1/remotes/:id) becomes a version, and current.
INSERT INTO public.remote_versions (remote_id, version, entry) SELECT id, version, entry FROM public.remote_registry ON CONFLICT DO NOTHING;
INSERT INTO public.remote_channels (remote_id, current_version) SELECT id, version FROM public.remote_registry;
DROP TABLE public.remote_registry;
