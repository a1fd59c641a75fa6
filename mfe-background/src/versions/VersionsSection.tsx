// The background agent editor's Versions section (saved agents): one version per save that changed the
// agent (who, when; newest first), a side-by-side diff of any two (fields, prompts line by line, schedule,
// delivery) and Restore after a confirmation, which the server saves over the agent as a new version.
import { useMemo } from 'react';
import type { BackgroundAgentConfig, BackgroundAgentVersion } from '@accent/background-common';
import { RestoreVersionDialog, SavedVersionsTable, VERSION_TEXTS, VersionCompare, VersionFieldsTable, VersionTextDiff, VersionsLoadState, useVersionHistory, versionOptions } from '@accent/shared/ui';
import { errorMessage, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { diffBackgroundVersions, type BackgroundVersionDiff } from './diff.js';
import editorStyles from '../editor/Editor.module.css';
import styles from './Versions.module.css';

export const BACKGROUND_VERSIONS_TEXTS = {
  ...VERSION_TEXTS,
  title: 'Versions',
  loading: 'Loading versions…',
  loadFailed: 'Could not load the versions',
  empty: 'No versions yet.',
  restoreMessage: (v: number, next: number, dirty: boolean) =>
    `Version ${v} will be saved as version ${next}, the newest version; the agent keeps its status. Earlier versions are kept.${dirty ? ' Your unsaved changes in the editor are replaced.' : ''}`,
} as const;

export interface VersionsSectionProps {
  agentId: string;
  canEdit: boolean;
  dirty: boolean;
  /** the restored configuration, now stored: the editor shows it */
  onRestored: (config: BackgroundAgentConfig) => void;
}

export function VersionsSection({ agentId, canEdit, dirty, onRestored }: VersionsSectionProps) {
  const { api, notify } = useBackgroundEnv();
  const history = useVersionHistory<BackgroundAgentVersion>([agentId], {
    load: () => api.listVersions(agentId),
    numberOf: (v) => v.number,
    describeError: (err) => errorMessage(err),
    restore: async (number) => {
      const result = await api.restoreVersion(agentId, number);
      // the agent as stored now (the restored fields with its own status)
      const stored = await api.getAgent(agentId);
      if (stored) onRestored(stored.config);
      notify.success(BACKGROUND_VERSIONS_TEXTS.restored, BACKGROUND_VERSIONS_TEXTS.restoredText(result.restored, result.number));
    },
    onRestoreError: (err) => notify.error(BACKGROUND_VERSIONS_TEXTS.restoreFailed, errorMessage(err)),
  });
  const { compared, newest } = history;
  const diff = useMemo(() => compared && diffBackgroundVersions(compared.older, compared.newer), [compared]);

  const options = versionOptions(history.versions, (v) => v.number);
  return (
    <section className={editorStyles.section} aria-labelledby="bg-versions-title">
      <h2 id="bg-versions-title" className={editorStyles.sectionTitle}>
        {BACKGROUND_VERSIONS_TEXTS.title}
      </h2>
      <VersionsLoadState
        history={history}
        loadFailed={BACKGROUND_VERSIONS_TEXTS.loadFailed}
        loading={BACKGROUND_VERSIONS_TEXTS.loading}
        empty={BACKGROUND_VERSIONS_TEXTS.empty}
      >
        {(versions) => (
          <div className={styles.section}>
            <SavedVersionsTable
              versions={versions}
              describe={(v) => (
                <>
                  {v.number === newest ? ' (current)' : ''}
                  {v.note ? <span className={styles.muted}> · {v.note}</span> : null}
                </>
              )}
              canRestore={(v) => canEdit && v.number !== newest}
              onRestore={history.askRestore}
              restoreLabel={BACKGROUND_VERSIONS_TEXTS.restore}
            />
            <VersionCompare history={history} options={options} className={styles.section}>
              {(older, newer) => diff && <DiffView diff={diff} older={older} newer={newer} />}
            </VersionCompare>
          </div>
        )}
      </VersionsLoadState>
      <RestoreVersionDialog history={history} message={(v) => BACKGROUND_VERSIONS_TEXTS.restoreMessage(v, newest + 1, dirty)} />
    </section>
  );
}

function DiffView({ diff, older, newer }: { diff: BackgroundVersionDiff; older: number; newer: number }) {
  if (diff.same) return <p className={styles.muted}>{BACKGROUND_VERSIONS_TEXTS.same}</p>;
  return (
    <div className={styles.section}>
      {diff.fields.length > 0 && <VersionFieldsTable title="Fields" rows={diff.fields} older={older} newer={newer} />}
      {diff.texts.map((t) => (
        <VersionTextDiff key={t.label} change={t} older={older} newer={newer} />
      ))}
      {diff.schedule.length > 0 && <VersionFieldsTable title="Schedule" rows={diff.schedule} older={older} newer={newer} />}
      {diff.delivery.length > 0 && <VersionFieldsTable title="Delivery" rows={diff.delivery} older={older} newer={newer} />}
    </div>
  );
}
