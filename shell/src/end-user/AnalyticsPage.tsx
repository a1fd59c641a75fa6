// /end-user/analytics: the figures the browser can really compute today, from the agent list.
import { Link } from 'react-router';
import { MESSAGES, msg } from '@accent/agents-common';
import { ErrorState, LoadingState } from '@accent/shared/ui';
import { Page, Section } from '../app/Page.js';
import { useAgentList } from '../app/useAgentList.js';
import { formatDate } from './AgentList.js';
import styles from './EndUser.module.css';

export default function AnalyticsPage() {
  const agents = useAgentList();
  return (
    <Page title="Analytics" description="Figures about the agents in your library. Run outcomes of your missions are in Mission results.">
      {agents.status === 'loading' && <LoadingState text={MESSAGES.loadingAgents} />}
      {agents.status === 'error' && <ErrorState message={msg.failedToLoadAgents(agents.message)} onRetry={agents.reload} />}
      {agents.status === 'ready' && <Figures list={agents.agents} />}
      <Section title="Run results" id="analytics-runs">
        <p className={styles.text}>
          Each mission run is recorded with its outcome. See them in <Link to="/end-user/mission-results">Mission results</Link>.
        </p>
      </Section>
    </Page>
  );
}

function Figures({ list }: { list: { name: string; title: string; size: number; lastModDate: string }[] }) {
  const latest = [...list].sort((a, b) => Date.parse(b.lastModDate) - Date.parse(a.lastModDate))[0];
  const totalKb = list.reduce((sum, a) => sum + (Number.isFinite(a.size) ? a.size : 0), 0);
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt>Agents</dt>
        <dd>{list.length}</dd>
      </div>
      <div className={styles.figure}>
        <dt>Most recently updated</dt>
        <dd className={styles.figureSmall}>{latest ? `${latest.title || latest.name} · ${formatDate(latest.lastModDate)}` : '—'}</dd>
      </div>
      <div className={styles.figure}>
        <dt>Total configuration size</dt>
        <dd>{Math.round(totalKb * 10) / 10} KB</dd>
      </div>
    </dl>
  );
}
