// The runs made from /agent-test, kept in the tab (sessionStorage) so a reload still shows them. Test runs
// keep no conversation on the server (use_history off), so the tab's copy is the only record of what
// was shown.
import { z } from 'zod';
import type { KeyValueStorage } from '@accent/shared/client';

export const RECENT_KEY = 'accent.agent-test-runs';

const entrySchema = z.object({
  key: z.number(),
  runId: z.string().nullable(),
  agentName: z.string(),
  query: z.string(),
  outcome: z.enum(['done', 'failed', 'cancelled']),
  summary: z.string(),
  elapsedMs: z.number().nullable(),
  at: z.string(),
  tools: z
    .array(z.object({ id: z.number(), name: z.string(), status: z.enum(['started', 'succeeded', 'failed']), summary: z.string().optional() }))
    .optional(),
});
export type AgentTestEntry = z.infer<typeof entrySchema>;

export function loadRecent(storage: KeyValueStorage | null): AgentTestEntry[] {
  try {
    const raw = storage?.getItem(RECENT_KEY);
    if (!raw) return [];
    const parsed = z.array(entrySchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function saveRecent(storage: KeyValueStorage | null, entries: AgentTestEntry[]): void {
  try {
    storage?.setItem(RECENT_KEY, JSON.stringify(entries));
  } catch {
    // storage full or blocked: the list lasts until the tab is reloaded
  }
}
