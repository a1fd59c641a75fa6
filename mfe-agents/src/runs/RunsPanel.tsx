// The agent's recent runs (GET /api/v1/agent/runs): when, who, from where, how it ended, how long, how
// many tokens, and the first line of the answer; a run opens its trace.
import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { RunSummary } from '@accent/agents-common';
import { Cell, DataTable, RunListPanel, RunStatusBadge } from '@accent/shared/ui';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { runsRefreshAtom } from './atoms.js';
import { SOURCE_LABELS, STATUS_LABELS, firstLine, formatCost, formatDuration, formatTime, formatTokens } from './format.js';
import { TraceModal } from './TraceModal.js';
import styles from './Runs.module.css';

export const RUNS_LIMIT = 20;
export const NO_RUNS = 'No runs yet';
export const failedToLoadRuns = (message: string) => `Failed to load runs: ${message}`;

type LoadState =
  | { status: 'loading'; runs: RunSummary[] | null }
  | { status: 'ready'; runs: RunSummary[] }
  | { status: 'error'; message: string; runs: RunSummary[] | null };

export function RunsPanel({ agentName, initialRun = null }: { agentName: string; initialRun?: string | null }) {
  const { api } = useAgentsEnv();
  const refreshKey = useAtomValue(runsRefreshAtom);
  const [state, setState] = useState<LoadState>({ status: 'loading', runs: null });
  const [openRun, setOpenRun] = useState<string | null>(initialRun);
  const [seq, setSeq] = useState(0);

  useEffect(() => {
    let cancelled = false;
    // a refresh keeps the list on screen while it loads
    setState((s) => ({ status: 'loading', runs: s.runs }));
    api.listRuns(agentName, RUNS_LIMIT).then(
      (runs) => !cancelled && setState({ status: 'ready', runs }),
      (err: unknown) => !cancelled && setState((s) => ({ status: 'error', message: errorMessage(err, 'Request failed'), runs: s.runs })),
    );
    return () => {
      cancelled = true;
    };
  }, [api, agentName, refreshKey, seq]);

  const refresh = useCallback(() => setSeq((n) => n + 1), []);
  const runs = state.runs;

  return (
    <RunListPanel
      id="agent-runs-heading"
      title="Recent runs"
      headingLevel={3}
      hint="The latest runs of this agent from tests, chatbots and the API. Open one to see its trace."
      runs={runs}
      error={state.status === 'error' ? state.message : null}
      errorText={failedToLoadRuns}
      loadingText="Loading runs..."
      empty={{ title: NO_RUNS, text: 'Runs appear here when the agent is tested, used as a chatbot or called through the API.' }}
      onRefresh={refresh}
      refreshing={state.status === 'loading' && runs !== null}
      footer={<TraceModal runId={openRun} onClose={() => setOpenRun(null)} />}
    >
      {(list) => (
        <DataTable
          caption={`Recent runs of ${agentName}`}
          hiddenCaption
          variant="plain"
          className={styles.runsTable}
          columns={[
            'Time',
            'Who',
            'Source',
            'Status',
            { label: 'Duration', numeric: true },
            { label: 'Tokens', numeric: true },
            { label: 'Cost', numeric: true },
            'Output',
          ]}
        >
          {list.map((run) => (
            // the whole row opens the trace; the time is the keyboard's way in
            <tr key={run.id} className={styles.runRow} onClick={() => setOpenRun(run.id)} data-run={run.id}>
              <td>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={(e) => (e.stopPropagation(), setOpenRun(run.id))}
                  aria-label={`View trace of the run at ${formatTime(run.started_at)}`}
                >
                  {formatTime(run.started_at)}
                </button>
              </td>
              <td>{run.user_email ?? '—'}</td>
              <td>{SOURCE_LABELS[run.source]}</td>
              <td>
                <RunStatusBadge status={run.status} label={STATUS_LABELS[run.status]} />
              </td>
              <Cell kind="number">{formatDuration(run.duration_ms)}</Cell>
              <Cell kind="number">{formatTokens(run.usage?.totalTokens)}</Cell>
              <Cell kind="number" title={run.cost_note ?? undefined}>
                {formatCost(run.cost_usd)}
                {run.cost_usd === null && run.cost_note && <span className={styles.visuallyHidden}> ({run.cost_note})</span>}
              </Cell>
              <td className={styles.outputCell}>
                {run.status === 'failed' && run.error && !run.output ? (
                  <span className={styles.errorText}>{firstLine(run.error)}</span>
                ) : (
                  firstLine(run.output) || <span className={styles.muted}>—</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </RunListPanel>
  );
}
