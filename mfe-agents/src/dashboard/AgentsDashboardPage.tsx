import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FILTER_ANIMATION_MS, MESSAGES, duplicateAgent, filterAgents, mergeAgentConfig, msg, type Agent } from '@accent/agents-common';
import {
  Button,
  CardGrid,
  ConfirmDeleteDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  Notice,
  Page,
  PageHeader,
  PageToolbar,
  SearchField,
  TextLink,
  useConfirmDelete,
  useQuery,
} from '@accent/shared/ui';
import { CreateAgentModal } from '../create/CreateAgentModal.js';
import type { SavedAgentState } from '../editor/useSaveAgent.js';
import { partnerIconsForTools } from '../partners/partnerIcons.js';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { agentListAtom, categoryFilterAtom, createModalOpenAtom, localCopiesAtom, searchAtom } from '../state/atoms.js';
import { useAgentList, useAgentListUpdates } from '../state/agentList.js';
import { useCanEdit } from '../state/permissions.js';
import { AgentCard } from './AgentCard.js';
import { CategoryFilter } from './CategoryFilter.js';
import { DemoAgentModal } from './DemoAgentModal.js';
import { demoLoadFailed, useDemoAgents } from './demoAgents.js';
import styles from './AgentsDashboardPage.module.css';

/** `/agents?create` opens the create-agent modal (Home's "Create agent" links here). */
export const CREATE_PARAM = 'create';

export const editorPath = (agent: Agent) =>
  `/agents/edit/${encodeURIComponent(agent.name)}${agent.localOnly ? `?copy=${encodeURIComponent(agent.id)}` : ''}`;

/** true for FILTER_ANIMATION_MS after the category filter changes (spec 01 §4: the animation lasts 300 ms). */
function useFilterAnimation(category: string | null): boolean {
  const [animating, setAnimating] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setAnimating(true);
    const timer = setTimeout(() => setAnimating(false), FILTER_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [category]);
  return animating;
}

/** Mission counts per agent name, loaded once per visit; null while loading or when they cannot be read. */
function useMissionCounts(): Record<string, number> | null {
  const { api } = useAgentsEnv();
  const counts = useQuery(['missions', 'counts'], () => api.missionCounts());
  return counts.status === 'ready' ? counts.data : null;
}

export function AgentsDashboardPage() {
  const { api, notify, newId, adminSettings } = useAgentsEnv();
  const store = useStore();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const { state, reload } = useAgentList();
  const { removeServerAgent, addLocalCopy, removeLocalCopy } = useAgentListUpdates();
  const copies = useAtomValue(localCopiesAtom);
  const [search, setSearch] = useAtom(searchAtom);
  const category = useAtomValue(categoryFilterAtom);
  const setCreateOpen = useSetAtom(createModalOpenAtom);
  const animating = useFilterAnimation(category);
  // Presentation mode (spec 01 §4): read when the dashboard opens, as the admin may have just changed it.
  const presentation = useMemo(() => adminSettings().experimentalProjects, [adminSettings]);
  const demo = useDemoAgents(presentation);
  const [openDemo, setOpenDemo] = useState<Agent | null>(null);

  const missionCounts = useMissionCounts();

  // Arriving with ?create opens the same modal as "+ Create New Agent" (for those who may create), once:
  // the parameter is dropped so that Back or a reload does not open it again.
  const [params, setParams] = useSearchParams();
  const askedToCreate = params.has(CREATE_PARAM);
  useEffect(() => {
    if (!askedToCreate) return;
    if (canEdit) setCreateOpen(true);
    setParams(
      (p) => {
        p.delete(CREATE_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [askedToCreate, canEdit, setCreateOpen, setParams]);

  // Fresh list on every visit (a save that just navigated here has already started one).
  useEffect(() => {
    if (store.get(agentListAtom).status !== 'loading') void reload();
  }, [reload, store]);

  const visible = filterAgents([...copies, ...state.agents, ...demo.agents], search, category);

  // Back from a save, the focus goes to the saved agent's card (or, filtered out, to the title) once the
  // fresh list shows it, rather than falling to <body> with the editor.
  const location = useLocation();
  const savedAgent = (location.state as Partial<SavedAgentState> | null)?.savedAgent;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusedAfterSave = useRef<string | null>(null);
  const savedShown = Boolean(savedAgent && visible.some((a) => a.name === savedAgent));
  // the list shown before the reload this visit started may not have a new agent yet
  const reloaded = useRef(false);
  if (state.status === 'loading') reloaded.current = true;
  const listSettled = reloaded.current && (state.status === 'ready' || state.status === 'error');
  useEffect(() => {
    if (!savedAgent || focusedAfterSave.current === location.key || !(savedShown || listSettled)) return;
    focusedAfterSave.current = location.key;
    const card = Array.from(titleRef.current?.closest('section')?.querySelectorAll<HTMLElement>('[data-agent]') ?? []).find(
      (el) => el.dataset.agent === savedAgent,
    );
    (card ?? titleRef.current)?.focus();
  }, [savedAgent, savedShown, listSettled, location.key]);

  const duplicate = async (agent: Agent) => {
    try {
      // A copy of a saved agent carries its full configuration, not just the card fields.
      const source = agent.localOnly ? agent : mergeAgentConfig(agent, await api.getConfig(agent.name));
      const copy = duplicateAgent(source, newId());
      addLocalCopy({ ...copy, partnerIcons: partnerIconsForTools(copy.tools) });
      notify.success(MESSAGES.agentDuplicatedTitle, msg.createdCopy(copy.name));
    } catch {
      notify.error(MESSAGES.duplicationFailedTitle, MESSAGES.duplicationFailedMessage);
    }
  };

  const del = useConfirmDelete<Agent>({
    remove: async (agent) => {
      if (!agent.localOnly) await api.remove(agent.name);
    },
    deleted: (agent) => {
      if (agent.localOnly) removeLocalCopy(agent.id);
      else removeServerAgent(agent.name);
      notify.success(MESSAGES.agentDeletedTitle, msg.successfullyDeleted(agent.name));
    },
    failed: (_agent, err) => notify.error(MESSAGES.deleteFailedTitle, errorMessage(err, 'Request failed')),
  });

  let body;
  if (state.status === 'error') {
    body = <ErrorState message={msg.failedToLoadAgents(state.error ?? '')} onRetry={() => void reload()} />;
  } else if (!state.loaded) {
    body = <LoadingState text={MESSAGES.loadingAgents} />;
  } else if (visible.length === 0) {
    const filtered = Boolean(search.trim() || category);
    body = (
      <EmptyState
        title={MESSAGES.noAgents}
        text={filtered ? 'Try a different search or category.' : canEdit ? 'Create your first agent to get started.' : undefined}
      />
    );
  } else {
    body = (
      <CardGrid
        label="Agents"
        className={animating ? styles.filtering : undefined}
        style={{ '--filter-animation-ms': `${FILTER_ANIMATION_MS}ms` } as CSSProperties}
        data-filtering={animating || undefined}
      >
        {visible.map((agent) => (
          <li key={agent.id} className={styles.cell}>
            <AgentCard
              agent={agent}
              missionCount={agent.localOnly || agent.demo ? undefined : (missionCounts?.[agent.name] ?? (missionCounts ? 0 : undefined))}
              canEdit={canEdit}
              onOpen={(a) => (a.demo ? setOpenDemo(a) : navigate(editorPath(a)))}
              onViewMissions={(a) => navigate(`/missions?agent=${encodeURIComponent(a.name)}`)}
              onDuplicate={(a) => void duplicate(a)}
              onDelete={del.ask}
            />
          </li>
        ))}
      </CardGrid>
    );
  }

  return (
    <Page labelledBy="agents-dashboard-title">
      <PageHeader
        titleId="agents-dashboard-title"
        titleRef={titleRef}
        title="Agents"
        subtitle="Build, manage and deploy AI agents for sales, marketing, research and support."
        actions={
          <>
            <nav aria-label="More agent tools" className={styles.links}>
              <TextLink to="/chatbots">Chatbots</TextLink>
              <TextLink to="/agent-test">Agent test</TextLink>
            </nav>
            {canEdit && (
              <Button variant="primary" onClick={() => setCreateOpen(true)}>
                {MESSAGES.createNewAgent}
              </Button>
            )}
          </>
        }
      />
      <PageToolbar search>
        <SearchField label="Search agents" placeholder={MESSAGES.searchAgentsPlaceholder} value={search} onChange={setSearch} />
        <CategoryFilter />
      </PageToolbar>
      {presentation && demo.status === 'error' && demo.error && (
        <Notice
          tone="warning"
          role="status"
          action={
            <Button variant="ghost" size="sm" onClick={() => void demo.retry()}>
              Retry
            </Button>
          }
        >
          {demoLoadFailed(demo.error)}
        </Notice>
      )}
      {body}
      {canEdit && <CreateAgentModal />}
      <DemoAgentModal agent={openDemo} onClose={() => setOpenDemo(null)} />
      <ConfirmDeleteDialog state={del} title="Delete Agent" message={(agent) => msg.confirmDelete(agent.name)} />
    </Page>
  );
}
