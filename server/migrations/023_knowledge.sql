-- The knowledge base: a library's collections of uploaded files, parsed into chunks that carry their
-- text, place (position, page or section), a full-text vector and an embedding. The library is the
-- tenant: every collection, file and chunk belongs to one library.
--
-- Visibility (RLS, role `authenticated`, as through the data gateway or a hosted Supabase PostgREST):
-- every user of a library reads its collections, files' status and chunks; administrators create,
-- change and delete collections and files. Chunks are written only by the server's ingestion job,
-- which connects as the table owner and bypasses RLS (not FORCEd), like the runners of 005–009.
--
-- The embedding is a real[] so the embedded database (PGlite, no pgvector) and any PostgreSQL can hold
-- it; where pgvector exists the server casts it to vector at query time.

CREATE TABLE public.knowledge_collections (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id          uuid NOT NULL DEFAULT public.accent_library_id() REFERENCES public.libraries (id) ON DELETE CASCADE,
  name                text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 120),
  description         text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  -- which provider embeds its chunks, and with which model (fixed once files are in it)
  embedding_provider  text NOT NULL CHECK (embedding_provider IN ('openai', 'google', 'microsoft', 'local')),
  embedding_model     text NOT NULL CHECK (char_length(embedding_model) BETWEEN 1 AND 200),
  created_by          uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- one name per library, whatever its case; also the index of a library's list by name
CREATE UNIQUE INDEX knowledge_collections_library_name_idx ON public.knowledge_collections (library_id, lower(name));
CREATE INDEX knowledge_collections_created_by_idx ON public.knowledge_collections (created_by);

CREATE TABLE public.knowledge_files (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  collection_id    uuid NOT NULL REFERENCES public.knowledge_collections (id) ON DELETE CASCADE,
  library_id       uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  mime             text NOT NULL,
  size             integer NOT NULL CHECK (size >= 0),
  sha256           text NOT NULL,
  -- the original's bytes when library storage does not hold it (NULL: it is in the library's
  -- `knowledge` bucket under <collection id>/<name>)
  data             bytea,
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'parsing', 'embedding', 'ready', 'failed')),
  error            text,
  -- progress of the ingestion job
  parsed_chars     integer NOT NULL DEFAULT 0,
  pages            integer,
  chunk_count      integer NOT NULL DEFAULT 0,
  embedded_count   integer NOT NULL DEFAULT 0,
  -- bumped on every replacement: a job for an older version stops without writing
  revision         integer NOT NULL DEFAULT 1,
  uploaded_by      uuid REFERENCES public.users (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (collection_id, name)
);
CREATE INDEX knowledge_files_library_idx ON public.knowledge_files (library_id);
CREATE INDEX knowledge_files_uploaded_by_idx ON public.knowledge_files (uploaded_by);

CREATE TABLE public.knowledge_chunks (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_id        uuid NOT NULL REFERENCES public.knowledge_files (id) ON DELETE CASCADE,
  collection_id  uuid NOT NULL REFERENCES public.knowledge_collections (id) ON DELETE CASCADE,
  library_id     uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  position       integer NOT NULL CHECK (position >= 0),
  text           text NOT NULL,
  page           integer,
  section        text,
  tsv            tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(section, '') || ' ' || text)) STORED,
  embedding      real[],
  UNIQUE (file_id, position)
);
-- search is always within a library's collections; full text through the GIN index
CREATE INDEX knowledge_chunks_collection_idx ON public.knowledge_chunks (collection_id);
CREATE INDEX knowledge_chunks_library_idx ON public.knowledge_chunks (library_id);
CREATE INDEX knowledge_chunks_tsv_idx ON public.knowledge_chunks USING gin (tsv);

CREATE TRIGGER knowledge_collections_touch BEFORE UPDATE ON public.knowledge_collections
  FOR EACH ROW EXECUTE FUNCTION public.accent_touch_updated_at();
CREATE TRIGGER knowledge_files_touch BEFORE UPDATE ON public.knowledge_files
  FOR EACH ROW EXECUTE FUNCTION public.accent_touch_updated_at();

ALTER TABLE public.knowledge_collections ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.knowledge_files ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.knowledge_chunks ENABLE ROW LEVEL SECURITY;

CREATE POLICY knowledge_collections_select ON public.knowledge_collections FOR SELECT TO authenticated
  USING (library_id = (SELECT public.accent_library_id()));
CREATE POLICY knowledge_collections_write ON public.knowledge_collections FOR ALL TO authenticated
  USING (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) = 'admin')
  WITH CHECK (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) = 'admin');

CREATE POLICY knowledge_files_select ON public.knowledge_files FOR SELECT TO authenticated
  USING (library_id = (SELECT public.accent_library_id()));
CREATE POLICY knowledge_files_delete ON public.knowledge_files FOR DELETE TO authenticated
  USING (library_id = (SELECT public.accent_library_id()) AND (SELECT public.accent_app_role()) = 'admin');

CREATE POLICY knowledge_chunks_select ON public.knowledge_chunks FOR SELECT TO authenticated
  USING (library_id = (SELECT public.accent_library_id()));

GRANT SELECT, INSERT, UPDATE, DELETE ON public.knowledge_collections TO authenticated;
GRANT SELECT, DELETE ON public.knowledge_files TO authenticated;
GRANT SELECT ON public.knowledge_chunks TO authenticated;
