-- Analytics and cost: a price per provider and model for each library, each run's cost computed when
-- the run is recorded (stored on the run), and one narrow row per finished run of every source
-- (run_facts) with an hourly roll-up (run_rollup_hourly) maintained at the same moment, so a month of a
-- busy library is summed from a few thousand rows instead of scanning the wide run tables.
-- Everything here is written by triggers and read by the server only: row-level security is on with no
-- policy, so the browser's data gateway sees none of it.

-- Missions' agent runs get their own source (they were recorded as 'api').
ALTER TABLE agent_runs DROP CONSTRAINT agent_runs_source_check;
ALTER TABLE agent_runs ADD CONSTRAINT agent_runs_source_check
  CHECK (source IN ('test', 'agent-test', 'chatbot', 'api', 'agent', 'background', 'page', 'mission'));

-- ---------------------------------------------------------------------------------------------------
-- Prices. model_list_prices holds the defaults a new library starts with; model_prices is each
-- library's own table, edited in Admin → Settings.
CREATE TABLE public.model_list_prices (
  provider             text NOT NULL,
  model                text NOT NULL,
  input_usd_per_mtok   numeric(12, 4) NOT NULL CHECK (input_usd_per_mtok >= 0),
  output_usd_per_mtok  numeric(12, 4) NOT NULL CHECK (output_usd_per_mtok >= 0),
  priced_on            date NOT NULL,
  PRIMARY KEY (provider, model)
);
ALTER TABLE public.model_list_prices ENABLE ROW LEVEL SECURITY;

-- Public list prices (USD per million tokens, standard tier, no batch or cache discounts) of the models
-- the studio offers, taken on 2026-11-23. They are list prices to check against each provider's price
-- page (and a customer's own contract) before trusting the estimates. Google's spec names run on the
-- models they are mapped to (gemini-pro → Gemini 1.5 Pro, palm-2 → Gemini 1.5 Flash); Azure's are
-- Azure OpenAI's pay-as-you-go prices of GPT-4 (8K) and GPT-3.5 Turbo (0125).
INSERT INTO public.model_list_prices (provider, model, input_usd_per_mtok, output_usd_per_mtok, priced_on) VALUES
  ('openai', 'gpt-4', 30, 60, '2026-11-23'),
  ('openai', 'gpt-4-turbo', 10, 30, '2026-11-23'),
  ('openai', 'gpt-4o', 2.5, 10, '2026-11-23'),
  ('openai', 'gpt-4o-mini', 0.15, 0.6, '2026-11-23'),
  ('openai', 'gpt-4.1-mini', 0.4, 1.6, '2026-11-23'),
  ('openai', 'gpt-3.5-turbo', 0.5, 1.5, '2026-11-23'),
  ('anthropic', 'claude-3-opus', 15, 75, '2026-11-23'),
  ('anthropic', 'claude-3-sonnet', 3, 15, '2026-11-23'),
  ('anthropic', 'claude-3-haiku', 0.25, 1.25, '2026-11-23'),
  ('anthropic', 'claude-3.5-sonnet', 3, 15, '2026-11-23'),
  ('google', 'gemini-pro', 1.25, 5, '2026-11-23'),
  ('google', 'gemini-pro-vision', 1.25, 5, '2026-11-23'),
  ('google', 'palm-2', 0.075, 0.3, '2026-11-23'),
  ('microsoft', 'azure-gpt-4', 30, 60, '2026-11-23'),
  ('microsoft', 'azure-gpt-35-turbo', 0.5, 1.5, '2026-11-23');

CREATE TABLE public.model_prices (
  library_id           uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  provider             text NOT NULL CHECK (char_length(provider) BETWEEN 1 AND 100),
  model                text NOT NULL CHECK (char_length(model) BETWEEN 1 AND 200),
  input_usd_per_mtok   numeric(12, 4) NOT NULL CHECK (input_usd_per_mtok >= 0),
  output_usd_per_mtok  numeric(12, 4) NOT NULL CHECK (output_usd_per_mtok >= 0),
  -- the day the price was taken (list prices) or entered by an administrator
  priced_on            date NOT NULL,
  updated_by           uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (library_id, provider, model)
);
CREATE INDEX model_prices_updated_by_idx ON public.model_prices (updated_by);
ALTER TABLE public.model_prices ENABLE ROW LEVEL SECURITY;

INSERT INTO public.model_prices (library_id, provider, model, input_usd_per_mtok, output_usd_per_mtok, priced_on)
SELECT l.id, p.provider, p.model, p.input_usd_per_mtok, p.output_usd_per_mtok, p.priced_on
FROM libraries l CROSS JOIN public.model_list_prices p;

CREATE FUNCTION public.accent_seed_model_prices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.model_prices (library_id, provider, model, input_usd_per_mtok, output_usd_per_mtok, priced_on)
  SELECT NEW.id, p.provider, p.model, p.input_usd_per_mtok, p.output_usd_per_mtok, p.priced_on FROM public.model_list_prices p;
  RETURN NEW;
END $$;
CREATE TRIGGER libraries_seed_model_prices AFTER INSERT ON libraries
  FOR EACH ROW EXECUTE FUNCTION public.accent_seed_model_prices();

-- ---------------------------------------------------------------------------------------------------
-- The cost of a run's model calls: p_calls is [{provider, model, usage: {inputTokens, outputTokens}}]
-- (an agent run's trace steps, a flow run's model node outputs). A call that used tokens on a model with
-- no price makes the whole cost unknown (null) with the reason; a run that called no model costs 0.
CREATE FUNCTION public.accent_run_cost(p_library uuid, p_calls jsonb,
  OUT cost_usd numeric, OUT cost_note text, OUT tokens_in bigint, OUT tokens_out bigint)
LANGUAGE sql STABLE AS $$
  WITH calls AS (
    SELECT e ->> 'provider' AS provider, e ->> 'model' AS model,
           COALESCE((e -> 'usage' ->> 'inputTokens')::numeric, 0)::bigint AS tin,
           COALESCE((e -> 'usage' ->> 'outputTokens')::numeric, 0)::bigint AS tout
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_calls) = 'array' THEN p_calls ELSE '[]'::jsonb END) e
    WHERE jsonb_typeof(e) = 'object'
  ), priced AS (
    SELECT c.*, p.input_usd_per_mtok AS pin, p.output_usd_per_mtok AS pout,
           (p.provider IS NULL AND c.tin + c.tout > 0) AS unpriced
    FROM calls c
    LEFT JOIN public.model_prices p ON p.library_id = p_library AND p.provider = c.provider AND p.model = c.model
  )
  SELECT CASE WHEN COALESCE(bool_or(unpriced), false) THEN NULL
              ELSE round(COALESCE(sum((tin * pin + tout * pout) / 1000000), 0), 6) END,
         CASE WHEN COALESCE(bool_or(unpriced), false)
              THEN 'No price for ' || string_agg(DISTINCT COALESCE(provider, '?') || ' / ' || COALESCE(model, '?'), ', ') FILTER (WHERE unpriced)
                   || ' (Admin → Settings → Model prices)' END,
         COALESCE(sum(tin), 0)::bigint, COALESCE(sum(tout), 0)::bigint
  FROM priced
$$;

ALTER TABLE agent_runs ADD COLUMN cost_usd numeric(16, 6), ADD COLUMN cost_note text;
ALTER TABLE public.flow_runs
  ADD COLUMN tokens_in bigint, ADD COLUMN tokens_out bigint,
  ADD COLUMN cost_usd numeric(16, 6), ADD COLUMN cost_note text;

-- A flow run's model calls: the outputs of its llm and analysis nodes.
CREATE FUNCTION public.accent_flow_model_calls(p_nodes jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_agg(n -> 'output'), '[]'::jsonb)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_nodes) = 'array' THEN p_nodes ELSE '[]'::jsonb END) n
  WHERE jsonb_typeof(n -> 'output') = 'object' AND (n -> 'output') ? 'usage' AND (n -> 'output') ? 'provider'
$$;

-- ---------------------------------------------------------------------------------------------------
-- One row per finished run. source: the agent run's (test and agent-test counted as 'agent-test'), or
-- 'flow'; name: the agent's or the flow's.
CREATE TABLE public.run_facts (
  run_id       uuid PRIMARY KEY,
  library_id   uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL,
  source       text NOT NULL,
  name         text NOT NULL,
  user_id      uuid REFERENCES users (id) ON DELETE SET NULL,
  status       text NOT NULL CHECK (status IN ('succeeded', 'failed', 'cancelled')),
  duration_ms  integer,
  tokens_in    bigint NOT NULL DEFAULT 0,
  tokens_out   bigint NOT NULL DEFAULT 0,
  cost_usd     numeric(16, 6),
  error        text
);
-- the period's percentiles (index-only), a member's own runs, one source, one agent, the failures
CREATE INDEX run_facts_library_started_idx ON public.run_facts (library_id, started_at) INCLUDE (duration_ms);
-- covering: one user's view is summed from the index alone
CREATE INDEX run_facts_library_user_started_idx ON public.run_facts (library_id, user_id, started_at)
  INCLUDE (source, name, status, duration_ms, tokens_in, tokens_out, cost_usd);
CREATE INDEX run_facts_library_source_started_idx ON public.run_facts (library_id, source, started_at);
CREATE INDEX run_facts_library_name_started_idx ON public.run_facts (library_id, name, started_at);
CREATE INDEX run_facts_failed_idx ON public.run_facts (library_id, started_at) WHERE status = 'failed';
CREATE INDEX run_facts_user_id_idx ON public.run_facts (user_id);
ALTER TABLE public.run_facts ENABLE ROW LEVEL SECURITY;

-- The same figures summed per UTC hour, source and name (no user: views filtered by a user read run_facts).
CREATE TABLE public.run_rollup_hourly (
  library_id  uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
  hour        timestamptz NOT NULL,
  source      text NOT NULL,
  name        text NOT NULL,
  runs        integer NOT NULL DEFAULT 0,
  succeeded   integer NOT NULL DEFAULT 0,
  failed      integer NOT NULL DEFAULT 0,
  tokens_in   bigint NOT NULL DEFAULT 0,
  tokens_out  bigint NOT NULL DEFAULT 0,
  cost_usd    numeric(18, 6) NOT NULL DEFAULT 0,
  -- runs whose cost is unknown (not in cost_usd)
  unpriced    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (library_id, hour, source, name)
);
CREATE INDEX run_rollup_hourly_library_source_hour_idx ON public.run_rollup_hourly (library_id, source, hour);
CREATE INDEX run_rollup_hourly_library_name_hour_idx ON public.run_rollup_hourly (library_id, name, hour);
ALTER TABLE public.run_rollup_hourly ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.accent_record_run_fact(f public.run_facts) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.run_facts VALUES (f.*) ON CONFLICT (run_id) DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO public.run_rollup_hourly AS r (library_id, hour, source, name, runs, succeeded, failed, tokens_in, tokens_out, cost_usd, unpriced)
  VALUES (f.library_id, date_trunc('hour', f.started_at, 'UTC'), f.source, f.name, 1,
          (f.status = 'succeeded')::int, (f.status = 'failed')::int, f.tokens_in, f.tokens_out,
          COALESCE(f.cost_usd, 0), (f.cost_usd IS NULL)::int)
  ON CONFLICT (library_id, hour, source, name) DO UPDATE SET
    runs = r.runs + 1, succeeded = r.succeeded + EXCLUDED.succeeded, failed = r.failed + EXCLUDED.failed,
    tokens_in = r.tokens_in + EXCLUDED.tokens_in, tokens_out = r.tokens_out + EXCLUDED.tokens_out,
    cost_usd = r.cost_usd + EXCLUDED.cost_usd, unpriced = r.unpriced + EXCLUDED.unpriced;
END $$;

CREATE FUNCTION public.accent_analytics_source(p_source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_source = 'test' THEN 'agent-test' ELSE p_source END
$$;

-- Agent runs: the cost when the run leaves 'running', then its fact.
CREATE FUNCTION public.accent_agent_run_cost() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c record;
BEGIN
  SELECT * INTO c FROM public.accent_run_cost(NEW.library_id, NEW.trace -> 'steps');
  NEW.cost_usd := c.cost_usd;
  NEW.cost_note := c.cost_note;
  RETURN NEW;
END $$;
CREATE TRIGGER agent_runs_cost BEFORE INSERT OR UPDATE OF status ON agent_runs
  FOR EACH ROW WHEN (NEW.status <> 'running') EXECUTE FUNCTION public.accent_agent_run_cost();

CREATE FUNCTION public.accent_agent_run_fact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.accent_record_run_fact(ROW(
    NEW.id, NEW.library_id, NEW.started_at, public.accent_analytics_source(NEW.source), NEW.agent_name, NEW.user_id,
    NEW.status, NEW.duration_ms,
    COALESCE((NEW.usage ->> 'inputTokens')::numeric, 0)::bigint, COALESCE((NEW.usage ->> 'outputTokens')::numeric, 0)::bigint,
    NEW.cost_usd, NEW.error)::public.run_facts);
  RETURN NULL;
END $$;
CREATE TRIGGER agent_runs_fact AFTER INSERT OR UPDATE OF status ON agent_runs
  FOR EACH ROW WHEN (NEW.status <> 'running') EXECUTE FUNCTION public.accent_agent_run_fact();

-- Flow runs: tokens and cost from the model nodes when the run finishes, then its fact.
CREATE FUNCTION public.accent_flow_run_cost() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c record;
BEGIN
  SELECT * INTO c FROM public.accent_run_cost(NEW.library_id, public.accent_flow_model_calls(NEW.nodes));
  NEW.cost_usd := c.cost_usd;
  NEW.cost_note := c.cost_note;
  NEW.tokens_in := c.tokens_in;
  NEW.tokens_out := c.tokens_out;
  RETURN NEW;
END $$;
CREATE TRIGGER flow_runs_cost BEFORE INSERT OR UPDATE OF status ON public.flow_runs
  FOR EACH ROW WHEN (NEW.status IN ('succeeded', 'failed', 'cancelled')) EXECUTE FUNCTION public.accent_flow_run_cost();

CREATE FUNCTION public.accent_flow_run_fact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.accent_record_run_fact(ROW(
    NEW.id, NEW.library_id, COALESCE(NEW.started_at, NEW.created_at), 'flow',
    COALESCE((SELECT f.name FROM public.flows f WHERE f.id = NEW.flow_id), NEW.flow_id),
    COALESCE(NEW.requested_by, NEW.owner_id), NEW.status, NEW.duration_ms,
    COALESCE(NEW.tokens_in, 0), COALESCE(NEW.tokens_out, 0), NEW.cost_usd, NEW.error)::public.run_facts);
  RETURN NULL;
END $$;
CREATE TRIGGER flow_runs_fact AFTER INSERT OR UPDATE OF status ON public.flow_runs
  FOR EACH ROW WHEN (NEW.status IN ('succeeded', 'failed', 'cancelled')) EXECUTE FUNCTION public.accent_flow_run_fact();

-- Runs recorded before this migration: their cost and facts.
UPDATE agent_runs r SET cost_usd = c.cost_usd, cost_note = c.cost_note
FROM agent_runs a CROSS JOIN LATERAL public.accent_run_cost(a.library_id, a.trace -> 'steps') c
WHERE r.id = a.id AND a.status <> 'running';
UPDATE public.flow_runs r SET cost_usd = c.cost_usd, cost_note = c.cost_note, tokens_in = c.tokens_in, tokens_out = c.tokens_out
FROM public.flow_runs a CROSS JOIN LATERAL public.accent_run_cost(a.library_id, public.accent_flow_model_calls(a.nodes)) c
WHERE r.id = a.id AND a.status IN ('succeeded', 'failed', 'cancelled');
SELECT public.accent_record_run_fact(ROW(
  a.id, a.library_id, a.started_at, public.accent_analytics_source(a.source), a.agent_name, a.user_id, a.status, a.duration_ms,
  COALESCE((a.usage ->> 'inputTokens')::numeric, 0)::bigint, COALESCE((a.usage ->> 'outputTokens')::numeric, 0)::bigint,
  a.cost_usd, a.error)::public.run_facts)
FROM agent_runs a WHERE a.status <> 'running';
SELECT public.accent_record_run_fact(ROW(
  r.id, r.library_id, COALESCE(r.started_at, r.created_at), 'flow', f.name, COALESCE(r.requested_by, r.owner_id),
  r.status, r.duration_ms, COALESCE(r.tokens_in, 0), COALESCE(r.tokens_out, 0), r.cost_usd, r.error)::public.run_facts)
FROM public.flow_runs r JOIN public.flows f ON f.id = r.flow_id WHERE r.status IN ('succeeded', 'failed', 'cancelled');
