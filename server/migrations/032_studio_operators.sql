-- Studio operators: the people who release and promote remotes. The remote registry is one for the whole
-- studio (every library loads what it serves), so it is not any library administrator's to change; an
-- operator is named on the server (`npm run admin -- operator --email …`). Server only: RLS on, no policy.
CREATE TABLE public.studio_operators (
  user_id    uuid PRIMARY KEY REFERENCES public.users (id) ON DELETE CASCADE,
  granted_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.studio_operators ENABLE ROW LEVEL SECURITY;

-- A studio with a single library keeps working as it did: its active administrators ran the registry and
-- no other library shares it, so they become operators. With several libraries no one does until named.
INSERT INTO public.studio_operators (user_id)
SELECT u.id FROM public.users u
 WHERE u.role = 'admin' AND u.active AND (SELECT count(*) FROM public.libraries) = 1;
