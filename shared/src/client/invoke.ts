// Running an agent from the browser (spec 01 §7 "POST /api/v1/agent/invoke", DESIGN.md §4 "Runtime").
// fetch, not axios: only fetch can read a streamed answer in a browser. With Accept: text/event-stream
// the server sends `data: <RunEvent JSON>\n\n` events; aborting the request cancels the run.
import { msg, MESSAGES } from '../domain/messages.js';
import { agentRunRequestSchema, runEventSchema, RUN_ID_HEADER, type AgentRunRequest, type RunEvent } from '../domain/runtime.js';
import { apiErrorSchema } from '../domain/schemas.js';
import { ApiError } from './http.js';
import { session } from './session.js';

/** Reason phrases for when the answer has no statusText (HTTP/2 never has one). */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  424: 'Failed Dependency',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
export const reasonPhrase = (status: number) => REASON_PHRASES[status] ?? '';

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
  return new ApiError(status, text, detail, msg.httpError(status, text));
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

// ---- SSE ----------------------------------------------------------------------------------------

export interface SseParser {
  /** Feeds decoded text, split anywhere (inside a line, between \r and \n…). */
  push(text: string): void;
  /** The stream ended: a last event without its blank line is still delivered. */
  end(): void;
}

/**
 * A text/event-stream parser (the WHATWG rules that matter here): lines end in \n, \r\n or \r; `data:`
 * lines of one event are joined with \n; a blank line dispatches; comments (`:`) and other fields are
 * ignored; one space after the colon is dropped.
 */
export function createSseParser(onData: (data: string) => void): SseParser {
  let buffer = '';
  let data: string[] = [];
  let pendingCR = false;

  const dispatch = () => {
    if (data.length) onData(data.join('\n'));
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  };

  return {
    push(text) {
      // a \r ending the previous chunk already ended its line: a \n starting this one belongs to it
      if (pendingCR && text.startsWith('\n')) text = text.slice(1);
      pendingCR = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else pendingCR = true;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}

/** Parses one event's data; null for anything that is not a known run event (ignored). */
export function parseRunEvent(data: string): RunEvent | null {
  try {
    const parsed = runEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---- invoke -------------------------------------------------------------------------------------

async function errorFromResponse(response: Response): Promise<ApiError> {
  let detail: string | undefined;
  try {
    const text = await response.text();
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.detail.trim()) detail = parsed.data.detail;
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

    let runId: string | null = response.headers.get(RUN_ID_HEADER);
    // set from the parser's callback (a holder, so TypeScript does not narrow it to null)
    const end: { outcome: { done: Extract<RunEvent, { type: 'done' }> } | { error: Extract<RunEvent, { type: 'error' }> } | null } = { outcome: null };
    const parser = createSseParser((data) => {
      const event = parseRunEvent(data);
      if (!event || end.outcome) return;
      if (event.type === 'run') runId = event.run_id;
      if (event.type === 'done') {
        runId = event.run_id || runId;
        end.outcome = { done: event };
      }
      if (event.type === 'error') end.outcome = { error: event };
      onEvent?.(event);
    });

    const reader = response.body?.getReader();
    if (reader) {
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.push(decoder.decode(value, { stream: true }));
          if (end.outcome) break;
        }
        parser.push(decoder.decode());
        parser.end();
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) throw abortError(signal);
        throw networkError(error);
      } finally {
        if (end.outcome) void reader.cancel().catch(() => undefined);
      }
    }
    const final = end.outcome;
    if (signal?.aborted && !final) throw abortError(signal);

    if (!final) throw networkError(new Error('The connection closed before the run finished.'));
    if ('error' in final) {
      const { status, message } = final.error;
      const error = status ? runHttpError(status, '', message) : new ApiError(0, '', undefined, message || MESSAGES.testFailed);
      throw Object.assign(error, { runId });
    }
    return { output: final.done.output, runId, elapsedMs: Math.round(now() - started), serverElapsedMs: final.done.elapsed_ms };
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
