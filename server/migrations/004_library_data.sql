-- The library's own data that the internal tools work on: documents and files (with full-text search),
-- rows of simple tables, and draft emails.

CREATE TABLE library_documents (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  -- '/' or '/Sales/Proposals'
  folder      text NOT NULL DEFAULT '/',
  name        text NOT NULL,
  mime        text NOT NULL DEFAULT 'text/plain',
  -- the text (for binary files such as .pptx: their outline, so they can be found)
  content     text NOT NULL DEFAULT '',
  data        bytea,
  search      tsvector GENERATED ALWAYS AS (
                setweight(to_tsvector('english'::regconfig, name), 'A') ||
                setweight(to_tsvector('english'::regconfig, content), 'B')
              ) STORED,
  created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (library_id, folder, name)
);
CREATE INDEX library_documents_search_idx ON library_documents USING gin (search);
CREATE INDEX library_documents_created_by_idx ON library_documents (created_by);

CREATE TABLE library_rows (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  table_name  text NOT NULL,
  data        jsonb NOT NULL,
  created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_rows_table_idx ON library_rows (library_id, table_name, created_at);
CREATE INDEX library_rows_created_by_idx ON library_rows (created_by);

CREATE TABLE email_drafts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  "to"        text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_drafts_library_idx ON email_drafts (library_id, created_at);
CREATE INDEX email_drafts_created_by_idx ON email_drafts (created_by);
