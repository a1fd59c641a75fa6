// A chat with one chatbot: user and assistant bubbles, the answer streaming in, one conversation thread
// (use_history and save_history on, max_history_items from the agent) whose id survives a reload of the
// tab; "New conversation" starts a new thread.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAtom } from 'jotai';
import { DEFAULT_MAX_HISTORY_ITEMS, avatarFor, type AgentConfig, type AgentListItem } from '@accent/agents-common';
import { Button, LoadingState, Page, PageHeader, Spinner, TextArea, TextLink } from '@accent/shared/ui';
import { useAgentsEnv } from '../state/AgentsDataContext.js';
import { RunOutcome } from '../runs/RunOutcome.js';
import { ToolChips } from '../runs/RunProgress.js';
import { useAgentRun } from '../runs/useAgentRun.js';
import { chatMessagesAtom, type ChatMessage } from './atoms.js';
import { loadThread, saveThread, type StoredThread } from './threads.js';
import styles from './Chatbots.module.css';

export const AI_NOTE = 'This is AI generated. Always verify the content.';
export const NEW_CONVERSATION = 'New conversation';
export const CONTINUED_NOTE =
  'You are continuing your earlier conversation. Its messages are not shown again after a reload, but the assistant still has them as context. Start a new conversation to begin afresh.';
export const STOPPED = 'Stopped.';

let messageId = 0;

export function ChatView({ agent }: { agent: AgentListItem }) {
  const { api, newThreadId, threadStorage } = useAgentsEnv();
  const name = agent.name;
  const [config, setConfig] = useState<{ status: 'loading' } | { status: 'ready'; config: Partial<AgentConfig> }>({ status: 'loading' });
  const [thread, setThread] = useState<StoredThread>(() => {
    const stored = loadThread(threadStorage, name);
    if (stored) return stored;
    const fresh = { threadId: newThreadId(), turns: 0 };
    saveThread(threadStorage, name, fresh);
    return fresh;
  });
  const [allMessages, setAllMessages] = useAtom(chatMessagesAtom);
  const messages = allMessages[thread.threadId] ?? [];
  // After a reload the thread goes on, but its earlier messages are not in this page any more.
  const [continuedThread] = useState(() => (thread.turns > 0 && messages.length === 0 ? thread.threadId : null));
  const continued = continuedThread === thread.threadId;
  const [draft, setDraft] = useState('');
  const { state, start, cancel, reset } = useAgentRun();
  const running = state.phase === 'running';
  const streamedText = useRef('');
  streamedText.current = state.text;
  const logRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let cancelled = false;
    // The chat needs max_history_items; without the configuration it uses the default.
    api.getConfig(name).then(
      (cfg) => !cancelled && setConfig({ status: 'ready', config: cfg }),
      () => !cancelled && setConfig({ status: 'ready', config: {} }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, name]);

  // Keep the newest message in view as messages arrive and the answer streams in.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, state.text, running]);

  const append = (threadId: string, message: Omit<ChatMessage, 'id'>) =>
    setAllMessages((all) => ({ ...all, [threadId]: [...(all[threadId] ?? []), { ...message, id: ++messageId }] }));

  const send = async () => {
    const text = draft.trim();
    if (!text || running || config.status !== 'ready') return;
    const threadId = thread.threadId;
    setDraft('');
    append(threadId, { role: 'user', text });
    const outcome = await start({
      name,
      query: text,
      params: {},
      thread_id: threadId,
      namespace: 'default',
      trace: false,
      use_history: true,
      save_history: true,
      max_history_items: config.config.max_history_items ?? DEFAULT_MAX_HISTORY_ITEMS,
      file_name: config.config.file_name || name,
      source: 'chatbot',
    });
    if (outcome.ok) {
      append(threadId, { role: 'assistant', text: outcome.result.output, status: 'done', runId: outcome.result.runId });
      setThread((t) => {
        if (t.threadId !== threadId) return t;
        const next = { ...t, turns: t.turns + 1 };
        saveThread(threadStorage, name, next);
        return next;
      });
    } else if (outcome.cancelled) {
      append(threadId, { role: 'assistant', text: streamedText.current, status: 'cancelled', runId: outcome.runId });
    } else {
      append(threadId, { role: 'assistant', text: '', status: 'failed', error: outcome.failure, runId: outcome.runId });
    }
    reset();
  };

  const newConversation = () => {
    cancel();
    reset();
    const fresh = { threadId: newThreadId(), turns: 0 };
    saveThread(threadStorage, name, fresh);
    setThread(fresh);
    setDraft('');
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line (and Enter while composing an IME character is not a send)
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const avatar = agent.avatar ?? avatarFor(name);

  return (
    <Page labelledBy="chat-title" width="narrow" className={styles.chatPage}>
      <PageHeader
        titleId="chat-title"
        title={name}
        subtitle={agent.description || undefined}
        icon={avatar}
        back={
          <TextLink to="/chatbots">
            <span aria-hidden="true">←</span> All chatbots
          </TextLink>
        }
        actions={
          <Button variant="secondary" size="sm" onClick={newConversation}>
            {NEW_CONVERSATION}
          </Button>
        }
      />

      <div className={styles.chat}>
        {continued && (
          <p className={styles.continued} role="note">
            {CONTINUED_NOTE}
          </p>
        )}
        <ol ref={logRef} className={styles.messages} role="log" aria-label="Conversation" aria-live="polite">
          {messages.length === 0 && !running && !continued && (
            <li className={styles.emptyChat}>{`Ask ${name} anything to start the conversation.`}</li>
          )}
          {messages.map((m) => (
            <li key={m.id} className={`${styles.message} ${m.role === 'user' ? styles.user : styles.assistant}`}>
              <span className={styles.visuallyHidden}>{m.role === 'user' ? 'You said:' : `${name} said:`}</span>
              {m.status === 'failed' ? (
                <div className={`${styles.bubble} ${styles.bubbleError}`}>
                  <RunOutcome
                    state={{ phase: 'failed', runId: null, step: null, text: '', tools: [], output: null, elapsedMs: null, error: m.error ?? null }}
                    title="The assistant could not answer"
                  />
                </div>
              ) : (
                <div className={styles.bubble}>
                  {m.text}
                  {m.status === 'cancelled' && <span className={styles.stopped}>{m.text ? ` ${STOPPED}` : STOPPED}</span>}
                </div>
              )}
            </li>
          ))}
          {running && (
            <li className={`${styles.message} ${styles.assistant}`} aria-busy="true">
              <span className={styles.visuallyHidden}>{`${name} is answering:`}</span>
              <div className={styles.bubble} data-testid="streaming-answer">
                <ToolChips tools={state.tools} />
                {state.text || (
                  <span className={styles.typing}>
                    <Spinner /> Thinking…
                  </span>
                )}
              </div>
            </li>
          )}
        </ol>

        {config.status === 'loading' ? (
          <LoadingState text="Loading chatbot..." />
        ) : (
          <form
            className={styles.composer}
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <TextArea
              ref={inputRef}
              label="Message"
              rows={2}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={`Message ${name}…`}
              hint="Enter sends; Shift+Enter starts a new line."
              fieldClassName={styles.composerField}
              autoFocus
            />
            {running ? (
              <Button key="stop" variant="secondary" onClick={cancel}>
                Stop
              </Button>
            ) : (
              <Button key="send" type="submit" variant="primary" disabled={!draft.trim()}>
                Send
              </Button>
            )}
          </form>
        )}
        <p className={styles.aiNote}>{AI_NOTE}</p>
      </div>
    </Page>
  );
}
