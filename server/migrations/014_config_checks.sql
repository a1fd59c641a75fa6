-- Configurations the browser writes straight to the database (through the data gateway or a hosted
-- Supabase project's PostgREST) are checked by the database itself: a background agent's config, a
-- flow's graph and a page's components. A malformed one is refused with a message a person can act on
-- (SQLSTATE 23514 check_violation, which the gateway answers with 400), so no runner or reconciler ever
-- meets it. Rows already stored are not rewritten: the server skips and reports those.
--
-- The checks are IMMUTABLE functions (usable in a CHECK constraint or an index, callable by hand to find
-- bad rows: SELECT id, public.accent_background_config_problem(config) FROM background_agents) and BEFORE
-- triggers that raise their answer. The allowed values mirror the editor's lists
-- (mfe-background/common/src/background.ts; the server test keeps both in step). Plain PostgreSQL.

CREATE OR REPLACE FUNCTION public.accent_json_strings_problem(value jsonb, field text, allowed text[]) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    item jsonb;
  BEGIN
    IF value IS NULL THEN
      RETURN NULL;
    END IF;
    IF jsonb_typeof(value) <> 'array' THEN
      RETURN format('%s must be a list', field);
    END IF;
    FOR item IN SELECT * FROM jsonb_array_elements(value) LOOP
      IF jsonb_typeof(item) <> 'string' OR NOT (item #>> '{}') = ANY (allowed) THEN
        RETURN format('%s: %s is not one of %s', field, item::text, array_to_string(allowed, ', '));
      END IF;
    END LOOP;
    RETURN NULL;
  END
  $$;

-- NULL when the configuration is acceptable; otherwise what is wrong with it.
CREATE OR REPLACE FUNCTION public.accent_background_config_problem(config jsonb) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    field text;
    problem text;
    step jsonb;
  BEGIN
    IF config IS NULL OR jsonb_typeof(config) <> 'object' THEN
      RETURN 'the configuration must be an object';
    END IF;
    FOREACH field IN ARRAY ARRAY['name', 'category', 'description', 'icon', 'systemPrompt', 'cronExpression', 'timezone',
      'outputTemplate', 'emailRecipients', 'smsRecipients', 'webhookUrl', 'errorNotifications', 'interval', 'scheduleType',
      'outputFormat', 'status'] LOOP
      IF config ? field AND jsonb_typeof(config -> field) <> 'string' THEN
        RETURN format('%s must be text', field);
      END IF;
    END LOOP;
    FOREACH field IN ARRAY ARRAY['emailRecipients', 'smsRecipients', 'webhookUrl'] LOOP
      IF char_length(config ->> field) > 2000 THEN
        RETURN format('%s is too long (at most 2000 characters)', field);
      END IF;
    END LOOP;
    FOREACH field IN ARRAY ARRAY['runOnDemand', 'pauseOnError'] LOOP
      IF config ? field AND jsonb_typeof(config -> field) <> 'boolean' THEN
        RETURN format('%s must be true or false', field);
      END IF;
    END LOOP;
    IF config ? 'icon' AND config ->> 'icon' = '' THEN
      RETURN 'icon must not be empty';
    END IF;
    IF config ? 'timezone' AND config ->> 'timezone' = '' THEN
      RETURN 'timezone must not be empty';
    END IF;
    IF config ? 'scheduleType' AND NOT (config ->> 'scheduleType') = ANY (ARRAY['interval', 'cron', 'event']) THEN
      RETURN format('scheduleType: "%s" is not one of interval, cron, event', config ->> 'scheduleType');
    END IF;
    IF config ? 'interval' AND NOT (config ->> 'interval') = ANY (ARRAY['', '5min', '15min', '30min', '1hour', '4hours', 'daily', 'weekly', 'monthly']) THEN
      RETURN format('interval: "%s" is not one of 5min, 15min, 30min, 1hour, 4hours, daily, weekly, monthly', config ->> 'interval');
    END IF;
    IF config ? 'outputFormat' AND NOT (config ->> 'outputFormat') = ANY (ARRAY['markdown', 'html', 'json', 'csv', 'pdf', 'slack_blocks']) THEN
      RETURN format('outputFormat: "%s" is not one of markdown, html, json, csv, pdf, slack_blocks', config ->> 'outputFormat');
    END IF;
    IF config ? 'status' AND NOT (config ->> 'status') = ANY (ARRAY['draft', 'active']) THEN
      RETURN format('status: "%s" is not one of draft, active', config ->> 'status');
    END IF;
    problem := coalesce(
      public.accent_json_strings_problem(config -> 'dataSources', 'dataSources',
        ARRAY['salesforce', 'hubspot', 'pipedrive', 'gmail', 'outlook', 'slack', 'web_scraping', 'news_apis', 'social_media']),
      public.accent_json_strings_problem(config -> 'deliveryChannels', 'deliveryChannels', ARRAY['email', 'slack', 'sms', 'webhook', 'dashboard']),
      public.accent_json_strings_problem(config -> 'permissions', 'permissions',
        ARRAY['read_crm', 'write_crm', 'read_emails', 'send_emails', 'post_slack', 'send_sms', 'web_scraping', 'api_calls']));
    IF problem IS NOT NULL THEN
      RETURN problem;
    END IF;
    IF config ? 'processingSteps' THEN
      IF jsonb_typeof(config -> 'processingSteps') <> 'array' THEN
        RETURN 'processingSteps must be a list';
      END IF;
      FOR step IN SELECT * FROM jsonb_array_elements(config -> 'processingSteps') LOOP
        IF jsonb_typeof(step) <> 'object' THEN
          RETURN 'each of processingSteps must be an object with a type and a description';
        END IF;
        IF step ? 'type' AND (jsonb_typeof(step -> 'type') <> 'string' OR NOT (step ->> 'type') = ANY (ARRAY['data_collection', 'filtering',
            'analysis', 'scoring', 'classification', 'generation', 'formatting', 'validation'])) THEN
          RETURN format('processingSteps: %s is not one of data_collection, filtering, analysis, scoring, classification, generation, formatting, validation', (step -> 'type')::text);
        END IF;
        IF step ? 'description' AND jsonb_typeof(step -> 'description') <> 'string' THEN
          RETURN 'processingSteps: a description must be text';
        END IF;
      END LOOP;
    END IF;
    IF config ? 'maxRetries' AND (jsonb_typeof(config -> 'maxRetries') <> 'number' OR (config ->> 'maxRetries')::numeric NOT IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)) THEN
      RETURN 'maxRetries must be a whole number from 0 to 10';
    END IF;
    IF config ? 'retryDelay' AND (jsonb_typeof(config -> 'retryDelay') <> 'number'
        OR (config ->> 'retryDelay')::numeric <> trunc((config ->> 'retryDelay')::numeric)
        OR (config ->> 'retryDelay')::numeric NOT BETWEEN 1 AND 60) THEN
      RETURN 'retryDelay must be a whole number of minutes from 1 to 60';
    END IF;
    RETURN NULL;
  END
  $$;

-- A flow's graph: {nodes: [{id, type, data?}], edges: [{id, source, target}], viewport?}.
CREATE OR REPLACE FUNCTION public.accent_flow_data_problem(flow_data jsonb) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    node jsonb;
    edge jsonb;
  BEGIN
    IF flow_data IS NULL OR jsonb_typeof(flow_data) <> 'object' THEN
      RETURN 'the flow must be an object with nodes and edges';
    END IF;
    IF jsonb_typeof(flow_data -> 'nodes') IS DISTINCT FROM 'array' THEN
      RETURN 'nodes must be a list';
    END IF;
    IF jsonb_typeof(flow_data -> 'edges') IS DISTINCT FROM 'array' THEN
      RETURN 'edges must be a list';
    END IF;
    IF flow_data ? 'viewport' AND jsonb_typeof(flow_data -> 'viewport') <> 'object' THEN
      RETURN 'viewport must be an object';
    END IF;
    FOR node IN SELECT * FROM jsonb_array_elements(flow_data -> 'nodes') LOOP
      IF jsonb_typeof(node) <> 'object' OR jsonb_typeof(node -> 'id') IS DISTINCT FROM 'string' OR node ->> 'id' = '' THEN
        RETURN 'each node must be an object with an id';
      END IF;
      IF jsonb_typeof(node -> 'type') IS DISTINCT FROM 'string' OR NOT (node ->> 'type') = ANY (ARRAY['trigger', 'llm', 'condition', 'action']) THEN
        RETURN format('node %s: type %s is not one of trigger, llm, condition, action', node ->> 'id', coalesce((node -> 'type')::text, 'missing'));
      END IF;
      IF node ? 'data' AND jsonb_typeof(node -> 'data') <> 'object' THEN
        RETURN format('node %s: data must be an object', node ->> 'id');
      END IF;
    END LOOP;
    FOR edge IN SELECT * FROM jsonb_array_elements(flow_data -> 'edges') LOOP
      IF jsonb_typeof(edge) <> 'object'
          OR jsonb_typeof(edge -> 'source') IS DISTINCT FROM 'string' OR jsonb_typeof(edge -> 'target') IS DISTINCT FROM 'string' THEN
        RETURN 'each edge must be an object with a source and a target';
      END IF;
    END LOOP;
    RETURN NULL;
  END
  $$;

-- A page's components: [{id, type, props: {}, layout: {zone, width, position}}].
CREATE OR REPLACE FUNCTION public.accent_page_components_problem(components jsonb) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    component jsonb;
  BEGIN
    IF components IS NULL OR jsonb_typeof(components) <> 'array' THEN
      RETURN 'components must be a list';
    END IF;
    FOR component IN SELECT * FROM jsonb_array_elements(components) LOOP
      IF jsonb_typeof(component) <> 'object'
          OR jsonb_typeof(component -> 'id') IS DISTINCT FROM 'string' OR char_length(component ->> 'id') NOT BETWEEN 1 AND 64
          OR jsonb_typeof(component -> 'type') IS DISTINCT FROM 'string' OR char_length(component ->> 'type') NOT BETWEEN 1 AND 64 THEN
        RETURN 'each component must be an object with an id and a type (1 to 64 characters)';
      END IF;
      IF jsonb_typeof(component -> 'props') IS DISTINCT FROM 'object' THEN
        RETURN format('component %s: props must be an object', component ->> 'id');
      END IF;
      IF jsonb_typeof(component -> 'layout') IS DISTINCT FROM 'object' THEN
        RETURN format('component %s: layout must be an object', component ->> 'id');
      END IF;
    END LOOP;
    RETURN NULL;
  END
  $$;

CREATE OR REPLACE FUNCTION public.accent_check_config() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    problem text;
  BEGIN
    IF TG_TABLE_NAME = 'background_agents' THEN
      problem := public.accent_background_config_problem(NEW.config);
      IF problem IS NOT NULL THEN
        RAISE EXCEPTION 'Invalid background agent configuration: %', problem USING ERRCODE = 'check_violation';
      END IF;
    ELSIF TG_TABLE_NAME = 'flows' THEN
      problem := public.accent_flow_data_problem(NEW.flow_data);
      IF problem IS NOT NULL THEN
        RAISE EXCEPTION 'Invalid flow: %', problem USING ERRCODE = 'check_violation';
      END IF;
    ELSIF TG_TABLE_NAME = 'pages' THEN
      problem := public.accent_page_components_problem(NEW.components);
      IF problem IS NOT NULL THEN
        RAISE EXCEPTION 'Invalid page: %', problem USING ERRCODE = 'check_violation';
      END IF;
    END IF;
    RETURN NEW;
  END
  $$;

CREATE TRIGGER background_agents_check_config BEFORE INSERT OR UPDATE OF config ON public.background_agents
  FOR EACH ROW EXECUTE FUNCTION public.accent_check_config();
CREATE TRIGGER flows_check_config BEFORE INSERT OR UPDATE OF flow_data ON public.flows
  FOR EACH ROW EXECUTE FUNCTION public.accent_check_config();
CREATE TRIGGER pages_check_config BEFORE INSERT OR UPDATE OF components ON public.pages
  FOR EACH ROW EXECUTE FUNCTION public.accent_check_config();
