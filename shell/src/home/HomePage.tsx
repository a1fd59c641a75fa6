// Home (/home): the spec's "Dashboard after login" (welcome, Configure Assist, Configure Magic) plus
// real figures from the server: the library's agents and the installed areas.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { REMOTE_IDS, REMOTE_TITLES, ROLE_LABELS } from '@accent/shared';
import { useSession } from '@accent/shared/client';
import { Button, ErrorState, Spinner, StatusBadge } from '@accent/shared/ui';
import { AgentIcon, ArrowRightIcon, ChatIcon, PlusIcon, RocketIcon, SparkIcon } from '../app/icons.js';
import { Page, Section } from '../app/Page.js';
import { useAgentList } from '../app/useAgentList.js';
import { useRemotes } from '../remotes/RemotesProvider.js';
import tiles from '../layout/Tiles.module.css';
import styles from './HomePage.module.css';

// administrators' analytics section, loaded only for them
const HomeAnalytics = lazy(() => import('../analytics/HomeAnalytics.js'));

// the spec's two products, each a large link card
const PRODUCTS = [
  {
    to: '/accent-assist',
    look: 'assist',
    Icon: ChatIcon,
    title: 'Configure Assist',
    text: 'Set up Accent Assist, the AI sales and marketing assistant.',
  },
  {
    to: '/deploy',
    look: 'magic',
    Icon: SparkIcon,
    title: 'Configure Magic',
    text: 'Choose what to build and deploy: agents, flows, background agents or pages.',
  },
] as const;

const SHORTCUTS = [
  // the Agents dashboard with its create modal open: templates, Generate with AI or from scratch
  { to: '/agents?create', Icon: PlusIcon, label: 'Create agent' },
  { to: '/agents', Icon: AgentIcon, label: 'Open Agents' },
  { to: '/deploy', Icon: RocketIcon, label: 'Agent Deployment' },
] as const;

export default function HomePage() {
  const { user } = useSession();
  const agents = useAgentList();
  const { registry, refresh } = useRemotes();

  return (
    <Page
      title={user ? `Welcome back, ${user.name}` : 'Welcome back'}
      description={
        user ? (
          <>
            Signed in as {user.email} · {ROLE_LABELS[user.role] ?? user.role} · environment <strong>{user.env_name}</strong>
          </>
        ) : undefined
      }
    >
      <div className={styles.primary}>
        {PRODUCTS.map(({ to, look, Icon, title, text }) => (
          <Link key={to} to={to} className={`${tiles.tile} ${tiles.link} ${tiles.feature} ${styles.bigCard} ${styles[look]}`}>
            <span className={`${tiles.badge} ${styles.bigIcon}`}>
              <Icon size={28} />
            </span>
            <span className={`${tiles.featureText} ${styles.bigText}`}>
              <strong>{title}</strong>
              <span>{text}</span>
            </span>
            <ArrowRightIcon size={20} className={tiles.arrow} />
          </Link>
        ))}
      </div>

      <div className={styles.columns}>
        <Section title="Your library" id="home-library">
          <div className={`${tiles.tile} ${styles.statCard}`} aria-live="polite">
            <span className={tiles.icon}>
              <AgentIcon size={22} />
            </span>
            {agents.status === 'loading' && (
              <span className={styles.statBody}>
                <Spinner label="Loading agents..." />
              </span>
            )}
            {agents.status === 'ready' && (
              <span className={styles.statBody}>
                <span className={styles.statValue} data-testid="agent-count">
                  {agents.agents.length}
                </span>
                <span className={styles.statLabel}>{agents.agents.length === 1 ? 'agent' : 'agents'} in your library</span>
              </span>
            )}
            {agents.status === 'error' && (
              <div className={styles.statBody}>
                <ErrorState message={`Could not count agents: ${agents.message}`} onRetry={agents.reload} />
              </div>
            )}
          </div>

          <h3 className={styles.subTitle}>Shortcuts</h3>
          <ul className={styles.shortcuts}>
            {SHORTCUTS.map(({ to, Icon, label }) => (
              <li key={to}>
                <Link to={to} className={styles.shortcut}>
                  <Icon size={18} /> {label}
                </Link>
              </li>
            ))}
          </ul>
        </Section>

        <Section
          title="Installed areas"
          id="home-areas"
          actions={
            registry.status === 'error' ? (
              <Button size="sm" variant="secondary" onClick={() => void refresh()}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {registry.status === 'error' && <p className={styles.notice}>The list of installed areas could not be loaded ({registry.error}).</p>}
          <ul className={styles.areas} aria-busy={registry.status === 'loading'}>
            {REMOTE_IDS.map((id) => {
              const entry = registry.entries.find((e) => e.id === id);
              const state = entry ? 'installed' : registry.status === 'loading' ? 'checking' : 'not-installed';
              return (
                <li key={id} className={styles.area} data-state={state}>
                  <span className={styles.areaName}>{REMOTE_TITLES[id]}</span>
                  {entry ? (
                    <StatusBadge tone="success" asGiven>
                      Installed · v{entry.version}
                      {entry.overridden ? ' (override)' : ''}
                    </StatusBadge>
                  ) : (
                    <StatusBadge tone="neutral" asGiven>
                      {state === 'checking' ? 'Checking…' : 'Not installed'}
                    </StatusBadge>
                  )}
                </li>
              );
            })}
          </ul>
        </Section>
      </div>

      {user?.role === 'admin' && (
        <Section title="Analytics" id="home-analytics">
          <Suspense fallback={<Spinner label="Loading analytics..." />}>
            <HomeAnalytics />
          </Suspense>
        </Section>
      )}
    </Page>
  );
}
