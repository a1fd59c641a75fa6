-- Sign-in with Ethereum (EIP-4361), off by default: whether a library allows it and which chains, the
-- messages the server built and not yet used, and the wallet addresses linked to users. A wallet signs in
-- only as a user it was linked to: it never creates one. Written and read by the server only: row-level
-- security is on with no policy, so the browser's data gateway sees none of it.

CREATE TABLE public.library_wallet_settings (
  library_id  uuid PRIMARY KEY REFERENCES libraries (id) ON DELETE CASCADE,
  enabled     boolean NOT NULL DEFAULT false,
  chain_ids   jsonb NOT NULL DEFAULT '[1]'::jsonb CHECK (jsonb_typeof(chain_ids) = 'array'),
  updated_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_wallet_settings_updated_by_idx ON public.library_wallet_settings (updated_by);
ALTER TABLE public.library_wallet_settings ENABLE ROW LEVEL SECURITY;

-- A message handed out to be signed: found by the hash of its nonce and used once (used_at set in the same
-- UPDATE that reads it). 'link' messages belong to the signed-in user who asked; 'sign_in' ones to nobody yet.
CREATE TABLE public.wallet_nonces (
  nonce_hash  text PRIMARY KEY,
  purpose     text NOT NULL CHECK (purpose IN ('link', 'sign_in')),
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
  address     text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  chain_id    integer NOT NULL,
  remember_me boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE INDEX wallet_nonces_library_id_idx ON public.wallet_nonces (library_id);
CREATE INDEX wallet_nonces_user_id_idx ON public.wallet_nonces (user_id);
CREATE INDEX wallet_nonces_created_at_idx ON public.wallet_nonces (created_at);
ALTER TABLE public.wallet_nonces ENABLE ROW LEVEL SECURITY;

-- A wallet address (lower case) linked to one user of the library.
CREATE TABLE public.user_wallets (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  library_id    uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  address       text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  chain_id      integer NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  UNIQUE (library_id, address)
);
CREATE INDEX user_wallets_user_id_idx ON public.user_wallets (user_id);
ALTER TABLE public.user_wallets ENABLE ROW LEVEL SECURITY;
