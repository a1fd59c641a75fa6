// /background: the Background Agents dashboard (spec 02 §2.3, §3.5, §5): search, category filter with
// its 300 ms animation, agent cards with Duplicate and Delete, and the Create Background Agent modal.
// Beyond the spec: Run now in the card menu and the Results feed of what agents delivered.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  backgroundDeleteConfirmText,
  filterBackgroundAgents,
  dashboardCategoryChips,
  BACKGROUND_FILTER_ANIMATION_MS,
  BACKGROUND_TEXTS,
} from '@accent/background-common';
import type { BackgroundAgentSummary } from '../data/background.js';
import { useCanBuild } from '@accent/shared/client';
import {
  Button,
  CardGrid,
  ConfirmDeleteDialog,
  EmptyState,
  ErrorState,
  GridCard,
  LoadingState,
  Modal,
  Page,
  PageHeader,
  PageToolbar,
  SearchField,
  useConfirmDelete,
} from '@accent/shared/ui';
import { errorMessage, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { StatusTag } from '../common/StatusTag.js';
import { useRunNow } from '../common/useRunNow.js';
import { ResultsFeed, type ResultsFeedHandle } from './ResultsFeed.js';
import styles from './Dashboard.module.css';

/** The Create Background Agent modal's choices (§2.3); only the first one does anything. */
export const CREATE_OPTIONS = [
  { id: 'scratch', label: 'Create from scratch', text: 'Start with a blank configuration' },
  { id: 'ai', label: 'Generate with AI', text: 'Describe the agent and let AI draft it' },
  { id: 'task', label: 'Task', text: 'A task-focused agent' },
  { id: 'researcher', label: 'Researcher', text: 'Gathers and summarizes information' },
  { id: 'marketer', label: 'Marketer', text: 'Monitors campaigns and content' },
  { id: 'email-writer', label: 'Email Writer', text: 'Drafts emails on a schedule' },
] as const;

export function BackgroundDashboardPage() {
  const env = useBackgroundEnv();
  const { api, notify } = env;
  const animationMs = env.filterAnimationMs ?? BACKGROUND_FILTER_ANIMATION_MS;
  const navigate = useNavigate();
  const [agents, setAgents] = useState<BackgroundAgentSummary[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>('All');
  const [filtering, setFiltering] = useState(false);
  const [creating, setCreating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const feed = useRef<ResultsFeedHandle>(null);
  const { runNow } = useRunNow();
  const canEdit = useCanBuild();

  const reload = useCallback(async () => {
    setLoadError(null);
    try {
      setAgents(await api.listAgents());
    } catch (err) {
      setAgents([]);
      setLoadError(errorMessage(err, 'Could not load background agents.'));
    } finally {
      setLoading(false);
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const visible = useMemo(() => filterBackgroundAgents(agents, query, category), [agents, query, category]);

  const chips = useMemo(() => dashboardCategoryChips(agents), [agents]);

  function chooseCategory(next: string) {
    if (next === category) return;
    setCategory(next);
    setFiltering(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setFiltering(false), animationMs);
  }

  function chooseOption(id: (typeof CREATE_OPTIONS)[number]['id']) {
    setCreating(false);
    if (id === 'scratch') {
      navigate('/background/new');
      return;
    }
    env.log('Background agent creation option selected:', id);
  }

  const del = useConfirmDelete<BackgroundAgentSummary>({
    remove: (agent) => api.deleteAgent(agent.id),
    deleted: (agent) => {
      notify.success('Agent Deleted', `${agent.name} has been deleted.`);
      setAgents((list) => list.filter((a) => a.id !== agent.id));
    },
    failed: () => notify.error('Deletion Failed', 'Could not delete agent. Please check your connection.'),
  });

  async function duplicate(agent: BackgroundAgentSummary) {
    try {
      const copy = await api.duplicateAgent(agent.id);
      if (!copy) {
        notify.error('Duplication Failed', 'Could not load the original agent.');
        return;
      }
      notify.success('Agent Duplicated', `${copy.config.name} has been created.`);
      await reload();
    } catch {
      notify.error('Duplication Failed', 'Could not duplicate agent. Please check your connection.');
    }
  }

  async function runAgentNow(agent: BackgroundAgentSummary) {
    const runId = await runNow(agent.id, agent.name);
    if (runId) feed.current?.track(runId);
  }

  // Pause / Resume by hand; the server drops or restores the agent's schedule with the status
  async function setPaused(agent: BackgroundAgentSummary, paused: boolean) {
    try {
      const stored = await api.setAgentStatus(agent.id, paused ? 'paused' : 'active');
      setAgents((list) => list.map((a) => (a.id === stored.id ? stored : a)));
      notify.success(paused ? 'Agent Paused' : 'Agent Resumed', paused ? `${agent.name} will not run until it is resumed.` : `${agent.name} runs on its schedule again.`);
    } catch (err) {
      notify.error(paused ? 'Pause Failed' : 'Resume Failed', errorMessage(err, 'Could not change the agent.'));
    }
  }

  return (
    <Page>
      <PageHeader
        title="Background Agents"
        subtitle="Autonomous agents that run on a schedule and deliver results."
        actions={canEdit && <Button onClick={() => setCreating(true)}>Create Background Agent</Button>}
      />

      <PageToolbar>
        <SearchField label="Search agents" placeholder={BACKGROUND_TEXTS.searchPlaceholder} value={query} onChange={setQuery} />
        <div className={styles.categories} role="group" aria-label="Filter by category">
          {chips.map((c) => (
            <button key={c} type="button" className={styles.category} aria-pressed={category === c} onClick={() => chooseCategory(c)}>
              {c}
            </button>
          ))}
        </div>
      </PageToolbar>

      {loading ? (
        <LoadingState text="Loading agents..." />
      ) : loadError ? (
        <ErrorState message={loadError} onRetry={() => void reload()} />
      ) : agents.length === 0 ? (
        <EmptyState
          title="No background agents yet"
          text={canEdit ? 'Create an agent that runs on a schedule and delivers its results.' : undefined}
          action={canEdit ? <Button onClick={() => setCreating(true)}>Create Background Agent</Button> : undefined}
        />
      ) : visible.length === 0 ? (
        <EmptyState title="No agents match your search" text="Try another search or category." />
      ) : (
        <CardGrid label="Background agents" className={`${styles.grid} ${filtering ? styles.filtering : ''}`} data-filtering={filtering || undefined}>
          {visible.map((agent) => (
            <GridCard
              key={agent.id}
              data-testid="agent-card"
              icon={agent.icon}
              title={agent.name}
              text={agent.description}
              meta={
                <>
                  <span>{agent.category}</span>
                  <StatusTag status={agent.status} />
                </>
              }
              onOpen={() => navigate(`/background/${encodeURIComponent(agent.id)}`)}
              // a member's card has no menu: every action changes or runs the agent; Pause and Resume only for a published agent
              actions={
                canEdit
                  ? [
                      { label: 'Duplicate', onSelect: () => void duplicate(agent) },
                      { label: 'Run now', onSelect: () => void runAgentNow(agent) },
                      ...(agent.status === 'active' ? [{ label: 'Pause', onSelect: () => void setPaused(agent, true) }] : []),
                      ...(agent.status === 'paused' ? [{ label: 'Resume', onSelect: () => void setPaused(agent, false) }] : []),
                      { label: 'Delete', onSelect: () => del.ask(agent), danger: true },
                    ]
                  : undefined
              }
            />
          ))}
        </CardGrid>
      )}

      <ResultsFeed ref={feed} />

      <Modal open={creating} onClose={() => setCreating(false)} title="Create Background Agent" size="lg">
        <ul className={styles.options}>
          {CREATE_OPTIONS.map((o) => (
            <li key={o.id}>
              <button type="button" className={styles.option} onClick={() => chooseOption(o.id)}>
                <strong>{o.label}</strong>
                <span className={styles.optionText}>{o.text}</span>
              </button>
            </li>
          ))}
        </ul>
      </Modal>

      <ConfirmDeleteDialog state={del} title="Delete agent" message={(agent) => backgroundDeleteConfirmText(agent.name)} />
    </Page>
  );
}
