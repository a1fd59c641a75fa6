-- Sign-up domains need proof of control, and one domain opens sign-up to one library only. A library's
-- claim of a domain holds the token of its DNS TXT record (`accent-studio-verification=<token>` at the
-- domain); it is verified when the server finds the record, or by a studio operator on the command line.
-- Verified claims are unique per domain; pending ones are not (a library listing a domain it does not
-- control must not keep it from the company that does). Server only: RLS on, no policy.
CREATE TABLE public.sign_up_domain_claims (
  library_id   uuid NOT NULL REFERENCES public.libraries (id) ON DELETE CASCADE,
  domain       text NOT NULL,
  token        text NOT NULL,
  verified_at  timestamptz,
  verified_by  text CHECK (verified_by IN ('dns', 'operator')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (library_id, domain),
  CHECK ((verified_at IS NULL) = (verified_by IS NULL))
);
CREATE UNIQUE INDEX sign_up_domain_claims_verified_domain_key ON public.sign_up_domain_claims (domain) WHERE verified_at IS NOT NULL;
ALTER TABLE public.sign_up_domain_claims ENABLE ROW LEVEL SECURITY;

-- Domains listed before this change start unverified: sign-up to them stays closed until proven (an
-- administrator may have listed a domain that is not theirs).
INSERT INTO public.sign_up_domain_claims (library_id, domain, token)
SELECT d.library_id, lower(x.domain), replace(gen_random_uuid()::text, '-', '')
  FROM public.library_sign_up_domains d, jsonb_array_elements_text(d.domains) AS x (domain)
ON CONFLICT DO NOTHING;
