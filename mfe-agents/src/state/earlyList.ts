// The agent list requested while the dashboard's chunk is still downloading: the route starts it, the
// dashboard's first load takes it, so the request and the chunk travel together instead of one after
// the other. Kept free of heavy imports: it is part of the area's first chunk.
import type { AgentListItem } from '@accent/agents-common';

/** An early request older than this is not taken (the dashboard never mounted after it). */
const FRESH_MS = 5_000;

let early: { list: Promise<AgentListItem[]>; at: number } | null = null;

/** Starts the request unless one not yet taken is fresh (a second render of the same visit). */
export function startAgentListEarly(list: () => Promise<AgentListItem[]>): void {
  if (early && Date.now() - early.at < FRESH_MS) return;
  const pending = list();
  // a failure surfaces when the dashboard takes it; until then it must not be reported as unhandled
  pending.catch(() => undefined);
  early = { list: pending, at: Date.now() };
}

/** The early request, once, if it is recent; null otherwise (the caller then asks itself). */
export function takeEarlyAgentList(): Promise<AgentListItem[]> | null {
  const taken = early;
  early = null;
  return taken && Date.now() - taken.at < FRESH_MS ? taken.list : null;
}
