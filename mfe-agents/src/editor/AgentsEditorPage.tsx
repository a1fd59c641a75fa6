import { useEffect, useId, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { msg, type Agent } from '@accent/agents-common';
import { roleRefusalText } from '@accent/shared/client';
import {
  BackLink,
  Button,
  EmptyState,
  LoadingState,
  Notice,
  Page,
  PageHeader,
  StatusBadge,
  tabPanelProps,
  Tabs,
  useDiscardChanges,
  useEditorDraft,
  usePendingSaveGuard,
} from '@accent/shared/ui';
import { editorAtom, editorDirtyAtom, editorTabAtom, type EditorTab } from '../state/editor.js';
import { useCanEdit } from '../state/permissions.js';
import { plannedStepCount } from '../runs/format.js';
import { RunsPanel } from '../runs/RunsPanel.js';
import { AdvancedTab } from './AdvancedTab.js';
import { BasicInfoTab } from './BasicInfoTab.js';
import { StepsTab } from './StepsTab.js';
import { TestAgentModal } from './TestAgentModal.js';
import { ToolsTab } from './ToolsTab.js';
import { parseEditorTarget, targetKey, type EditorTarget } from './route.js';
import { useEditorSession } from './useEditorSession.js';
import { VersionsPanel } from '../versions/VersionsPanel.js';
import { TestSetsPanel } from '../test-sets/TestSetsPanel.js';
import { useSaveAgent } from './useSaveAgent.js';
import styles from './Editor.module.css';

export const EDITOR_TABS: readonly { id: EditorTab; label: string }[] = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'tools', label: 'Tools & Integrations' },
  { id: 'steps', label: 'Steps' },
  { id: 'advanced', label: 'Advanced Settings' },
  { id: 'runs', label: 'Runs' },
  { id: 'versions', label: 'Versions' },
  { id: 'tests', label: 'Test Sets' },
];
const TAB_IDS = 'agent-editor';
const PANELS: Record<Exclude<EditorTab, 'runs' | 'versions' | 'tests'>, () => React.JSX.Element> = {
  basic: BasicInfoTab,
  tools: ToolsTab,
  steps: StepsTab,
  advanced: AdvancedTab,
};

export const CREATE_TITLE = 'Create New Agent';
export const BACK_LABEL = 'Back to Agents';
export const CANNOT_CREATE_TITLE = "You can't create agents";
export const DISCARD_MESSAGE = 'You have unsaved changes to this agent. If you go back now, they will be lost.';
export const TEST_AGENT_LABEL = 'Test Agent';
export const SAVE_BEFORE_TESTING = 'Save the agent before testing it';
export const SAVE_BEFORE_RUNS = 'Save the agent to see its runs.';
export const SAVE_BEFORE_VERSIONS = 'Save the agent to see its versions.';
export const SAVE_BEFORE_TESTS = 'Save the agent to add test sets.';

/** The agent as last saved (the editor's baseline), which is what a test runs. */
function savedAgent(baseline: string, fallback: Agent): Agent {
  try {
    return JSON.parse(baseline) as Agent;
  } catch {
    return fallback;
  }
}

/** /agents/* : the agent editor (spec 01 §2 "Agent editor"). */
export function AgentsEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const canEdit = useCanEdit();
  const navigate = useNavigate();
  const target = parseEditorTarget(params['*'], search);
  if (!target) return <Navigate to="/agents" replace />;
  // a member may look at agents but not create one: say so instead of a form whose save is refused
  if (!canEdit && target.mode !== 'edit') {
    return (
      <Page>
        <EmptyState
          title={CANNOT_CREATE_TITLE}
          text={roleRefusalText('creating agents')}
          action={<Button onClick={() => navigate('/agents')}>{BACK_LABEL}</Button>}
        />
      </Page>
    );
  }
  // A different agent is a fresh editor (save state, messages).
  return <Editor key={targetKey(target)} target={target} />;
}

function Editor({ target }: { target: EditorTarget }) {
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const session = useEditorSession(target);
  const dirty = useAtomValue(editorDirtyAtom);
  const [tab, setTab] = useAtom(editorTabAtom);
  // ?run=<id> (a failing run linked from Analytics): the Runs tab with that run's trace open
  const [search] = useSearchParams();
  const linkedRun = search.get('run');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the session hook chose the first tab
  useEffect(() => {
    if (linkedRun) setTab('runs');
  }, []);
  // Leaving with unsaved changes asks first: the Back button, sidebar and header links, browser back.
  const guard = dirty && canEdit;
  const backToList = () => navigate('/agents');
  const { back: onBack, dialog: discardDialog, proceed } = useDiscardChanges({ dirty: guard, leave: backToList, message: DISCARD_MESSAGE });
  const { save, saving, error, clearError } = useSaveAgent(proceed);
  const agent = session?.agent;
  // A save message is about the values it was given: editing them clears it.
  useEffect(() => clearError(), [agent, clearError]);
  const [testing, setTesting] = useState(false);
  const testHintId = useId();
  // Opening the editor puts the focus on its heading, not on <body>: a keyboard or screen reader user
  // starts at the top of what just opened.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // Only a saved agent can be tested: the server runs what it has stored.
  const saved = session?.status === 'ready' && session.mode === 'edit' && session.originalName ? session.originalName : null;

  // Leaving the page (reload, closing the tab) with unsaved changes asks the browser to confirm.
  usePendingSaveGuard({ pending: guard || saving });
  // A sign-out elsewhere keeps the unsaved agent in this browser; the next visit offers it back.
  const setSession = useSetAtom(editorAtom);
  const { banner: draftBanner } = useEditorDraft<Agent | null>({
    editor: 'agent',
    id: targetKey(target),
    value: () => agent ?? null,
    dirty: guard,
    ready: session?.status === 'ready',
    restore: (kept) => kept && setSession((s) => (s ? { ...s, agent: kept } : s)),
  });

  // a member's editor is a read-only view, and says so
  const shownName = session?.originalName ?? session?.agent.name ?? '';
  const title = !session || session.mode === 'new' ? CREATE_TITLE : canEdit ? msg.editAgentTitle(shownName) : `View ${shownName}`;
  const Panel = tab === 'runs' || tab === 'versions' || tab === 'tests' ? null : PANELS[tab];
  const savedVersion = testing && saved && session ? savedAgent(session.baseline, session.agent) : null;

  let content;
  if (!session || session.status === 'loading') {
    content = <LoadingState text="Loading agent configuration..." />;
  } else if (session.status === 'missing') {
    content = (
      <EmptyState
        title="This unsaved copy is no longer available"
        text="Local copies last for the browser session. Duplicate the agent again."
        action={<Button onClick={backToList}>{BACK_LABEL}</Button>}
      />
    );
  } else {
    content = (
      <>
        {draftBanner}
        {session.notice && (
          <Notice tone="warning" role="status">
            {session.notice}
          </Notice>
        )}
        {error && (
          <Notice tone="danger" role="alert">
            {error}
          </Notice>
        )}
        <Tabs tabs={EDITOR_TABS} active={tab} onChange={(id) => setTab(id as EditorTab)} label="Agent settings" idBase={TAB_IDS} />
        <div {...tabPanelProps(TAB_IDS, tab)} className={styles.panel}>
          {Panel ? (
            // A disabled fieldset makes every control read-only for members and while saving.
            <fieldset className={styles.fieldset} disabled={!canEdit || saving}>
              <Panel />
            </fieldset>
          ) : tab === 'tests' ? (
            saved ? (
              <TestSetsPanel agentName={saved} />
            ) : (
              <EmptyState title="No test sets yet" text={SAVE_BEFORE_TESTS} />
            )
          ) : tab === 'versions' ? (
            saved ? (
              <VersionsPanel agentName={saved} />
            ) : (
              <EmptyState title="No versions yet" text={SAVE_BEFORE_VERSIONS} />
            )
          ) : saved ? (
            <RunsPanel agentName={saved} initialRun={linkedRun} />
          ) : (
            <EmptyState title="No runs yet" text={SAVE_BEFORE_RUNS} />
          )}
        </div>
      </>
    );
  }

  return (
    <Page labelledBy="agent-editor-title">
      <PageHeader
        titleId="agent-editor-title"
        titleRef={headingRef}
        title={title}
        back={<BackLink onClick={onBack}>{BACK_LABEL}</BackLink>}
        icon={session && session.status === 'ready' ? session.agent.avatar : undefined}
        meta={
          <>
            {session?.mode === 'copy' && <StatusBadge tone="warning">Unsaved copy</StatusBadge>}
            {!canEdit && <StatusBadge tone="neutral">Read only</StatusBadge>}
            {canEdit && dirty && <StatusBadge tone="info">Unsaved changes</StatusBadge>}
          </>
        }
        actions={
          <>
            {session?.status === 'ready' && !saved && (
              <span id={testHintId} className={styles.actionHint}>
                {SAVE_BEFORE_TESTING}
              </span>
            )}
            <Button
              variant="secondary"
              onClick={() => setTesting(true)}
              disabled={!saved}
              aria-describedby={session?.status === 'ready' && !saved ? testHintId : undefined}
              title={session?.status === 'ready' && !saved ? SAVE_BEFORE_TESTING : undefined}
            >
              {TEST_AGENT_LABEL}
            </Button>
            {canEdit && (
              <Button variant="primary" onClick={() => void save()} disabled={saving || session?.status !== 'ready'}>
                {saving ? 'Saving...' : 'Save Agent'}
              </Button>
            )}
          </>
        }
      />
      {content}
      {testing && saved && session && savedVersion && (
        <TestAgentModal
          agentName={saved}
          fileName={savedVersion.file_name || saved}
          query={session.agent.query}
          params={session.agent.params}
          maxHistoryItems={savedVersion.max_history_items}
          totalSteps={plannedStepCount(savedVersion)}
          dirty={dirty}
          onClose={() => setTesting(false)}
        />
      )}
      {discardDialog}
    </Page>
  );
}
