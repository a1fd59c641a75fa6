// A chat with one chatbot: user and assistant bubbles, the answer streaming in, each tool call inline
// ("Searched knowledge base · 3 results"), one conversation thread (use_history and save_history on,
// max_history_items from the agent) that survives a reload of the tab: shown again from the server's
// record of the thread when the agent keeps history, else from the tab's storage; "New conversation"
// starts a new thread.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAtom } from 'jotai';
import { DEFAULT_MAX_HISTORY_ITEMS, DEFAULT_MEMORY, avatarFor, type AgentConfig, type AgentListItem } from '@accent/agents-common';
import { BackLink, Button, LoadingState, Notice, Page, PageHeader, Spinner, TextArea } from '@accent/shared/ui';
import { useAgentsEnv } from '../state/AgentsDataContext.js';
import { RunOutcome } from '../runs/RunOutcome.js';
import { ToolChips } from '../runs/RunProgress.js';
import { useAgentRun } from '../runs/useAgentRun.js';
import { chatMessagesAtom, type ChatMessage } from './atoms.js';
import { loadThread, messagesFromTurns, saveThread, type StoredThread } from './threads.js';
import styles from './Chatbots.module.css';

export const AI_NOTE = 'This is AI generated. Always verify the content.';
export const NEW_CONVERSATION = 'New conversation';
export const CONTINUED_NOTE =
  'You are continuing your earlier conversation. Its messages could not be shown again, but the assistant still has them as context. Start a new conversation to begin afresh.';
export const LOADING_CONVERSATION = 'Loading the conversation...';
export const STOPPED = 'Stopped.';

let messageId = 0;

export function ChatView({ agent }: { agent: AgentListItem }) {
  const { api, newThreadId, threadStorage } = useAgentsEnv();
  const name = agent.name;
  const [config, setConfig] = useState<{ status: 'loading' } | { status: 'ready'; config: Partial<AgentConfig> }>({ status: 'loading' });
  const [thread, setThread] = useState<StoredThread>(() => {
    const stored = loadThread(threadStorage, name);
    // the messages stay in storage (and the page's atom), not in this state
    if (stored) return { threadId: stored.threadId, turns: stored.turns };
    const fresh = { threadId: newThreadId(), turns: 0 };
    saveThread(threadStorage, name, fresh);
    return fresh;
  });
  const [allMessages, setAllMessages] = useAtom(chatMessagesAtom);
  const shown = allMessages[thread.threadId];
  const messages = shown ?? [];
  // After a reload (nothing of this thread in the page yet) its messages are fetched once the agent's
  // memory setting is known; until then nothing is written back to the tab's storage.
  const restoring = shown === undefined && thread.turns > 0;
  // the thread went on, but its earlier messages could be shown from nowhere
  const continued = !restoring && thread.turns > 0 && messages.length === 0;
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

  // A reload: the server's record of the thread is the truth when the agent keeps history; with memory
  // off (or the server unreachable) the tab's own copy of what was shown.
  const threadId = thread.threadId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again only when the configuration, the thread or what is shown changes
  useEffect(() => {
    if (config.status !== 'ready' || shown !== undefined) return;
    let cancelled = false;
    const show = (list: ChatMessage[]) => {
      if (cancelled) return;
      messageId = Math.max(messageId, ...list.map((m) => m.id));
      setAllMessages((all) => (all[threadId] ? all : { ...all, [threadId]: list }));
    };
    const kept = loadThread(threadStorage, name)?.messages ?? [];
    const historyOn = (config.config.settings?.memory ?? DEFAULT_MEMORY) !== 'none';
    if (historyOn && api.thread && thread.turns > 0) {
      api.thread(name, threadId).then(
        (turns) => show(turns.length > 0 ? messagesFromTurns(turns) : kept),
        () => show(kept),
      );
    } else show(kept);
    return () => {
      cancelled = true;
    };
  }, [config, shown, threadId]);

  // What is shown is kept in the tab, for a reload.
  useEffect(() => {
    if (shown === undefined) return;
    const stored = loadThread(threadStorage, name);
    if (stored?.threadId === threadId) saveThread(threadStorage, name, { ...stored, messages: shown });
  }, [shown, threadId, threadStorage, name]);

  // Keep the newest message in view as messages arrive and the answer streams in.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, state.text, running]);

  const append = (threadId: string, message: Omit<ChatMessage, 'id'>) =>
    setAllMessages((all) => ({ ...all, [threadId]: [...(all[threadId] ?? []), { ...message, id: ++messageId }] }));

  const send = async () => {
    const text = draft.trim();
    if (!text || running || config.status !== 'ready' || restoring) return;
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
    const tools = outcome.tools;
    if (outcome.ok) {
      append(threadId, { role: 'assistant', text: outcome.result.output, status: 'done', runId: outcome.result.runId, tools });
      setThread((t) => {
        if (t.threadId !== threadId) return t;
        const next = { ...t, turns: t.turns + 1 };
        saveThread(threadStorage, name, { ...(loadThread(threadStorage, name) ?? {}), ...next });
        return next;
      });
    } else if (outcome.cancelled) {
      append(threadId, { role: 'assistant', text: streamedText.current, status: 'cancelled', runId: outcome.runId, tools });
    } else {
      append(threadId, { role: 'assistant', text: '', status: 'failed', error: outcome.failure, runId: outcome.runId, tools });
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
        back={<BackLink to="/chatbots">All chatbots</BackLink>}
        actions={
          <Button variant="secondary" size="sm" onClick={newConversation}>
            {NEW_CONVERSATION}
          </Button>
        }
      />

      <div className={styles.chat}>
        {continued && (
          <Notice tone="info" role="note">
            {CONTINUED_NOTE}
          </Notice>
        )}
        <ol ref={logRef} className={styles.messages} role="log" aria-label="Conversation" aria-live="polite">
          {restoring && (
            <li className={styles.emptyChat}>
              <Spinner /> {LOADING_CONVERSATION}
            </li>
          )}
          {messages.length === 0 && !running && !continued && !restoring && (
            <li className={styles.emptyChat}>{`Ask ${name} anything to start the conversation.`}</li>
          )}
          {messages.map((m) => (
            <li key={m.id} className={`${styles.message} ${m.role === 'user' ? styles.user : styles.assistant}`}>
              <span className={styles.visuallyHidden}>{m.role === 'user' ? 'You said:' : `${name} said:`}</span>
              {m.tools && m.tools.length > 0 && <ToolChips tools={m.tools} label="Tool use" />}
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
