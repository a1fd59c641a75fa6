-- Single sign-on with OpenID Connect: one identity provider per library (Admin → Sign-in), the sign-ins
-- under way at the provider, and the provider identities linked to users. Written and read by the
-- server only: row-level security is on with no policy, so the browser's data gateway sees none of it.

-- The client secret is sealed with the master key (AES-256-GCM, bound to the library), never stored in clear.
CREATE TABLE public.library_sso_providers (
  library_id         uuid PRIMARY KEY REFERENCES libraries (id) ON DELETE CASCADE,
  display_name       text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
  issuer             text NOT NULL,
  client_id          text NOT NULL,
  secret_ciphertext  bytea NOT NULL,
  secret_iv          bytea NOT NULL,
  secret_auth_tag    bytea NOT NULL,
  allowed_domains    jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(allowed_domains) = 'array'),
  default_role       text NOT NULL CHECK (default_role IN ('builder', 'member')),
  password_sign_in   boolean NOT NULL DEFAULT true,
  updated_by         uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_sso_providers_updated_by_idx ON public.library_sso_providers (updated_by);
ALTER TABLE public.library_sso_providers ENABLE ROW LEVEL SECURITY;

-- A sign-in sent to the provider and not yet back: found by the hash of its state, used once (used_at
-- set in the same UPDATE that reads it), bound to the browser that started it by the hash of a cookie.
CREATE TABLE public.sso_login_states (
  state_hash     text PRIMARY KEY,
  browser_hash   text NOT NULL,
  library_id     uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  nonce          text NOT NULL,
  code_verifier  text NOT NULL,
  remember_me    boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  used_at        timestamptz
);
CREATE INDEX sso_login_states_library_id_idx ON public.sso_login_states (library_id);
CREATE INDEX sso_login_states_created_at_idx ON public.sso_login_states (created_at);
ALTER TABLE public.sso_login_states ENABLE ROW LEVEL SECURITY;

-- A provider identity (issuer + subject) linked to one user of the library.
CREATE TABLE public.user_identities (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  library_id    uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  issuer        text NOT NULL,
  subject       text NOT NULL,
  email         text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (library_id, issuer, subject)
);
CREATE INDEX user_identities_user_id_idx ON public.user_identities (user_id);
ALTER TABLE public.user_identities ENABLE ROW LEVEL SECURITY;
