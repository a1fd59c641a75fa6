// How a rendered page asks its assistant. The renderer gets an `ask` function and does not know who
// answers: in the studio the signed-in invoke client runs the page's bound agent; on a published page the
// public chat endpoint does.
import type { CanvasComponent, RunEvent } from '../public/index.js';
import { pageAgentParams } from '../public/index.js';

export interface AskOptions {
  /** the conversation (CLEAR HISTORY starts a new one) */
  threadId: string;
  signal: AbortSignal;
  /** the answer so far, as it streams in */
  onText(text: string): void;
}

/** Resolves with the whole answer; rejects with an Error whose message can be shown. */
export type AskPage = (question: string, options: AskOptions) => Promise<string>;

/** Collects the streamed `delta` events into the answer so far. */
export function streamedText(onText: (text: string) => void): (event: RunEvent) => void {
  let text = '';
  return (event) => {
    if (event.type !== 'delta') return;
    text += event.text;
    onText(text);
  };
}

/** The invoke call of the studio (`invokeAgent` of @accent/shared/client, injected). */
export type StudioInvoke = (
  body: {
    name: string;
    query: string;
    params: Record<string, string>;
    thread_id: string;
    use_history: boolean;
    save_history: boolean;
    source: 'test';
  },
  options: { signal?: AbortSignal; onEvent?: (event: RunEvent) => void },
) => Promise<{ output: string }>;

/**
 * The studio's ask (builder preview, end-user magic pages): runs the bound agent with the page's crmData
 * fields and language as params, keeping the conversation's history per thread.
 */
export function studioAsk(invoke: StudioInvoke, agentName: string, components: readonly CanvasComponent[]): AskPage {
  return async (question, { threadId, signal, onText }) => {
    if (!agentName) throw new Error('Choose the agent this page talks to first.');
    try {
      const result = await invoke(
        { name: agentName, query: question, params: pageAgentParams(components), thread_id: threadId, use_history: true, save_history: true, source: 'test' },
        { signal, onEvent: streamedText(onText) },
      );
      return result.output;
    } catch (err) {
      // the server's reason ("No API key for Anthropic …") rather than "HTTP 424: Failed Dependency"
      const detail = (err as { detail?: unknown } | null)?.detail;
      if (typeof detail === 'string' && detail.trim()) throw Object.assign(new Error(detail), { cause: err });
      throw err;
    }
  };
}
