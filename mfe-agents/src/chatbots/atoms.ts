// Chat messages shown on /chatbots, per thread, for as long as the page is open (moving between
// chatbots or areas keeps them; a reload starts empty, as the server offers no history endpoint).
import { atom } from 'jotai';
import type { RunFailure } from '../runs/useAgentRun.js';

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  /** assistant messages: how the answer ended */
  status?: 'done' | 'failed' | 'cancelled';
  error?: RunFailure | null;
  runId?: string | null;
}

export const chatMessagesAtom = atom<Record<string, ChatMessage[]>>({});
