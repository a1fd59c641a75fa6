-- Two-factor authentication (TOTP) and the session list. Everything here is read and written by the
-- server only: row-level security is on with no policy, so the browser's data gateway sees none of it.

-- An administrator can require a second factor for the whole library.
ALTER TABLE public.libraries ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

-- One authenticator app per user. The secret is sealed with the master key (AES-256-GCM, bound to the
-- user id); confirmed_at is null while the user has scanned the code but not yet proved it works.
-- last_step is the last accepted 30-second time step: a code is refused in the step it was used.
CREATE TABLE public.user_totp_factors (
  user_id       uuid PRIMARY KEY REFERENCES public.users (id) ON DELETE CASCADE,
  ciphertext    bytea NOT NULL,
  iv            bytea NOT NULL,
  auth_tag      bytea NOT NULL,
  confirmed_at  timestamptz,
  last_step     bigint,
  created_at    timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.user_totp_factors ENABLE ROW LEVEL SECURITY;

-- Ten single-use recovery codes per confirmed factor, stored hashed with the user id.
CREATE TABLE public.user_recovery_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);
ALTER TABLE public.user_recovery_codes ENABLE ROW LEVEL SECURITY;

-- The step between the first factor and the session: short-lived, single use, a bounded number of tries.
CREATE TABLE public.sign_in_challenges (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash  text NOT NULL UNIQUE,
  user_id     uuid NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
  method      text NOT NULL,
  persistent  boolean NOT NULL DEFAULT false,
  attempts    integer NOT NULL DEFAULT 0,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_challenges_user_id_idx ON public.sign_in_challenges (user_id);
CREATE INDEX sign_in_challenges_expires_at_idx ON public.sign_in_challenges (expires_at);
ALTER TABLE public.sign_in_challenges ENABLE ROW LEVEL SECURITY;

-- What the session list shows of a sign-in (one refresh-token family, same id): the device and address
-- it started from, the last refresh, and how the user proved who they are (the access token's amr/aal).
CREATE TABLE public.auth_sessions (
  id            uuid PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
  user_agent    text NOT NULL DEFAULT '',
  ip            text NOT NULL DEFAULT '',
  last_ip       text NOT NULL DEFAULT '',
  amr           text[] NOT NULL DEFAULT '{}',
  aal           smallint NOT NULL DEFAULT 1 CHECK (aal IN (1, 2)),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_sessions_user_id_idx ON public.auth_sessions (user_id, last_used_at DESC);
ALTER TABLE public.auth_sessions ENABLE ROW LEVEL SECURITY;
