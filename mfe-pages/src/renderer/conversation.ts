// The conversation of a rendered page: every question with its (streaming) answer. One per thread:
// CLEAR HISTORY starts a new thread and an empty conversation.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AskPage } from './ask.js';

export interface Exchange {
  id: number;
  question: string;
  answer: string;
  status: 'streaming' | 'done' | 'failed';
  error?: string;
}

export interface Conversation {
  exchanges: Exchange[];
  busy: boolean;
  /** asks a question (ignored while an answer is streaming or without `ask`) */
  send(question: string): void;
}

let nextId = 0;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The assistant could not answer. Please try again.');

export function useConversation(ask: AskPage | undefined, threadId: string): Conversation {
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const controller = useRef<AbortController | null>(null);

  // A new thread: stop the answer being written and start empty.
  useEffect(() => {
    setExchanges([]);
    return () => {
      controller.current?.abort();
      controller.current = null;
    };
  }, [threadId]);

  const busy = exchanges.some((e) => e.status === 'streaming');
  const patch = (id: number, change: Partial<Exchange>) => setExchanges((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));

  const send = useCallback(
    (raw: string) => {
      const question = raw.trim();
      if (!ask || !question || controller.current) return;
      const id = ++nextId;
      const abort = new AbortController();
      controller.current = abort;
      setExchanges((list) => [...list, { id, question, answer: '', status: 'streaming' }]);
      ask(question, { threadId, signal: abort.signal, onText: (answer) => !abort.signal.aborted && patch(id, { answer }) }).then(
        (answer) => !abort.signal.aborted && patch(id, { answer, status: 'done' }),
        (error: unknown) => !abort.signal.aborted && patch(id, { status: 'failed', error: messageOf(error) }),
      ).finally(() => {
        if (controller.current === abort) controller.current = null;
      });
    },
    [ask, threadId],
  );

  return { exchanges, busy, send };
}
