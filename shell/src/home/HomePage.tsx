// Home (/home): the spec's "Dashboard after login" (welcome, Configure Assist, Configure Magic) plus
// real figures from the server: the library's agents and the installed areas.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { REMOTE_IDS, REMOTE_TITLES, ROLE_LABELS } from '@accent/shared';
import { useSession } from '@accent/shared/client';
import { Button, ErrorState, Spinner } from '@accent/shared/ui';
import { AgentIcon, ArrowRightIcon, ChatIcon, PlusIcon, RocketIcon, SparkIcon } from '../app/icons.js';
import { Page, Section } from '../app/Page.js';
import { useAgentList } from '../app/useAgentList.js';
import { useRemotes } from '../remotes/RemotesProvider.js';
import tiles from '../layout/Tiles.module.css';
import styles from './HomePage.module.css';

// administrators' analytics section, loaded only for them
const HomeAnalytics = lazy(() => import('../analytics/HomeAnalytics.js'));

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
        <Link to="/accent-assist" className={`${styles.bigCard} ${styles.assist}`}>
          <span className={styles.bigIcon}>
            <ChatIcon size={28} />
          </span>
          <span className={styles.bigText}>
            <strong>Configure Assist</strong>
            <span>Set up Accent Assist, the AI sales and marketing assistant.</span>
          </span>
          <ArrowRightIcon size={20} className={styles.arrow} />
        </Link>
        <Link to="/deploy" className={`${styles.bigCard} ${styles.magic}`}>
          <span className={styles.bigIcon}>
            <SparkIcon size={28} />
          </span>
          <span className={styles.bigText}>
            <strong>Configure Magic</strong>
            <span>Choose what to build and deploy: agents, flows, background agents or pages.</span>
          </span>
          <ArrowRightIcon size={20} className={styles.arrow} />
        </Link>
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
                <span className={styles.statLabel}>
                  {agents.agents.length === 1 ? 'agent' : 'agents'} in your library
                </span>
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
            <li>
              {/* the Agents dashboard with its create modal open: templates, Generate with AI or from scratch */}
              <Link to="/agents?create" className={styles.shortcut}>
                <PlusIcon size={18} /> Create agent
              </Link>
            </li>
            <li>
              <Link to="/agents" className={styles.shortcut}>
                <AgentIcon size={18} /> Open Agents
              </Link>
            </li>
            <li>
              <Link to="/deploy" className={styles.shortcut}>
                <RocketIcon size={18} /> Agent Deployment
              </Link>
            </li>
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
                    <span className={`${styles.pill} ${styles.pillOk}`}>
                      Installed · v{entry.version}
                      {entry.overridden ? ' (override)' : ''}
                    </span>
                  ) : state === 'checking' ? (
                    <span className={styles.pill}>Checking…</span>
                  ) : (
                    <span className={`${styles.pill} ${styles.pillOff}`}>Not installed</span>
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
