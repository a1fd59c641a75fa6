// Deploy / Undeploy, and whether the server has the flow deployed: the badge and the buttons follow the
// server, not the stored status (an imported "active" flow, a sample or a duplicate is not deployed).
import { useState } from 'react';
import { BUILDER_TOAST_MS, FLOW_TOASTS, type FlowStatus } from '@accent/flows-common';
import { useQuery } from '@accent/shared/ui';
import type { FlowDeployment } from '../data/flows.js';
import { errorMessage, useFlowsEnv } from '../state/FlowsDataContext.js';

/** `flush` saves pending changes first (the server deploys the stored flow); `onStatus` keeps the editor's status in step. */
export function useFlowDeployment(flowId: string, flush: () => Promise<boolean>, onStatus: (status: FlowStatus) => void) {
  const { api, notify } = useFlowsEnv();
  const [deployment, setDeployment] = useState<FlowDeployment | null>(null);
  const [deploying, setDeploying] = useState(false);
  // what this editor changed since the server answered
  const [changed, setChanged] = useState<boolean | null>(null);
  const state = useQuery(['flows', 'deployment', flowId], () => api.getDeployment(flowId));
  /** null until the server answers (or when it cannot): the stored status is shown */
  const deployed = changed ?? (state.status === 'ready' ? state.data.deployed : null);

  async function deploy() {
    setDeploying(true);
    try {
      if (!(await flush())) throw new Error(FLOW_TOASTS.autoSaveFailed.message);
      const result = await api.deployFlow(flowId);
      onStatus('active');
      setChanged(true);
      setDeployment(result);
    } catch (err) {
      notify.error('Deploy Failed', errorMessage(err), BUILDER_TOAST_MS);
    } finally {
      setDeploying(false);
    }
  }

  async function undeploy() {
    setDeploying(true);
    try {
      await api.undeployFlow(flowId);
      onStatus('inactive');
      setChanged(false);
      notify.success('Flow undeployed', undefined, BUILDER_TOAST_MS);
    } catch (err) {
      notify.error('Undeploy Failed', errorMessage(err), BUILDER_TOAST_MS);
    } finally {
      setDeploying(false);
    }
  }

  return { deployment, dismissDeployment: () => setDeployment(null), deploying, deployed, deploy, undeploy };
}
