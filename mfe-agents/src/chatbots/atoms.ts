// Chat messages shown on /chatbots, per thread, for as long as the page is open (moving between
// chatbots or areas keeps them); a reload shows them again from the server's record of the thread, or
// from the tab's storage (threads.ts).
import { atom } from 'jotai';
import type { RunFailure, ToolChip } from '../runs/useAgentRun.js';

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  /** assistant messages: how the answer ended */
  status?: 'done' | 'failed' | 'cancelled';
  error?: RunFailure | null;
  runId?: string | null;
  /** assistant messages: the tool calls the answer made, shown inline above it */
  tools?: ToolChip[];
}

export const chatMessagesAtom = atom<Record<string, ChatMessage[]>>({});
