// /chatbots (spec 01 §2 route table): the agents offered as chatbots (list item `chatbot: true`), and a
// chat with one of them (/chatbots?agent=<name>) that keeps its conversation thread.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { avatarFor, msg, type AgentListItem } from '@accent/agents-common';
import { Button, CardGrid, EmptyState, ErrorState, LoadingState, Page, PageHeader, TextLink } from '@accent/shared/ui';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { useCanEdit } from '../state/permissions.js';
import { ChatView } from './ChatView.js';
import styles from './Chatbots.module.css';

export const CHATBOTS_TITLE = 'Chatbots';
export const NO_CHATBOTS = 'No chatbots yet';
export const NO_CHATBOTS_BUILDER_HINT = 'Mark an agent as a chatbot in its Basic Info tab.';
export const NO_CHATBOTS_MEMBER_HINT = 'When a builder makes an agent available as a chatbot, it appears here.';
export const NOT_A_CHATBOT = 'This agent is not available as a chatbot';

type ListState = { status: 'loading' } | { status: 'ready'; agents: AgentListItem[] } | { status: 'error'; message: string };

export const chatPath = (name: string) => `/chatbots?agent=${encodeURIComponent(name)}`;

export function ChatbotsPage() {
  const { api } = useAgentsEnv();
  const canEdit = useCanEdit();
  const [searchParams] = useSearchParams();
  const open = searchParams.get('agent');
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [seq, setSeq] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setList((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    api.list().then(
      (agents) =>
        !cancelled && setList({ status: 'ready', agents: agents.filter((a) => a.chatbot === true).sort((a, b) => a.name.localeCompare(b.name)) }),
      (err: unknown) => !cancelled && setList({ status: 'error', message: errorMessage(err, 'Request failed') }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, seq]);

  const retry = () => setSeq((n) => n + 1);

  if (open) {
    if (list.status === 'loading') return <LoadingState text="Loading chatbot..." />;
    if (list.status === 'error') return <ErrorState message={msg.failedToLoadAgents(list.message)} onRetry={retry} />;
    const item = list.agents.find((a) => a.name === open);
    if (!item) {
      return (
        <Page>
          <EmptyState
            title={NOT_A_CHATBOT}
            text={`"${open}" is not in the list of chatbots. It may have been renamed, deleted or taken off the chatbots.`}
            action={<TextLink to="/chatbots">All chatbots</TextLink>}
          />
        </Page>
      );
    }
    // a different chatbot is a fresh chat
    return <ChatView key={item.name} agent={item} />;
  }

  let body;
  if (list.status === 'loading') body = <LoadingState text="Loading chatbots..." />;
  else if (list.status === 'error') body = <ErrorState message={msg.failedToLoadAgents(list.message)} onRetry={retry} />;
  else if (list.agents.length === 0) {
    body = (
      <EmptyState
        title={NO_CHATBOTS}
        text={canEdit ? NO_CHATBOTS_BUILDER_HINT : NO_CHATBOTS_MEMBER_HINT}
        action={canEdit ? <TextLink to="/agents">Go to Agents</TextLink> : undefined}
      />
    );
  } else {
    body = (
      <CardGrid label="Chatbots">
        {list.agents.map((a) => (
          <li key={a.name}>
            <Link className={styles.card} to={chatPath(a.name)}>
              <span className={styles.cardAvatar} aria-hidden="true">
                {a.avatar ?? avatarFor(a.name)}
              </span>
              <span className={styles.cardBody}>
                <span className={styles.cardName}>{a.name}</span>
                <span className={styles.cardText}>{a.description || 'No description'}</span>
              </span>
              <span className={styles.cardAction} aria-hidden="true">
                Chat →
              </span>
            </Link>
          </li>
        ))}
      </CardGrid>
    );
  }

  return (
    <Page labelledBy="chatbots-title">
      <PageHeader
        titleId="chatbots-title"
        title={CHATBOTS_TITLE}
        subtitle="Chat with the agents your team has made available as chatbots."
        actions={
          list.status === 'ready' && (
            <Button variant="secondary" size="sm" onClick={retry}>
              Refresh
            </Button>
          )
        }
      />
      {body}
    </Page>
  );
}
