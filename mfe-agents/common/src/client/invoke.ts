// Running an agent from the browser (spec 01 §7 "POST /api/v1/agent/invoke", DESIGN.md §4 "Runtime").
// fetch, not axios: only fetch can read a streamed answer in a browser. With Accept: text/event-stream
// the server sends `data: <RunEvent JSON>\n\n` events; aborting the request cancels the run.
import { readApiError, sharedMsg } from '@accent/shared';
import { ApiError, reasonPhrase, session } from '@accent/shared/client';
import { MESSAGES } from '../messages.js';
import { agentRunRequestSchema, RUN_ID_HEADER, type AgentRunRequest, type RunEvent } from '../runtime.js';
import { readRunEvents, type RunStreamEnd } from './run-events.js';

// The event-stream parsing lives apart so that pages without a session (a published page) can use it.
export { createSseParser, parseRunEvent, readRunEvents, type SseParser, type RunStreamEnd } from './run-events.js';

export { reasonPhrase };

export interface InvokeOptions {
  /** aborting it stops the request, and with it the run on the server */
  signal?: AbortSignal;
  /** every streamed event, in order (run, step, delta…, tool…, done or error) */
  onEvent?: (event: RunEvent) => void;
}

export interface InvokeResult {
  /** the agent's answer */
  output: string;
  /** the recorded run (GET /api/v1/runs/:id); null when the server named none */
  runId: string | null;
  /** milliseconds from sending the request to the last byte of the answer, as the user waited */
  elapsedMs: number;
  /** the run's own time as the server measured it, when it said */
  serverElapsedMs: number | null;
}

export type InvokeAgent = (body: AgentRunRequest, options?: InvokeOptions) => Promise<InvokeResult>;

/** How the invoke call reaches the session without importing a particular one. */
export interface InvokeAuth {
  getToken(): string | null;
  /** Refreshes the session; true when a new token is in place. */
  refresh(): Promise<boolean>;
}

export interface InvokeClientOptions {
  baseURL?: string;
  fetch?: typeof fetch;
  auth?: InvokeAuth;
  now?: () => number;
}

/**
 * A failed run: `HTTP {status}: {statusText}` for a non-OK answer (spec 01 §8), with the server's
 * `detail` (what to fix) kept apart. An ApiError, so `status` and `detail` read as everywhere else.
 */
export function runHttpError(status: number, statusText: string, detail?: string): ApiError {
  const text = statusText || reasonPhrase(status);
  return new ApiError(status, text, detail, sharedMsg.httpError(status, text));
}

/** true for the rejection of a run the caller cancelled (AbortController.abort()). */
export function isAbortError(error: unknown): boolean {
  // by name: errors may come from another realm (an iframe, a test VM) where instanceof fails
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason = signal?.reason as unknown;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return typeof DOMException !== 'undefined' ? new DOMException('The run was cancelled.', 'AbortError') : Object.assign(new Error('The run was cancelled.'), { name: 'AbortError' });
}

/** What a network failure says: the error's own message, else "Test failed" (spec 01 §8). */
function networkError(error: unknown): Error {
  const message = (error as { message?: unknown } | null)?.message;
  return new ApiError(0, '', undefined, typeof message === 'string' && message ? message : MESSAGES.testFailed);
}

// ---- invoke -------------------------------------------------------------------------------------

async function errorFromResponse(response: Response): Promise<ApiError> {
  let detail: string | undefined;
  try {
    const text = await response.text();
    const body = readApiError(JSON.parse(text));
    if (body?.detail.trim()) detail = body.detail;
  } catch {
    // not JSON: the status says enough
  }
  return runHttpError(response.status, response.statusText, detail);
}

function validBody(body: AgentRunRequest) {
  const parsed = agentRunRequestSchema.safeParse(body);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? MESSAGES.testFailed);
  return parsed.data;
}

export function createInvokeAgent({ baseURL = '', fetch: fetchImpl, auth, now = () => performance.now() }: InvokeClientOptions = {}): InvokeAgent {
  const doFetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  return async function invokeAgent(body, { signal, onEvent } = {}) {
    const payload = JSON.stringify(validBody(body));
    const started = now();
    const send = () => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
      const token = auth?.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      return doFetch(`${baseURL}/api/v1/agent/invoke`, { method: 'POST', headers, body: payload, credentials: 'include', signal });
    };

    let response: Response;
    try {
      response = await send();
      // A stale token: one refresh and one retry, like the axios client.
      if (response.status === 401 && auth && (await auth.refresh())) {
        await response.body?.cancel().catch(() => undefined);
        response = await send();
      }
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw abortError(signal);
      throw networkError(error);
    }
    if (!response.ok) throw await errorFromResponse(response);

    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.includes('text/event-stream')) {
      // A plain-text answer (a proxy that dropped our Accept header, or an older server).
      let output: string;
      try {
        output = await response.text();
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) throw abortError(signal);
        throw networkError(error);
      }
      return { output, runId: response.headers.get(RUN_ID_HEADER), elapsedMs: Math.round(now() - started), serverElapsedMs: null };
    }

    let read: RunStreamEnd;
    try {
      read = await readRunEvents(response.body, onEvent);
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw abortError(signal);
      throw networkError(error);
    }
    const runId = read.runId ?? response.headers.get(RUN_ID_HEADER);
    const { final } = read;
    if (signal?.aborted && !final) throw abortError(signal);

    if (!final) throw networkError(new Error('The connection closed before the run finished.'));
    if (final.type === 'error') {
      const { status, message } = final;
      const error = status ? runHttpError(status, '', message) : new ApiError(0, '', undefined, message || MESSAGES.testFailed);
      throw Object.assign(error, { runId });
    }
    return { output: final.output, runId, elapsedMs: Math.round(now() - started), serverElapsedMs: final.elapsed_ms };
  };
}

/** Runs an agent with the signed-in session (cookies included, bearer token when there is one). */
export const invokeAgent: InvokeAgent = createInvokeAgent({
  auth: { getToken: () => session.getToken(), refresh: () => session.refresh() },
});

/** The run a failed invoke had already started (its trace explains the failure), when known. */
export function runIdOf(error: unknown): string | null {
  const id = (error as { runId?: unknown } | null)?.runId;
  return typeof id === 'string' && id ? id : null;
}
