// The editor's Runs section (saved agents): the agent's background_runs, newest first, with time,
// duration, trigger, status, attempt, each channel's delivery, each source, the error, the output
// (expandable) and the formatted document to download.
import { useId, useState } from 'react';
import type { BackgroundRun } from '../data/background.js';
import { Button } from '@accent/shared/ui';
import { errorDetail, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import { OUTPUT_FORMAT_LABELS } from '../editor/labels.js';
import { formatDateTime, formatDuration, isPending, runTime, RUN_TRIGGER_LABELS } from '../common/format.js';
import { DeliveryList, RunStatusBadge, RunWarning, SourceList } from './Outcomes.js';
import { RunListSection } from './RunListSection.js';
import type { AgentRuns } from './useAgentRuns.js';
import styles from './Runs.module.css';

export function RunsPanel({ agentId, state }: { agentId: string; state: AgentRuns }) {
  const { runs, error, polling, reload } = state;
  return (
    <RunListSection
      id="bg-runs-title"
      title="Runs"
      label="Agent runs"
      runs={runs}
      error={error}
      polling={polling}
      pollingText="Updating…"
      noun="runs"
      empty={{ title: 'No runs yet', text: 'Use Run now, or wait for the schedule.' }}
      reload={() => void reload()}
      item={(run) => <RunItem agentId={agentId} run={run} />}
    />
  );
}

function RunItem({ agentId, run }: { agentId: string; run: BackgroundRun }) {
  const { api, notify, saveFile } = useBackgroundEnv();
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const outputId = useId();
  const headingId = useId();
  const when = runTime(run);

  async function download() {
    setDownloading(true);
    try {
      const doc = await api.downloadDocument(agentId, run.id);
      saveFile(doc.blob, doc.filename);
    } catch (err) {
      notify.error('Download Failed', errorDetail(err, 'Could not download the document.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <article className={styles.run} aria-labelledby={headingId} data-testid={`bg-run-${run.id}`}>
      <div className={styles.runHead}>
        <h3 id={headingId} className={styles.runTitle}>
          <time dateTime={when}>{formatDateTime(when)}</time>
        </h3>
        <RunStatusBadge run={run} />
        <span>{RUN_TRIGGER_LABELS[run.trigger]}</span>
        <span className={styles.muted}>{formatDuration(run.duration_ms)}</span>
        <span className={styles.muted}>
          Attempt {run.attempt} of {run.max_attempts}
        </span>
      </div>
      {run.error && (
        <p className={styles.error} data-testid="run-error">
          {run.error}
        </p>
      )}
      <RunWarning run={run} />
      {isPending(run.status) && <p className={styles.muted}>{run.status === 'queued' ? 'Waiting to start…' : 'The agent is working…'}</p>}
      {!isPending(run.status) && (
        <div className={styles.grid}>
          <div>
            <h4 className={styles.subTitle}>Deliveries</h4>
            <DeliveryList deliveries={run.deliveries} />
          </div>
          <div>
            <h4 className={styles.subTitle}>Sources</h4>
            <SourceList sources={run.sources} label="Sources" />
          </div>
        </div>
      )}
      {run.output !== null && (
        <div className={styles.runActions}>
          <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={open ? outputId : undefined} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide output' : 'Show output'}
          </Button>
          {run.status === 'succeeded' && (
            <Button variant="ghost" size="sm" loading={downloading} onClick={() => void download()} aria-label={`Download ${OUTPUT_FORMAT_LABELS[run.format]} document`}>
              Download
            </Button>
          )}
        </div>
      )}
      {open && run.output !== null && (
        <pre id={outputId} className={styles.output} role="region" aria-label="Run output">
          {run.output}
        </pre>
      )}
    </article>
  );
}
