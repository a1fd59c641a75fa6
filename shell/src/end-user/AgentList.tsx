// The library's agents as cards, with the spec's loading, error and empty texts.
import { MESSAGES, avatarFor, msg, type AgentListItem } from '@accent/agents-common';
import { CardGrid, EmptyState, ErrorState, LoadingState } from '@accent/shared/ui';
import type { AgentListState } from '../app/useAgentList.js';
import tiles from '../layout/Tiles.module.css';
import styles from './EndUser.module.css';

export function formatDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function AgentList({ state, onRetry, limit }: { state: AgentListState; onRetry: () => void; limit?: number }) {
  if (state.status === 'loading') return <LoadingState text={MESSAGES.loadingAgents} />;
  if (state.status === 'error') return <ErrorState message={msg.failedToLoadAgents(state.message)} onRetry={onRetry} />;
  if (state.agents.length === 0)
    return <EmptyState title={MESSAGES.noAgents} text="Your administrator has not published any agents in this library yet." />;
  const shown = limit ? state.agents.slice(0, limit) : state.agents;
  return (
    <CardGrid label="Agents">
      {shown.map((a) => (
        <AgentCard key={a.name} agent={a} />
      ))}
    </CardGrid>
  );
}

function AgentCard({ agent }: { agent: AgentListItem }) {
  return (
    <li className={tiles.tile}>
      <span className={`${tiles.icon} ${styles.avatar}`} aria-hidden="true">
        {avatarFor(agent.name)}
      </span>
      <div className={styles.agentBody}>
        <h3 className={styles.agentName}>{agent.title || agent.name}</h3>
        {agent.description && <p className={`${tiles.text} ${styles.agentDescription}`}>{agent.description}</p>}
        <p className={styles.agentMeta}>
          {msg.usageText(agent.size)} · updated {formatDate(agent.lastModDate)}
        </p>
      </div>
    </li>
  );
}
