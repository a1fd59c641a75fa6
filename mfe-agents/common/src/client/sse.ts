// Reading a run's event stream (DESIGN.md §4 "Runtime"): `data: <RunEvent JSON>\n\n` events as POST
// /api/v1/agent/invoke and a published page's public chat send them. No zod, no session, no axios: a
// published page bundles this alone (run-events.ts adds the checked parser the studio uses).
import type { RunEvent } from '../runtime.js';

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

export type RunStreamEnd = {
  /** the `done` or `error` event that ended the run; null when the stream closed before either */
  final: Extract<RunEvent, { type: 'done' | 'error' }> | null;
  /** the run named by a `run` or `done` event, if any */
  runId: string | null;
};

/**
 * Reads a run's event stream until its `done` or `error` event (then stops reading) or its end, passing
 * every event `parse` accepts to `onEvent` in order. Read failures (network, abort) are thrown as they are.
 */
export async function readRunEventStream(
  body: ReadableStream<Uint8Array> | null,
  parse: (data: string) => RunEvent | null,
  onEvent?: (event: RunEvent) => void,
): Promise<RunStreamEnd> {
  // a holder, so TypeScript does not narrow `final` to null inside the callback
  const end: RunStreamEnd = { final: null, runId: null };
  const parser = createSseParser((data) => {
    const event = parse(data);
    if (!event || end.final) return;
    if (event.type === 'run') end.runId = event.run_id;
    if (event.type === 'done') {
      end.runId = event.run_id || end.runId;
      end.final = event;
    }
    if (event.type === 'error') end.final = event;
    onEvent?.(event);
  });
  const reader = body?.getReader();
  if (!reader) return end;
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (end.final) break;
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    if (end.final) void reader.cancel().catch(() => undefined);
  }
  return end;
}
