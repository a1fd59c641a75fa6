// The one renderer of a page as its visitors see it: the builder's preview, the end-user magic page and
// the published bundle at /p/{slug} all use it (the builder's canvas shows its blocks in design mode).
// Zones: full-width blocks first (side by side as their widths allow), then the left and right columns.
import { useId, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { AI_NOTICE, CANVAS_ZONES, UNKNOWN_BLOCK_TYPE, type CanvasComponent, type CanvasZone } from '../public/index.js';
import type { AskPage } from './ask.js';
import { useConversation, type Conversation, type Exchange } from './conversation.js';
import styles from './PageView.module.css';

export const CLEAR_HISTORY = 'CLEAR HISTORY';

export interface PageViewProps {
  components: readonly CanvasComponent[];
  /** who answers; without it the page is shown but cannot be asked */
  ask?: AskPage;
  threadId: string;
  /** CLEAR HISTORY: the caller starts a new thread */
  onClearHistory(): void;
  /** accessible name of the page */
  label?: string;
}

const byPosition = (zone: CanvasZone, components: readonly CanvasComponent[]) =>
  components.filter((c) => c.layout?.zone === zone).sort((a, b) => a.layout.position - b.layout.position);

/** Which block shows the conversation (the response area, else the chat, else the action buttons) and the AI notice. */
function hosts(components: readonly CanvasComponent[]) {
  const first = (...types: string[]) => types.map((t) => components.find((c) => c.type === t)?.id).find(Boolean) ?? null;
  return { conversation: first('responseArea', 'freeformChat', 'actionButtons'), notice: first('freeformChat', 'responseArea', 'actionButtons') };
}

export function PageView({ components, ask, threadId, onClearHistory, label }: PageViewProps) {
  const conversation = useConversation(ask, threadId);
  const host = hosts(components);
  const render = (c: CanvasComponent) => (
    <div key={c.id} className={styles.slot} style={{ '--block-width': c.layout.zone === 'full-width' ? c.layout.width : '100%' } as CSSProperties}>
      <BlockView component={c} conversation={conversation} interactive={Boolean(ask)} showConversation={host.conversation === c.id} showNotice={host.notice === c.id} />
    </div>
  );
  const [full, left, right] = CANVAS_ZONES.map((zone) => byPosition(zone, components));
  return (
    <div className={styles.page} role="region" aria-label={label}>
      <div className={styles.toolbar}>
        <button type="button" className={styles.clear} onClick={onClearHistory}>
          {CLEAR_HISTORY}
        </button>
      </div>
      {components.length === 0 && <p className={styles.empty}>This page has no blocks yet.</p>}
      {full!.length > 0 && <div className={styles.row}>{full!.map(render)}</div>}
      {left!.length + right!.length > 0 && (
        <div className={styles.columns}>
          <div className={styles.column}>{left!.map(render)}</div>
          <div className={styles.column}>{right!.map(render)}</div>
        </div>
      )}
    </div>
  );
}

export interface BlockViewProps {
  component: CanvasComponent;
  conversation?: Conversation;
  /** false in the builder's canvas: controls are shown but do nothing */
  interactive?: boolean;
  showConversation?: boolean;
  showNotice?: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const colour = (v: unknown, fallback: string) => (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v) ? v : fallback);

/** Dark text on light backgrounds, white on dark ones. */
export function readableOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16) / 255);
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.55 ? '#1b2130' : '#ffffff';
}

const surface = (background: string): CSSProperties => ({ background, color: readableOn(background) });

/** One block. */
export function BlockView({ component, conversation, interactive = false, showConversation = false, showNotice = false }: BlockViewProps) {
  const { props } = component;
  const notice = showNotice ? <p className={styles.notice}>{AI_NOTICE}</p> : null;
  const log = showConversation && conversation ? <ConversationLog exchanges={conversation.exchanges} /> : null;
  switch (component.type) {
    case 'header': {
      const bg = colour(props.backgroundColor, '#4c3fd9');
      return (
        <header className={styles.header} style={surface(bg)}>
          <h1 className={styles.headerTitle}>{text(props.title)}</h1>
          {text(props.persona) && <p className={styles.persona}>{text(props.persona)}</p>}
        </header>
      );
    }
    case 'crmData':
      return (
        <section className={styles.card} aria-label="Account">
          <dl className={styles.crm}>
            <Fact term="Customer" value={text(props.customerName)} />
            <Fact term="Opportunity" value={text(props.opportunityName)} />
            <Fact term="Domain" value={text(props.domain)} breakAfterDots />
            <Fact term="Language" value={text(props.language)} />
          </dl>
        </section>
      );
    case 'actionButtons': {
      // a blank button (saved before blanks were refused) is not drawn as an empty pill
      const buttons = Array.isArray(props.buttons) ? props.buttons.filter((b): b is string => typeof b === 'string' && b.trim() !== '') : [];
      return (
        <section className={styles.card} aria-label="Suggested questions">
          <div className={styles.actions}>
            {buttons.map((question, i) => (
              <button
                key={`${i}-${question}`}
                type="button"
                className={styles.action}
                disabled={!interactive || conversation?.busy}
                onClick={() => conversation?.send(question)}
              >
                {question}
              </button>
            ))}
          </div>
          {log}
          {notice}
        </section>
      );
    }
    case 'responseArea': {
      const bg = colour(props.backgroundColor, '#ffffff');
      return (
        <section className={styles.card} style={surface(bg)} aria-label={text(props.title) || 'Response'}>
          <h2 className={styles.blockTitle}>{text(props.title)}</h2>
          {log ?? <p className={styles.placeholder}>Answers appear here.</p>}
          {notice}
        </section>
      );
    }
    case 'freeformChat':
      return <ChatBlock component={component} conversation={conversation} interactive={interactive} log={log} notice={notice} />;
    default:
      return (
        <div className={styles.unknown} role="note">
          {UNKNOWN_BLOCK_TYPE}
        </div>
      );
  }
}

function Fact({ term, value, breakAfterDots = false }: { term: string; value: string; breakAfterDots?: boolean }) {
  // a long domain wraps after its dots (acme.<wbr>example.<wbr>com), not in the middle of a word
  const shown = breakAfterDots && value ? value.split('.').flatMap((part, i, all) => (i < all.length - 1 ? [part, '.', <wbr key={all.slice(0, i + 1).join('.')} />] : [part])) : value;
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{value ? shown : '—'}</dd>
    </div>
  );
}

function ChatBlock({ component, conversation, interactive, log, notice }: { component: CanvasComponent; conversation?: Conversation; interactive: boolean; log: ReactNode; notice: ReactNode }) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const bg = colour(component.props.backgroundColor, '#ffffff');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim() || conversation?.busy) return;
    conversation?.send(draft);
    setDraft('');
  };
  return (
    <section className={styles.card} style={surface(bg)} aria-label="Chat">
      {log}
      <form className={styles.chat} onSubmit={submit}>
        <label htmlFor={inputId} className={styles.visuallyHidden}>
          Your question
        </label>
        <input
          id={inputId}
          className={styles.chatInput}
          placeholder={text(component.props.placeholder)}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          disabled={!interactive}
          maxLength={4000}
          autoComplete="off"
        />
        <button type="submit" className={styles.send} disabled={!interactive || !draft.trim() || conversation?.busy}>
          Send
        </button>
      </form>
      {notice}
    </section>
  );
}

function ConversationLog({ exchanges }: { exchanges: readonly Exchange[] }) {
  if (exchanges.length === 0) return <p className={styles.placeholder}>Answers appear here.</p>;
  return (
    <ol className={styles.log} aria-live="polite" aria-label="Answers">
      {exchanges.map((e) => (
        <li key={e.id} className={styles.exchange} aria-busy={e.status === 'streaming' || undefined}>
          <p className={styles.question}>{e.question}</p>
          {e.status === 'failed' ? (
            <p className={styles.error} role="alert">
              {e.error}
            </p>
          ) : (
            <p className={styles.answer} data-testid="page-answer">
              {e.answer || (e.status === 'streaming' ? 'Thinking...' : '')}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
