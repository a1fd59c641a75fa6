// The flow editor's Versions panel: the versions the builder named, the deploys and the restores (who,
// when; newest first), a diff of any two (settings, nodes added/removed/changed with their fields, edges)
// and Restore, which replaces the draft with the chosen version after a confirmation and is recorded as a
// new version on the server — history is never rewritten.
import { useMemo } from 'react';
import type { FlowVersion } from '@accent/flows-common';
import { Button, RestoreVersionDialog, VERSION_TEXTS, VersionCompare, VersionFieldsTable, VersionsLoadState, useVersionHistory, versionOptions } from '@accent/shared/ui';
import { errorMessage, useFlowsEnv } from '../state/FlowsDataContext.js';
import { diffFlowVersions, type FlowVersionDiff } from './diff.js';
import styles from './Versions.module.css';

export const FLOW_VERSIONS_TEXTS = {
  ...VERSION_TEXTS,
  title: 'Versions',
  loading: 'Loading versions…',
  loadFailed: 'Could not load the versions',
  empty: 'No versions yet. Save a version or deploy the flow to keep one.',
  restoreMessage: (v: number) => `The flow in the editor is replaced by version ${v}. This is kept as a new version; earlier versions stay.`,
} as const;

const when = (iso: string) => new Date(iso).toLocaleString();

export interface VersionsPanelProps {
  flowId: string;
  canEdit: boolean;
  /** changes when a version is saved elsewhere (Save version…, Deploy), so the list reloads */
  refreshKey: number;
  /** saves pending edits; false when that failed */
  flush: () => Promise<boolean>;
  /** the server restored a version: load the stored flow into the editor */
  onRestored: () => Promise<void>;
  onClose: () => void;
}

export function VersionsPanel({ flowId, canEdit, refreshKey, flush, onRestored, onClose }: VersionsPanelProps) {
  const { api, notify } = useFlowsEnv();
  const history = useVersionHistory<FlowVersion>([flowId, refreshKey], {
    load: () => api.listFlowVersions(flowId),
    numberOf: (v) => v.number,
    describeError: (err) => errorMessage(err),
    restore: async (number) => {
      // pending edits are saved first, so the restore is not overwritten by a late auto-save
      await flush();
      const result = await api.restoreFlowVersion(flowId, number);
      await onRestored();
      notify.success(FLOW_VERSIONS_TEXTS.restored, FLOW_VERSIONS_TEXTS.restoredText(result.restored, result.number));
    },
    onRestoreError: (err) => notify.error(FLOW_VERSIONS_TEXTS.restoreFailed, errorMessage(err)),
  });
  const { compared } = history;
  const diff = useMemo(() => compared && diffFlowVersions(compared.older, compared.newer), [compared]);

  const options = versionOptions(
    history.versions,
    (v) => v.number,
    (v) => v.label,
  );
  return (
    <aside className={styles.side} aria-label={FLOW_VERSIONS_TEXTS.title}>
      <div className={styles.head}>
        <h2 className={styles.title}>{FLOW_VERSIONS_TEXTS.title}</h2>
        <button type="button" className={styles.close} aria-label="Close versions panel" onClick={onClose}>
          ×
        </button>
      </div>
      <VersionsLoadState
        history={history}
        loadFailed={FLOW_VERSIONS_TEXTS.loadFailed}
        loading={FLOW_VERSIONS_TEXTS.loading}
        empty={FLOW_VERSIONS_TEXTS.empty}
      >
        {(versions) => (
          <>
            <ul className={styles.list} aria-label="Flow versions">
              {versions.map((v, i) => (
                <li key={v.number} className={styles.item}>
                  <div>
                    <div className={styles.label}>
                      Version {v.number}: {v.label}
                      {i === 0 ? ' (latest)' : ''}
                    </div>
                    <div className={styles.muted}>
                      {v.created_by || '—'} · <time dateTime={v.created_at}>{when(v.created_at)}</time>
                    </div>
                  </div>
                  {canEdit && (
                    <Button size="sm" variant="secondary" onClick={() => history.askRestore(v.number)} aria-label={`Restore version ${v.number}`}>
                      {FLOW_VERSIONS_TEXTS.restore}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <VersionCompare history={history} options={options} className={styles.node}>
              {(older, newer) => diff && <DiffView diff={diff} older={older} newer={newer} />}
            </VersionCompare>
          </>
        )}
      </VersionsLoadState>
      <RestoreVersionDialog history={history} message={FLOW_VERSIONS_TEXTS.restoreMessage} />
    </aside>
  );
}

function DiffView({ diff, older, newer }: { diff: FlowVersionDiff; older: number; newer: number }) {
  if (diff.same) return <p className={styles.muted}>{FLOW_VERSIONS_TEXTS.same}</p>;
  return (
    <div className={styles.node}>
      {diff.settings.length > 0 && <VersionFieldsTable title="Settings" rows={diff.settings} older={older} newer={newer} />}
      {diff.nodes.map((n) => (
        <section key={n.id} className={styles.node} aria-label={`Node ${n.label}`}>
          <h3 className={styles.nodeTitle}>
            {n.label} ({n.type}): {n.kind}
          </h3>
          {n.fields.length > 0 && <VersionFieldsTable title="Field" rows={n.fields} older={older} newer={newer} />}
        </section>
      ))}
      {diff.edgesAdded.length > 0 && <p className={styles.added}>Edges added: {diff.edgesAdded.join('; ')}</p>}
      {diff.edgesRemoved.length > 0 && <p className={styles.removed}>Edges removed: {diff.edgesRemoved.join('; ')}</p>}
    </div>
  );
}
