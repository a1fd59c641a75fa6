// Test Agent (spec 01 §2): opens with the agent's query and params and no earlier result, runs the saved
// agent with a new thread per test (source 'test', no history), shows the step, the streamed text and
// the tool calls while it runs, then "Test Results" with the answer and its elapsed milliseconds, or the
// error of spec 01 §8 with the server's detail. Cancel aborts the run.
import { useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Button, Modal } from '@accent/shared/ui';
import { useAgentsEnv } from '../state/AgentsDataContext.js';
import { runsRefreshAtom } from '../runs/atoms.js';
import { rowsFromParams, type ParamRow } from '../runs/ParamRows.js';
import { RunInputs, testRunRequest } from '../runs/RunInputs.js';
import { RunOutcome } from '../runs/RunOutcome.js';
import { RunProgress } from '../runs/RunProgress.js';
import { TraceModal } from '../runs/TraceModal.js';
import { useAgentRun } from '../runs/useAgentRun.js';
import formStyles from '../runs/RunForm.module.css';

export const TEST_MODAL_TITLE = 'Test Agent';
export const TEST_RESULTS_TITLE = 'Test Results';
export const UNSAVED_TEST_NOTE =
  'You have unsaved changes. This test runs the saved version of the agent: its steps, models and tools as last saved. Save to test your changes.';

export interface TestAgentModalProps {
  /** the saved agent's name (what the server runs) */
  agentName: string;
  fileName: string;
  query: string;
  params: Record<string, string>;
  maxHistoryItems: number;
  /** steps the saved agent runs, for "Step 1 of 2" */
  totalSteps: number;
  /** the editor has unsaved changes */
  dirty: boolean;
  onClose(): void;
}

/** Mounted while open: every opening starts from the agent's values with no earlier result. */
export function TestAgentModal({ agentName, fileName, query: initialQuery, params, maxHistoryItems, totalSteps, dirty, onClose }: TestAgentModalProps) {
  const { newThreadId } = useAgentsEnv();
  const bumpRuns = useSetAtom(runsRefreshAtom);
  const { state, start, cancel } = useAgentRun();
  const [query, setQuery] = useState(initialQuery);
  const [rows, setRows] = useState<ParamRow[]>(() => rowsFromParams(params));
  const [traceId, setTraceId] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const running = state.phase === 'running';

  // Focus follows the run: to Cancel when it starts, to the result when it ends (the button pressed is gone).
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) cancelRef.current?.focus();
    else if (wasRunning.current) resultRef.current?.focus();
    wasRunning.current = running;
  }, [running]);

  const run = async () => {
    const outcome = await start(
      testRunRequest({ name: agentName, query, rows, threadId: newThreadId(), maxHistoryItems, fileName, source: 'test' }),
    );
    // a recorded run (finished, failed or cancelled) shows up in the Runs tab
    if (outcome.ok || outcome.runId) bumpRuns((n) => n + 1);
  };

  const close = () => {
    cancel();
    onClose();
  };

  const footer = running ? (
    <Button key="cancel" ref={cancelRef} variant="secondary" onClick={cancel}>
      Cancel
    </Button>
  ) : (
    // the dialog's own Close (×) and Escape close it
    <Button key="run" variant="primary" onClick={() => void run()}>
      {state.phase === 'idle' ? 'Run Test' : 'Run Again'}
    </Button>
  );

  return (
    <>
      <Modal open onClose={close} title={`${TEST_MODAL_TITLE}: ${agentName}`} size="lg" footer={footer}>
        <div className={formStyles.form}>
          <RunInputs
            query={query}
            onQueryChange={setQuery}
            rows={rows}
            onRowsChange={setRows}
            running={running}
            onRun={() => void run()}
            notice={dirty ? { text: UNSAVED_TEST_NOTE, role: 'note' } : null}
            autoFocus
          />
          <RunProgress state={state} totalSteps={totalSteps} />
          <RunOutcome state={state} title={TEST_RESULTS_TITLE} onViewTrace={setTraceId} headingRef={resultRef} />
        </div>
      </Modal>
      <TraceModal runId={traceId} onClose={() => setTraceId(null)} />
    </>
  );
}
