// The studio's run-event reading: the event stream of sse.ts with every event checked against the
// runtime's schema (unknown or malformed events are ignored).
import { runEventSchema, type RunEvent } from '../runtime.js';
import { readRunEventStream, type RunStreamEnd } from './sse.js';

export { createSseParser, readRunEventStream, type SseParser, type RunStreamEnd } from './sse.js';

/** Parses one event's data; null for anything that is not a known run event (ignored). */
export function parseRunEvent(data: string): RunEvent | null {
  try {
    const parsed = runEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Reads a run's event stream (see readRunEventStream) with checked events. */
export const readRunEvents = (body: ReadableStream<Uint8Array> | null, onEvent?: (event: RunEvent) => void): Promise<RunStreamEnd> =>
  readRunEventStream(body, parseRunEvent, onEvent);
