-- What a user proves by reading their email: a password reset link (30 minutes) or a sign-in code (10
-- minutes). Only hashes are stored: sha256 of the link's random token; an HMAC of the code with the
-- user's id (so equal codes of two users differ). used_at is set once, by the single UPDATE that accepts
-- it, which also retires a code after too many wrong tries. Written and read by the server only: row-level
-- security is on with no policy, so the browser's data gateway sees nothing of it.
CREATE TABLE public.email_challenges (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose          text NOT NULL CHECK (purpose IN ('password_reset', 'sign_in_code')),
  secret_hash      text NOT NULL,
  failed_attempts  integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- a reset link is found by its hash alone (codes repeat over time, so only links are unique)
CREATE UNIQUE INDEX email_challenges_reset_hash_idx ON public.email_challenges (secret_hash) WHERE purpose = 'password_reset';
-- a user's latest challenge of a kind: the resend cool-down, the live code, retiring older ones
CREATE INDEX email_challenges_user_purpose_idx ON public.email_challenges (user_id, purpose, created_at DESC);
-- housekeeping of old rows
CREATE INDEX email_challenges_expires_at_idx ON public.email_challenges (expires_at);
ALTER TABLE public.email_challenges ENABLE ROW LEVEL SECURITY;
