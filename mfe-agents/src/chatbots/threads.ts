// Which conversation each chatbot continues: its thread id, kept per agent in sessionStorage so a
// reload of the tab carries on with the same thread (the server keeps the history), and how many
// turns it has had (to say, after a reload, that earlier messages exist but are not shown).
import { z } from 'zod';
import type { KeyValueStorage } from '@accent/shared/client';

export const THREAD_KEY_PREFIX = 'accent.chatbot-thread:';
export const threadKey = (agentName: string) => `${THREAD_KEY_PREFIX}${agentName}`;

const storedThreadSchema = z.object({ threadId: z.string().min(1), turns: z.number().int().min(0).catch(0) });
export type StoredThread = z.infer<typeof storedThreadSchema>;

export function loadThread(storage: KeyValueStorage | null, agentName: string): StoredThread | null {
  try {
    const raw = storage?.getItem(threadKey(agentName));
    if (!raw) return null;
    const parsed = storedThreadSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveThread(storage: KeyValueStorage | null, agentName: string, thread: StoredThread): void {
  try {
    storage?.setItem(threadKey(agentName), JSON.stringify(thread));
  } catch {
    // storage full or blocked: the conversation still works until the tab is reloaded
  }
}
