// Which conversation each chatbot continues and what it showed: its thread id, kept per agent in
// sessionStorage so a reload of the tab carries on with the same thread, how many turns it has had, and
// the visible messages (the thread as shown when the server keeps no history for the agent, or cannot
// be reached; with history on, the server's record of the thread is shown instead).
import { z } from 'zod';
import type { KeyValueStorage } from '@accent/shared/client';
import { MESSAGES, type ThreadTurn } from '@accent/agents-common';
import type { ChatMessage } from './atoms.js';

export const THREAD_KEY_PREFIX = 'accent.chatbot-thread:';
export const threadKey = (agentName: string) => `${THREAD_KEY_PREFIX}${agentName}`;
/** the visible messages kept in the tab: enough for a conversation, small enough for sessionStorage */
export const KEPT_MESSAGES = 100;

const toolSchema = z.object({ id: z.number(), name: z.string(), status: z.enum(['started', 'succeeded', 'failed']), summary: z.string().optional() });
const messageSchema = z.object({
  id: z.number(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  status: z.enum(['done', 'failed', 'cancelled']).optional(),
  error: z.object({ message: z.string(), detail: z.string().nullable() }).nullable().optional(),
  runId: z.string().nullable().optional(),
  tools: z.array(toolSchema).optional(),
});
const storedThreadSchema = z.object({
  threadId: z.string().min(1),
  turns: z.number().int().min(0).catch(0),
  messages: z.array(messageSchema).catch([]).optional(),
});
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
    const messages = thread.messages?.slice(-KEPT_MESSAGES);
    storage?.setItem(
      threadKey(agentName),
      JSON.stringify(messages?.length ? { ...thread, messages } : { threadId: thread.threadId, turns: thread.turns }),
    );
  } catch {
    // storage full or blocked: the conversation still works until the tab is reloaded
  }
}

/** The server's record of a thread as chat messages: each question, then its answer with the tool calls it made. */
export function messagesFromTurns(turns: ThreadTurn[]): ChatMessage[] {
  let id = 0;
  return turns.flatMap((t): ChatMessage[] => {
    const tools = t.tools.map((tool, i) => ({
      id: i,
      name: tool.tool,
      status: tool.failed ? ('failed' as const) : ('succeeded' as const),
      summary: tool.summary,
    }));
    const user: ChatMessage = { id: ++id, role: 'user', text: t.query };
    let answer: ChatMessage;
    if (t.status === 'succeeded' || (t.status === 'failed' && t.output))
      answer = { id: ++id, role: 'assistant', text: t.output ?? '', status: 'done', runId: t.run_id, tools };
    else if (t.status === 'failed')
      answer = {
        id: ++id,
        role: 'assistant',
        text: '',
        status: 'failed',
        error: { message: t.error ?? MESSAGES.testFailed, detail: null },
        runId: t.run_id,
        tools,
      };
    // cancelled, or left running when the page went away
    else answer = { id: ++id, role: 'assistant', text: t.output ?? '', status: 'cancelled', runId: t.run_id, tools };
    return [user, answer];
  });
}
