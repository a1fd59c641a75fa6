// The editor's Versions tab: every saved version (who, when; newest first), a side-by-side diff of
// any two, and Restore, which saves the chosen version as a new one after a confirmation. Unsaved
// edits in the editor are never overwritten by a restore: they stay, over the new saved baseline.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { agentSaveRequestSchema, mergeAgentConfig, type AgentConfig } from '@accent/agents-common';
import type { AgentVersion, FailingVersion } from '@accent/agents-common/client';
import { EmptyState, ErrorState, LoadingState, RestoreVersionDialog, SavedVersionsTable, VERSION_TEXTS, VersionCompare, VersionFieldsTable, VersionTextDiff, useVersionHistory, versionOptions } from '@accent/shared/ui';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { editorAtom, editorDirtyAtom, snapshot } from '../state/editor.js';
import { useCanEdit } from '../state/permissions.js';
import { diffVersions } from './diff.js';
import styles from './Versions.module.css';

export const VERSIONS_TEXTS = {
  ...VERSION_TEXTS,
  loading: 'Loading versions...',
  loadFailed: 'Could not load the versions',
  restoreMessage: (v: number, next: number, dirty: boolean) =>
    `Version ${v} will be saved as version ${next}, the newest version. Earlier versions are kept.${dirty ? ' Your unsaved changes stay in the editor.' : ''}`,
  current: 'current',
  fails: (f: FailingVersion) => `Fails test set "${f.test_set}": case${f.failed_cases.length === 1 ? '' : 's'} ${f.failed_cases.join(', ')}`,
} as const;

export function VersionsPanel({ agentName }: { agentName: string }) {
  const { api, notify } = useAgentsEnv();
  const canEdit = useCanEdit();
  const dirty = useAtomValue(editorDirtyAtom);
  const setSession = useSetAtom(editorAtom);
  const store = useStore();
  const [configs, setConfigs] = useState<Record<number, AgentConfig>>({});
  const [diffError, setDiffError] = useState<string | null>(null);
  const [failing, setFailing] = useState<FailingVersion[]>([]);

  const history = useVersionHistory<AgentVersion>([agentName], {
    enabled: !!api.versions,
    load: async () => {
      const [list, fails] = await Promise.all([
        api.versions!(agentName),
        api.testSets ? api.testSets.failingVersions(agentName) : Promise.resolve([]),
      ]);
      setFailing(fails);
      return list;
    },
    numberOf: (v) => v.version,
    describeError: (err) => errorMessage(err, VERSIONS_TEXTS.loadFailed),
    compareSingle: true,
    newestAfterRestore: true,
    restore: async (version) => {
      if (!api.restore) return;
      const saved = await api.restore(agentName, version);
      // the restored configuration is the editor's new baseline; unsaved edits stay as they are
      const config = await api.getConfig(agentName);
      const stillDirty = store.get(editorDirtyAtom);
      setSession((s) => {
        if (!s || s.originalName !== agentName) return s;
        const restored = mergeAgentConfig(s.agent, config);
        return { ...s, agent: stillDirty ? s.agent : restored, baseline: snapshot(restored) };
      });
      notify.success(VERSIONS_TEXTS.restored, VERSIONS_TEXTS.restoredText(version, saved));
    },
    onRestoreError: (err) => notify.error(VERSIONS_TEXTS.restoreFailed, errorMessage(err, VERSIONS_TEXTS.restoreFailed)),
  });
  const { versions, loadError, pair, newest } = history;

  // the two configurations being compared, each fetched once
  useEffect(() => {
    if (!pair || !api.getVersion) return;
    const missing = [...new Set(pair)].filter((v) => !configs[v]);
    if (!missing.length) return;
    let cancelled = false;
    setDiffError(null);
    Promise.all(
      missing.map(async (v) => [v, agentSaveRequestSchema.parse({ ...(await api.getVersion!(agentName, v)), name: agentName })] as const),
    ).then(
      (loaded) => !cancelled && setConfigs((c) => ({ ...c, ...Object.fromEntries(loaded) })),
      (err: unknown) => !cancelled && setDiffError(errorMessage(err, VERSIONS_TEXTS.loadFailed)),
    );
    return () => {
      cancelled = true;
    };
  }, [pair, configs, api, agentName]);

  const diff = useMemo(() => {
    if (!pair) return null;
    const [a, b] = pair;
    const before = configs[Math.min(a, b)];
    const after = configs[Math.max(a, b)];
    return before && after ? diffVersions(before, after) : null;
  }, [pair, configs]);

  if (loadError) return <ErrorState message={`${VERSIONS_TEXTS.loadFailed}: ${loadError}`} onRetry={() => void history.reload()} />;
  if (!versions) return <LoadingState text={VERSIONS_TEXTS.loading} />;
  if (!versions.length) return <EmptyState title="No versions yet" text="Save the agent to see its versions." />;

  const options = versionOptions(versions, (v) => v.version);
  return (
    <div className={styles.panel}>
      <SavedVersionsTable
        versions={versions.map((v) => ({ number: v.version, created_by: v.created_by, created_at: v.created_at }))}
        describe={(v) => (
          <>
            {v.number === newest && <span className={styles.current}> ({VERSIONS_TEXTS.current})</span>}
            {failing
              .filter((f) => f.version === v.number)
              .map((f) => (
                <span key={f.test_set} className={styles.fails}>
                  {VERSIONS_TEXTS.fails(f)}
                </span>
              ))}
          </>
        )}
        canRestore={(v) => canEdit && v.number !== newest}
        onRestore={history.askRestore}
        restoreLabel={VERSIONS_TEXTS.restore}
      />

      <VersionCompare history={history} options={options} className={styles.compare}>
        {(older, newer) =>
          diffError ? (
            <p role="alert" className={styles.error}>
              {diffError}
            </p>
          ) : !diff ? (
            <LoadingState text="Comparing..." />
          ) : (
            <DiffView diff={diff} older={older} newer={newer} />
          )
        }
      </VersionCompare>

      <RestoreVersionDialog
        history={history}
        message={(v) =>
          [
            VERSIONS_TEXTS.restoreMessage(v, newest + 1, dirty),
            ...failing.filter((f) => f.version === v).map((f) => `Warning: ${VERSIONS_TEXTS.fails(f)}.`),
          ].join(' ')
        }
      />
    </div>
  );
}

function DiffView({ diff, older, newer }: { diff: ReturnType<typeof diffVersions>; older: number; newer: number }) {
  if (diff.same) return <p className={styles.same}>{VERSIONS_TEXTS.same}</p>;
  return (
    <div className={styles.diff}>
      {diff.fields.length > 0 && <VersionFieldsTable title="Fields" rows={diff.fields} older={older} newer={newer} />}
      {diff.texts.map((t) => (
        <VersionTextDiff key={t.label} change={t} older={older} newer={newer} />
      ))}
      <ToolChanges added={diff.toolsAdded} removed={diff.toolsRemoved} />
      {diff.steps.map((s) => (
        <section key={s.position} className={styles.step} aria-label={`Step ${s.position}`}>
          <h4 className={styles.stepTitle}>
            Step {s.position}
            {s.name ? `: ${s.name}` : ''} <span className={styles[s.kind]}>{s.kind}</span>
          </h4>
          {s.fields.length > 0 && <VersionFieldsTable title="Settings" rows={s.fields} older={older} newer={newer} />}
          {s.texts.map((t) => (
            <VersionTextDiff key={t.label} change={t} older={older} newer={newer} />
          ))}
          <ToolChanges added={s.toolsAdded} removed={s.toolsRemoved} />
        </section>
      ))}
    </div>
  );
}

function ToolChanges({ added, removed }: { added: string[]; removed: string[] }) {
  if (!added.length && !removed.length) return null;
  return (
    <p className={styles.tools}>
      {added.length > 0 && <span className={styles.added}>Tools added: {added.join(', ')}</span>}
      {removed.length > 0 && <span className={styles.removed}>Tools removed: {removed.join(', ')}</span>}
    </p>
  );
}
