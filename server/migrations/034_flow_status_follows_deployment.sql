-- A flow's status says whether it is deployed, one truth for the dashboard, its filter, the builder and the
-- deployment: 'active' exactly when the flow has a deployment (flow_deployments). An imported "active"
-- flow, a sample or a copy of a deployed flow is stored 'inactive' (it was shown Active while its trigger was
-- not live); a deployed flow stays 'active' whatever a client writes. Deploy writes the deployment before the
-- status, undeploy deletes it first, so the server's own updates pass unchanged.
--
-- `authenticated` may not read flow_deployments, so the check runs as its owner (SECURITY DEFINER).
CREATE OR REPLACE FUNCTION public.accent_flow_deployed(flow text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT EXISTS (SELECT 1 FROM public.flow_deployments WHERE flow_id = flow) $$;

CREATE OR REPLACE FUNCTION public.accent_flows_before_write() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.user_id := 'user_' || NEW.owner_id::text || '_lib_' || NEW.library_id::text;
    IF public.accent_flow_deployed(NEW.id) THEN
      NEW.status := 'active';
    ELSIF NEW.status = 'active' THEN
      NEW.status := 'inactive';
    END IF;
    -- updated_at moves when the flow itself changes, not when a run updates its counters (the dashboard
    -- lists flows by updated_at)
    IF TG_OP = 'UPDATE' AND ROW(NEW.name, NEW.description, NEW.status, NEW.node_count, NEW.tags, NEW.author, NEW.flow_data, NEW.owner_id, NEW.library_id)
         IS DISTINCT FROM ROW(OLD.name, OLD.description, OLD.status, OLD.node_count, OLD.tags, OLD.author, OLD.flow_data, OLD.owner_id, OLD.library_id) THEN
      NEW.updated_at := now();
    END IF;
    RETURN NEW;
  END
  $$;

-- the flows stored before: active without a deployment → inactive (updated_at kept: nothing the person did)
ALTER TABLE public.flows DISABLE TRIGGER flows_before_write;
UPDATE public.flows f SET status = 'inactive'
  WHERE status = 'active' AND NOT EXISTS (SELECT 1 FROM public.flow_deployments d WHERE d.flow_id = f.id);
UPDATE public.flows f SET status = 'active'
  WHERE status <> 'active' AND EXISTS (SELECT 1 FROM public.flow_deployments d WHERE d.flow_id = f.id);
ALTER TABLE public.flows ENABLE TRIGGER flows_before_write;

-- the trigger calls it as the writing role: `authenticated` (the gateway) and the owner (the server)
REVOKE EXECUTE ON FUNCTION public.accent_flow_deployed(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.accent_flow_deployed(text) TO authenticated;
