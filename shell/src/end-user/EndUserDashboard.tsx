// /end-user/dashboard: greeting, the library's agents, and the way into the end-user areas.
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useSession } from '@accent/shared/client';
import { END_USER_ANALYTICS_PATH } from '../analytics/AnalyticsRedirect.js';
import { ChartIcon, MissionIcon, PagesIcon, PlusIcon, TeamIcon, ToolIcon } from '../app/icons.js';
import { Page, Section } from '../app/Page.js';
import { useAgentList } from '../app/useAgentList.js';
import { AgentList } from './AgentList.js';
import { CardGrid } from '@accent/shared/ui';
import tiles from '../layout/Tiles.module.css';
import styles from './EndUser.module.css';

const AREAS: { to: string; title: string; text: string; Icon: ComponentType<{ size?: number }> }[] = [
  { to: '/end-user/my-missions', title: 'My Missions', text: 'The missions you run on demand or on a schedule.', Icon: MissionIcon },
  { to: '/end-user/missions/create', title: 'Create a mission', text: 'Give an agent a task and choose when it runs.', Icon: PlusIcon },
  { to: '/end-user/mission-results', title: 'Mission results', text: 'What your missions delivered.', Icon: ChartIcon },
  { to: END_USER_ANALYTICS_PATH, title: 'Analytics', text: 'Your runs: outcome, speed, tokens and cost.', Icon: ChartIcon },
  { to: '/end-user/magic-pages', title: 'Magic Pages', text: 'Interactive pages published for you.', Icon: PagesIcon },
  { to: '/end-user/my-tools', title: 'My Tools', text: 'The agents you can use.', Icon: ToolIcon },
  { to: '/end-user/my-team', title: 'My Team', text: 'Your account and library.', Icon: TeamIcon },
];

export default function EndUserDashboard() {
  const { user } = useSession();
  const agents = useAgentList();
  return (
    <Page title={user ? `Hello, ${user.name}` : 'Hello'} description="Your agents, missions and pages in one place.">
      <CardGrid label="Areas">
        {AREAS.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link to={to} className={`${tiles.tile} ${tiles.link}`}>
              <span className={tiles.icon}>
                <Icon size={20} />
              </span>
              <span>
                <strong>{title}</strong>
                <span className={`${tiles.text} ${styles.areaText}`}>{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </CardGrid>
      <Section
        title="Agents in your library"
        id="end-user-agents"
        actions={
          agents.status === 'ready' && agents.agents.length > 6 ? (
            <Link to="/end-user/my-tools" className={styles.more}>
              See all {agents.agents.length}
            </Link>
          ) : undefined
        }
      >
        <AgentList state={agents} onRetry={agents.reload} limit={6} />
      </Section>
    </Page>
  );
}
