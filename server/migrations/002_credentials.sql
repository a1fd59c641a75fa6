-- The library's encrypted credentials for model providers and connectors (AES-256-GCM, key outside the
-- database). `hint` is the only readable part: a masked value such as sk-…9f2a.
CREATE TABLE library_credentials (
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('provider', 'connector')),
  key         text NOT NULL,
  ciphertext  bytea NOT NULL,
  iv          bytea NOT NULL,
  auth_tag    bytea NOT NULL,
  hint        text NOT NULL DEFAULT '',
  updated_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (library_id, kind, key)
);
CREATE INDEX library_credentials_updated_by_idx ON library_credentials (updated_by);
