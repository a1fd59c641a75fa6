-- Library storage (/storage/v1, the Supabase Storage protocol): buckets and the metadata of their
-- objects. The contents live outside the database (DATA_DIR/storage or S3-compatible storage), under a
-- key made of the library, the object's id and its version, never of a user's path.
--
-- The library is the tenant. Requests run as role `authenticated` with the caller's claims, exactly as
-- the data gateway does, so these policies decide who sees and changes what:
--   buckets: everyone of the library sees them; administrators create, change and delete them;
--   objects: a member sees their own, the library's shared ones (no owner, user_metadata.shared = true,
--            or in a public bucket); administrators see all of the library's; a member changes and
--            deletes their own only, an administrator any of the library's.
-- Neither table is a data gateway table: the browser reaches them through /storage/v1 only.
-- Plain PostgreSQL.

CREATE TABLE public.storage_buckets (
  library_id          uuid NOT NULL DEFAULT public.accent_library_id() REFERENCES public.libraries (id) ON DELETE CASCADE,
  id                  text NOT NULL CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$'),
  name                text NOT NULL,
  owner               uuid DEFAULT public.accent_user_id() REFERENCES public.users (id) ON DELETE SET NULL,
  public              boolean NOT NULL DEFAULT false,
  -- bytes; NULL: the server's limit
  file_size_limit     bigint CHECK (file_size_limit IS NULL OR file_size_limit > 0),
  -- e.g. {image/png, image/*}; NULL: any
  allowed_mime_types  text[],
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (library_id, id)
);
-- /object/public/<bucket>/… names no library, so a public bucket's name is one across the server
CREATE UNIQUE INDEX storage_buckets_public_id_idx ON public.storage_buckets (id) WHERE public;
CREATE INDEX storage_buckets_owner_idx ON public.storage_buckets (owner);

CREATE TABLE public.storage_objects (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id        uuid NOT NULL DEFAULT public.accent_library_id(),
  bucket_id         text NOT NULL,
  -- the path inside the bucket: 'Sales/Proposals/plan.md'
  name              text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 1024),
  owner             uuid DEFAULT public.accent_user_id() REFERENCES public.users (id) ON DELETE SET NULL,
  -- what Supabase keeps: eTag, size, mimetype, cacheControl, lastModified, contentLength, httpStatusCode
  metadata          jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(metadata) = 'object'),
  -- what the uploader sent (x-metadata); {"shared": true} shares the object with the library
  user_metadata     jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(user_metadata) = 'object'),
  -- the contents' version (part of their storage key); NULL while a legacy document is being moved in
  version           text,
  path_tokens       text[] GENERATED ALWAYS AS (string_to_array(name, '/')) STORED,
  -- the text of text files (and an outline of some binary ones): what the document tools read and search
  content           text NOT NULL DEFAULT '',
  search            tsvector GENERATED ALWAYS AS (
                      setweight(to_tsvector('english'::regconfig, name), 'A') ||
                      setweight(to_tsvector('english'::regconfig, content), 'B')
                    ) STORED,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  last_accessed_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (library_id, bucket_id, name),
  FOREIGN KEY (library_id, bucket_id) REFERENCES public.storage_buckets (library_id, id) ON DELETE CASCADE
);
-- list by prefix (text_pattern_ops serves LIKE 'prefix%'), quotas, owners, full-text search
CREATE INDEX storage_objects_prefix_idx ON public.storage_objects (library_id, bucket_id, name text_pattern_ops);
CREATE INDEX storage_objects_owner_idx ON public.storage_objects (owner);
CREATE INDEX storage_objects_search_idx ON public.storage_objects USING gin (search);
CREATE INDEX storage_objects_library_updated_idx ON public.storage_objects (library_id, updated_at DESC);

CREATE TRIGGER storage_buckets_touch_updated_at BEFORE UPDATE ON public.storage_buckets
  FOR EACH ROW EXECUTE FUNCTION public.accent_touch_updated_at();

-- Every library has a private `documents` bucket: the document tools write there.
INSERT INTO public.storage_buckets (library_id, id, name, owner)
  SELECT id, 'documents', 'documents', NULL FROM public.libraries
  ON CONFLICT DO NOTHING;

CREATE OR REPLACE FUNCTION public.accent_create_documents_bucket() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO public.storage_buckets (library_id, id, name, owner) VALUES (NEW.id, 'documents', 'documents', NULL)
      ON CONFLICT DO NOTHING;
    RETURN NEW;
  END
  $$;
CREATE TRIGGER libraries_documents_bucket AFTER INSERT ON public.libraries
  FOR EACH ROW EXECUTE FUNCTION public.accent_create_documents_bucket();

-- ---------------------------------------------------------------------------------------------------
ALTER TABLE public.storage_buckets ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.storage_objects ENABLE ROW LEVEL SECURITY;

CREATE POLICY storage_buckets_select ON public.storage_buckets FOR SELECT TO authenticated
  USING (library_id = (SELECT public.accent_library_id()));
CREATE POLICY storage_buckets_insert ON public.storage_buckets FOR INSERT TO authenticated
  WITH CHECK (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) = 'admin');
CREATE POLICY storage_buckets_update ON public.storage_buckets FOR UPDATE TO authenticated
  USING (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) = 'admin')
  WITH CHECK (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) = 'admin');
CREATE POLICY storage_buckets_delete ON public.storage_buckets FOR DELETE TO authenticated
  USING (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) = 'admin');

CREATE POLICY storage_objects_select ON public.storage_objects FOR SELECT TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (
      owner = (SELECT public.accent_user_id())
      OR (SELECT public.accent_app_role()) = 'admin'
      OR owner IS NULL
      OR user_metadata @> '{"shared": true}'::jsonb
      OR EXISTS (SELECT 1 FROM public.storage_buckets b WHERE b.library_id = storage_objects.library_id AND b.id = storage_objects.bucket_id AND b.public)
    )
  );
CREATE POLICY storage_objects_insert ON public.storage_objects FOR INSERT TO authenticated
  WITH CHECK (library_id = (SELECT public.accent_library_id()) AND owner = (SELECT public.accent_user_id()));
CREATE POLICY storage_objects_update ON public.storage_objects FOR UPDATE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (owner = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  )
  WITH CHECK (
    library_id = (SELECT public.accent_library_id())
    AND (owner = (SELECT public.accent_user_id()) OR ((SELECT public.accent_app_role()) = 'admin' AND (owner IS NULL OR public.accent_is_library_user(owner))))
  );
CREATE POLICY storage_objects_delete ON public.storage_objects FOR DELETE TO authenticated
  USING (
    library_id = (SELECT public.accent_library_id())
    AND (owner = (SELECT public.accent_user_id()) OR (SELECT public.accent_app_role()) = 'admin')
  );

GRANT SELECT, INSERT, UPDATE, DELETE ON public.storage_buckets TO authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.storage_objects TO authenticated;
