-- Pages (spec 02 §2.5–2.6, §3.7–3.9; shared/src/domain/pages.ts): the pages the page builder reads and
-- writes through the data gateway (/rest/v1, PostgREST protocol) or a hosted Supabase project's
-- PostgREST, the immutable versions a publish freezes, and prospect personalisations (/content).
--
-- Visibility (RLS, role `authenticated`): administrators and builders read and write every page of
-- their library; members read only the published pages of their library. Versions are readable with
-- their page (members: of published pages only); personalisations by administrators and builders.
-- Versions and personalisations are written only by the server's API (POST /api/v1/pages/:id/publish,
-- …/personalizations), which connects as the table owner and bypasses RLS (not FORCEd), like 005–008.
-- Anonymous visitors of /p/{slug} never touch these tables: the server answers them itself.
--
-- Plain PostgreSQL: applies unchanged to the embedded database, a self-hosted server and a hosted
-- Supabase project.

CREATE TABLE public.pages (
  id                 text PRIMARY KEY DEFAULT gen_random_uuid()::text CHECK (char_length(id) BETWEEN 1 AND 200),
  library_id         uuid NOT NULL DEFAULT public.accent_library_id() REFERENCES public.libraries (id) ON DELETE CASCADE,
  -- the owner (who created it)
  user_id            uuid NOT NULL DEFAULT public.accent_user_id() REFERENCES public.users (id) ON DELETE CASCADE,
  name               text NOT NULL DEFAULT 'Untitled Page' CHECK (char_length(name) <= 200),
  description        text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  -- the agent the page's assistant talks to (by name, like missions); '' = not chosen yet
  agent_name         text NOT NULL DEFAULT '' CHECK (char_length(agent_name) <= 200),
  template_id        text CHECK (char_length(template_id) <= 64),
  -- the canvas components (shared canvasComponentSchema), validated by the publish API
  components         jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(components) = 'array'),
  status             text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'unpublished')),
  -- set at the first publish, never changed afterwards (the public URL /p/{slug})
  slug               text UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 80),
  published_version  integer CHECK (published_version >= 1),
  published_at       timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- dashboards: a library's pages, newest change first; members: the published ones
CREATE INDEX pages_library_updated_idx ON public.pages (library_id, updated_at DESC);
CREATE INDEX pages_library_status_idx ON public.pages (library_id, status);
CREATE INDEX pages_user_id_idx ON public.pages (user_id);
-- (the slug's UNIQUE constraint is the index of /p/{slug})

-- Publishing state belongs to the publish API. A write by the browser (`authenticated`, or `anon` on a
-- hosted project) cannot publish, unpublish or move the slug: a new row is always a draft (a duplicate
-- does not inherit the original's publication) and an update keeps the stored publication columns.
-- Silently rather than with an error, so that an upsert of a whole row read earlier still saves.
CREATE OR REPLACE FUNCTION public.accent_pages_before_write() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF current_user IN ('authenticated', 'anon') THEN
      IF TG_OP = 'INSERT' THEN
        NEW.status := 'draft';
        NEW.slug := NULL;
        NEW.published_version := NULL;
        NEW.published_at := NULL;
      ELSE
        NEW.status := OLD.status;
        NEW.slug := OLD.slug;
        NEW.published_version := OLD.published_version;
        NEW.published_at := OLD.published_at;
      END IF;
    END IF;
    IF TG_OP = 'UPDATE' THEN
      -- a published URL never changes, whoever writes
      IF OLD.slug IS NOT NULL THEN
        NEW.slug := OLD.slug;
      END IF;
      NEW.updated_at := now();
    END IF;
    RETURN NEW;
  END
  $$;

CREATE TRIGGER pages_before_write BEFORE INSERT OR UPDATE ON public.pages
  FOR EACH ROW EXECUTE FUNCTION public.accent_pages_before_write();

-- ---------------------------------------------------------------------------------------------------
-- What a publish froze: immutable (no UPDATE or DELETE for anyone but the owner; deleted with the page).
CREATE TABLE public.page_versions (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  page_id       text NOT NULL REFERENCES public.pages (id) ON DELETE CASCADE,
  library_id    uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  version       integer NOT NULL CHECK (version >= 1),
  name          text NOT NULL,
  agent_name    text NOT NULL,
  components    jsonb NOT NULL CHECK (jsonb_typeof(components) = 'array'),
  -- who published it: a record that outlives its user (users are deactivated, not deleted), so no FK
  published_by  uuid NOT NULL,
  published_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (page_id, version)
);
CREATE INDEX page_versions_library_idx ON public.page_versions (library_id);

-- ---------------------------------------------------------------------------------------------------
-- A prospect-specific link to a published page: /p/{slug}?p={token}; its crm_data overrides the page's
-- crmData block (shown to the visitor and passed to the agent).
CREATE TABLE public.page_personalizations (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  page_id        text NOT NULL REFERENCES public.pages (id) ON DELETE CASCADE,
  library_id     uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  token          text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{16,64}$'),
  prospect_name  text NOT NULL CHECK (char_length(prospect_name) BETWEEN 1 AND 200),
  crm_data       jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(crm_data) = 'object'),
  -- as published_by: a record, no FK
  created_by     uuid NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_personalizations_page_created_idx ON public.page_personalizations (page_id, created_at DESC);
CREATE INDEX page_personalizations_library_idx ON public.page_personalizations (library_id);

-- ---------------------------------------------------------------------------------------------------
ALTER TABLE public.pages ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.page_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.page_personalizations ENABLE ROW LEVEL SECURITY;

CREATE POLICY pages_select ON public.pages FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND ((SELECT public.accent_app_role()) IN ('admin', 'builder') OR status = 'published')
  );

CREATE POLICY pages_insert ON public.pages FOR INSERT TO authenticated
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (user_id = (SELECT public.accent_user_id()) OR public.accent_is_library_user(user_id))
  );

CREATE POLICY pages_update ON public.pages FOR UPDATE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
  )
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
    AND (user_id = (SELECT public.accent_user_id()) OR public.accent_is_library_user(user_id))
  );

CREATE POLICY pages_delete ON public.pages FOR DELETE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
  );

-- Versions and personalisations: no write policy, so `authenticated` cannot write them even if granted.
CREATE POLICY page_versions_select ON public.page_versions FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (
      (SELECT public.accent_app_role()) IN ('admin', 'builder')
      -- the pages policy applies inside: a member sees versions of published pages only
      OR EXISTS (SELECT 1 FROM public.pages p WHERE p.id = page_versions.page_id AND p.status = 'published')
    )
  );

CREATE POLICY page_personalizations_select ON public.page_personalizations FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (SELECT public.accent_app_role()) IN ('admin', 'builder')
  );

-- ---------------------------------------------------------------------------------------------------
-- Privileges: pages read/write, versions and personalisations read-only (005 made new tables private by
-- default; this states it for databases where that default was changed since).
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE ALL ON public.pages, public.page_versions, public.page_personalizations FROM %I', r);
    END IF;
  END LOOP;
END
$$;

GRANT SELECT, INSERT, UPDATE, DELETE ON public.pages TO authenticated;
GRANT SELECT ON public.page_versions, public.page_personalizations TO authenticated;
