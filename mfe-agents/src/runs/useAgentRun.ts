// One streamed agent run at a time (editor test, /agent-test, a chatbot): its progress from the run
// events, then its answer or error; cancel aborts the request, which cancels the run on the server.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES, type AgentRunRequest, type RunEvent } from '@accent/agents-common';
import { isAbortError, runIdOf, type InvokeResult } from '@accent/agents-common/client';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';

export type RunPhase = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ToolChip {
  id: number;
  name: string;
  status: 'started' | 'succeeded' | 'failed';
  /** once finished, what it did ("Searched knowledge base · 3 results") */
  summary?: string;
}

export interface RunFailure {
  /** spec 01 §8: `HTTP {status}: {statusText}`, or the network error's message, or "Test failed" */
  message: string;
  /** the server's detail, saying what to fix */
  detail: string | null;
}

export interface AgentRunState {
  phase: RunPhase;
  runId: string | null;
  step: { index: number; name: string } | null;
  /** the current step's text as it streams */
  text: string;
  tools: ToolChip[];
  output: string | null;
  elapsedMs: number | null;
  error: RunFailure | null;
}

export const IDLE_RUN: AgentRunState = { phase: 'idle', runId: null, step: null, text: '', tools: [], output: null, elapsedMs: null, error: null };

/** What a failed invoke says: its message, and the server's detail when it adds something. */
export function toRunFailure(error: unknown): RunFailure {
  const message = errorMessage(error, MESSAGES.testFailed);
  const detail = (error as { detail?: unknown } | null)?.detail;
  return { message, detail: typeof detail === 'string' && detail.trim() && detail !== message ? detail : null };
}

function applyEvent(state: AgentRunState, event: RunEvent): AgentRunState {
  switch (event.type) {
    case 'run':
      return { ...state, runId: event.run_id };
    case 'step':
      return { ...state, step: { index: event.index, name: event.name }, text: '' };
    case 'delta':
      return { ...state, text: state.text + event.text };
    case 'tool': {
      if (event.status !== 'started') {
        // finishes the latest call of that tool still running
        const i = state.tools.findLastIndex((t) => t.name === event.name && t.status === 'started');
        if (i !== -1) return { ...state, tools: state.tools.map((t, j) => (j === i ? { ...t, status: event.status, summary: event.summary } : t)) };
      }
      const chip: ToolChip = { id: state.tools.length, name: event.name, status: event.status, ...(event.summary ? { summary: event.summary } : {}) };
      return { ...state, tools: [...state.tools, chip] };
    }
    default:
      return state; // done and error settle the promise
  }
}

/** `tools`: the run's tool calls as they were announced, for a thread that shows them inline */
export type RunOutcome =
  | { ok: true; result: InvokeResult; tools: ToolChip[] }
  | { ok: false; cancelled: boolean; failure: RunFailure | null; runId: string | null; tools: ToolChip[] };

export function useAgentRun() {
  const { api } = useAgentsEnv();
  const [state, setState] = useState<AgentRunState>(IDLE_RUN);
  const controller = useRef<AbortController | null>(null);
  const seq = useRef(0);

  // Leaving the screen cancels a run still going.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (body: AgentRunRequest): Promise<RunOutcome> => {
      controller.current?.abort();
      const mine = ++seq.current;
      const abort = new AbortController();
      controller.current = abort;
      const current = () => mine === seq.current;
      setState({ ...IDLE_RUN, phase: 'running' });
      let streamedRunId: string | null = null;
      // the same events applied here too: the outcome carries the tool calls without waiting for a render
      let seen: AgentRunState = { ...IDLE_RUN, phase: 'running' };
      try {
        const result = await api.invoke(body, {
          signal: abort.signal,
          onEvent: (event) => {
            if (event.type === 'run') streamedRunId = event.run_id;
            seen = applyEvent(seen, event);
            if (current()) setState((s) => applyEvent(s, event));
          },
        });
        if (current()) setState((s) => ({ ...s, phase: 'done', runId: result.runId ?? s.runId, output: result.output, elapsedMs: result.elapsedMs }));
        return { ok: true, result: { ...result, runId: result.runId ?? streamedRunId }, tools: seen.tools };
      } catch (error) {
        const cancelled = abort.signal.aborted || isAbortError(error);
        const failure = cancelled ? null : toRunFailure(error);
        const runId = runIdOf(error) ?? streamedRunId;
        if (current()) setState((s) => ({ ...s, phase: cancelled ? 'cancelled' : 'failed', runId: runId ?? s.runId, error: failure }));
        return { ok: false, cancelled, failure, runId, tools: seen.tools };
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [api],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    seq.current++;
    setState(IDLE_RUN);
  }, []);

  return { state, start, cancel, reset };
}
