// Test Flow: the payload, a check of the graph before anything is sent, then a run of the stored flow.
import { useState } from 'react';
import { checkFlowGraph, FLOW_TOASTS, type FlowData, type FlowRun } from '@accent/flows-common';
import { errorMessage, useFlowsEnv } from '../state/FlowsDataContext.js';
import { DEFAULT_TEST_PAYLOAD } from './TestPanel.js';

/** `flush` saves pending changes first (the server runs the stored flow); `graph` is the canvas as it is now. */
export function useFlowTest(flowId: string, flush: () => Promise<boolean>, graph: () => Pick<FlowData, 'nodes' | 'edges'>) {
  const { api } = useFlowsEnv();
  const [payload, setPayload] = useState(DEFAULT_TEST_PAYLOAD);
  const [testErrors, setTestErrors] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<FlowRun | null>(null);

  async function runTest() {
    setTestErrors([]);
    let parsed: unknown;
    try {
      parsed = payload.trim() ? JSON.parse(payload) : {};
    } catch (err) {
      setTestErrors([`The test payload is not valid JSON: ${errorMessage(err)}`]);
      return;
    }
    const check = checkFlowGraph(graph());
    if (check.errors.length > 0) {
      setTestErrors(check.errors);
      return;
    }
    setRunning(true);
    try {
      if (!(await flush())) {
        setTestErrors([FLOW_TOASTS.autoSaveFailed.message]);
        return;
      }
      setRun(await api.testFlow(flowId, parsed));
    } catch (err) {
      setRun(null);
      setTestErrors([errorMessage(err)]);
    } finally {
      setRunning(false);
    }
  }

  return { payload, setPayload, testErrors, running, run, runTest };
}
