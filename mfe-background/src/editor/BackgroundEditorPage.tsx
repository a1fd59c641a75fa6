// /background/new and /background/:id: the background agent editor (spec 02 §2.4, §3.6, §4.4, §5, §9):
// eight form sections, the Agent Preview side panel, and Save Draft / Publish (Update) through the data
// service. Beyond the spec (which only alerts on test): Test Configuration is a real dry run on the
// server, saved agents have Run now and their runs, and the delivery settings of the chosen channels.
// One hook per concern (the agent, saving, the test) and one component per section (EditorSections).
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  backgroundEditorTitle,
  canPublish,
  canTest,
  changeScheduleType,
  scheduleMissing,
  BACKGROUND_TEXTS,
  type BackgroundAgentConfig,
} from '@accent/background-common';
import { roleRefusalText, useCanBuild } from '@accent/shared/client';
import { Button, ErrorState, LoadingState, useDiscardChanges, useEditorDraft, usePendingSaveGuard } from '@accent/shared/ui';
import { useRunNow } from '../common/useRunNow.js';
import { RunsPanel } from '../runs/RunsPanel.js';
import { useAgentRuns } from '../runs/useAgentRuns.js';
import { AgentPreview } from './AgentPreview.js';
import {
  BasicSection,
  DataSourcesSection,
  OutputSection,
  PermissionsSection,
  McpToolsSection,
  PersonaSection,
  RetrySection,
  ScheduleSection,
  StepsSection,
} from './EditorSections.js';
import { TestDialog } from './TestDialog.js';
import { useBackgroundAgent } from './useBackgroundAgent.js';
import { useBackgroundTest } from './useBackgroundTest.js';
import { useSaveBackgroundAgent } from './useSaveBackgroundAgent.js';
import { VersionsSection } from '../versions/VersionsSection.js';
import styles from './Editor.module.css';

export const DISCARD_MESSAGE = 'You have unsaved changes to this agent. If you go back now, they will be lost.';

export function BackgroundEditorPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? id : null;
  const navigate = useNavigate();
  // members see agents read-only (the server refuses their writes): a view, not an editor
  const canEdit = useCanBuild();
  // Opening the editor puts the focus on its heading, not on <body>: the keyboard starts at the top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { config, setConfig, replaceStored, storedStatus, loading, loadError, dirty } = useBackgroundAgent(editingId);
  // Leaving with unsaved changes asks first: the Back button, sidebar and header links, browser back.
  const {
    back,
    dialog: discardDialog,
    proceed,
  } = useDiscardChanges({ dirty: dirty && canEdit, leave: () => navigate('/background'), message: DISCARD_MESSAGE });
  const { save, saving, scheduleProblem, clearScheduleProblem, cronRef, timezoneRef } = useSaveBackgroundAgent(config, editingId, proceed);
  const { testState, test, closeTest } = useBackgroundTest(config, editingId);
  const runs = useAgentRuns(editingId);
  const { runNow, busyId } = useRunNow();

  /** an interval or cron schedule with nothing chosen: Publish says why it is off */
  const noSchedule = scheduleMissing(config);
  usePendingSaveGuard({ pending: dirty || saving !== null });
  // A sign-out elsewhere keeps the unsaved agent in this browser; the next visit offers it back.
  const { banner: draftBanner } = useEditorDraft({
    editor: 'background',
    id: editingId ?? 'new',
    value: () => config,
    dirty: dirty && canEdit,
    ready: !loading && !loadError,
    restore: setConfig,
  });

  const set = <K extends keyof BackgroundAgentConfig>(key: K, value: BackgroundAgentConfig[K]) => {
    if (scheduleProblem && (key === 'cronExpression' || key === 'timezone')) clearScheduleProblem();
    setConfig((c) => ({ ...c, [key]: value }));
  };

  async function runAgentNow() {
    if (!editingId) return;
    const runId = await runNow(editingId, config.name);
    if (runId) runs.track(runId);
  }

  const header = (
    <header className={styles.header}>
      <div>
        <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
          {canEdit ? backgroundEditorTitle(editingId !== null) : BACKGROUND_TEXTS.viewTitle}
        </h1>
        <p className={styles.subtitle}>{canEdit ? BACKGROUND_TEXTS.subtitle : BACKGROUND_TEXTS.viewSubtitle}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={back}>
          {BACKGROUND_TEXTS.backToAgents}
        </Button>
        {canEdit && !loading && !loadError && (
          <>
            {editingId && (
              <Button variant="secondary" loading={busyId === editingId} disabled={saving !== null} onClick={() => void runAgentNow()}>
                Run now
              </Button>
            )}
            <Button
              variant="secondary"
              disabled={!canTest(config) || saving !== null}
              loading={testState?.phase === 'running'}
              onClick={() => void test()}
            >
              {BACKGROUND_TEXTS.testConfiguration}
            </Button>
            <Button variant="secondary" disabled={saving !== null} loading={saving === 'draft'} onClick={() => void save('draft')}>
              {BACKGROUND_TEXTS.saveDraft}
            </Button>
            <Button
              disabled={!canPublish(config) || saving !== null}
              loading={saving === 'active'}
              onClick={() => void save('active')}
              aria-describedby={noSchedule ? 'background-publish-reason' : undefined}
            >
              {editingId ? BACKGROUND_TEXTS.update : BACKGROUND_TEXTS.publish}
            </Button>
            {noSchedule && (
              <p id="background-publish-reason" className={styles.publishReason}>
                {noSchedule}
              </p>
            )}
          </>
        )}
      </div>
    </header>
  );

  if (loading)
    return (
      <div className={styles.page}>
        {header}
        <LoadingState text="Loading agent..." />
      </div>
    );
  if (loadError)
    return (
      <div className={styles.page}>
        {header}
        <ErrorState message={loadError} />
      </div>
    );
  if (!canEdit && !editingId)
    return (
      <div className={styles.page}>
        {header}
        <ErrorState message={roleRefusalText('creating background agents')} />
      </div>
    );

  return (
    <div className={styles.page}>
      {header}
      {draftBanner}
      {storedStatus === 'paused' && (
        <p className={styles.notice} role="note" data-testid="paused-notice">
          This agent is paused: it does not run on its schedule. Resume it from its card, or Update (publish) it.
        </p>
      )}
      <div className={styles.layout}>
        <fieldset className={styles.form} disabled={!canEdit}>
          <BasicSection config={config} set={set} />
          <PersonaSection config={config} set={set} />
          <DataSourcesSection config={config} set={set} />
          <StepsSection config={config} set={set} />
          <ScheduleSection
            config={config}
            set={set}
            editingId={editingId}
            scheduleProblem={scheduleProblem}
            onScheduleType={(type) => {
              clearScheduleProblem();
              setConfig((c) => changeScheduleType(c, type));
            }}
            noSchedule={noSchedule}
            cronRef={cronRef}
            timezoneRef={timezoneRef}
          />
          <OutputSection config={config} set={set} />
          <PermissionsSection config={config} set={set} />
          <McpToolsSection config={config} set={set} />
          <RetrySection config={config} set={set} />
        </fieldset>
        <AgentPreview config={config} />
      </div>
      {editingId && <VersionsSection agentId={editingId} canEdit={canEdit} dirty={dirty} onRestored={replaceStored} />}
      {editingId && <RunsPanel agentId={editingId} state={runs} />}
      <TestDialog state={testState} onClose={closeTest} onRetry={() => void test()} />
      {discardDialog}
    </div>
  );
}
