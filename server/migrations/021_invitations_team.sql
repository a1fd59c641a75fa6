-- Invitations and self sign-up. One table holds both kinds of emailed link: an administrator's
-- invitation (email, role, team) and a self sign-up's email verification (always role member). Only a
-- sha256 of each link's token is stored; a link is used once (accepted_at set in the same UPDATE that
-- checks it) and can be revoked. Written and read by the server only: row-level security is on with no
-- policy, so the browser's data gateway sees nothing of it.
CREATE TABLE public.invitations (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  library_id        uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('invitation', 'sign_up')),
  email             text NOT NULL CHECK (email = lower(email) AND length(email) <= 320),
  role              text NOT NULL CHECK (role IN ('admin', 'builder', 'member')),
  team              text CHECK (team IN ('sales', 'marketing')),
  token_hash        text NOT NULL UNIQUE,
  invited_by        uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  sent_at           timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  accepted_at       timestamptz,
  accepted_user_id  uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at        timestamptz,
  -- a self sign-up never grants more than an end user's rights
  CHECK (kind = 'invitation' OR role = 'member')
);
-- one open link per address, kind and library (also the admin's list of pending invitations)
CREATE UNIQUE INDEX invitations_open_idx ON public.invitations (library_id, kind, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX invitations_invited_by_idx ON public.invitations (invited_by);
CREATE INDEX invitations_accepted_user_id_idx ON public.invitations (accepted_user_id);
ALTER TABLE public.invitations ENABLE ROW LEVEL SECURITY;

-- The email domains whose people may sign up to a library themselves (Admin → Settings); no row or an
-- empty list: self sign-up is closed. Server only, like invitations.
CREATE TABLE public.library_sign_up_domains (
  library_id  uuid PRIMARY KEY REFERENCES libraries (id) ON DELETE CASCADE,
  domains     jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(domains) = 'array'),
  updated_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_sign_up_domains_updated_by_idx ON public.library_sign_up_domains (updated_by);
ALTER TABLE public.library_sign_up_domains ENABLE ROW LEVEL SECURITY;

-- My Team's "last active": the newest refresh token of each user (issued at sign-in, renewed at each
-- rotation), read per library member.
CREATE INDEX refresh_tokens_user_id_created_at_idx ON public.refresh_tokens (user_id, created_at DESC);
