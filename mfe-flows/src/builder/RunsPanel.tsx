// Runs: the flow's recent runs (GET /api/v1/flows/:id/runs), newest first, refreshed every 5 s while
// the panel is open; a run opens its per-node results, and the builder shows them on the canvas.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlowRun } from '@accent/flows-common';
import { Button, RunStatusBadge } from '@accent/shared/ui';
import { errorMessage, useFlowsEnv } from '../state/FlowsDataContext.js';
import { NodeResults } from './NodeResults.js';
import styles from './Builder.module.css';

export const RUNS_REFRESH_MS = 5000;

export const TRIGGER_LABELS: Record<string, string> = {
  test: 'Test',
  manual: 'Manual',
  webhook: 'Webhook',
  schedule: 'Schedule',
  form: 'Form',
  email: 'Email',
};

export const triggerLabel = (trigger: string) => TRIGGER_LABELS[trigger] ?? (trigger ? trigger[0]!.toUpperCase() + trigger.slice(1) : 'Unknown');

/** A run as the server lists it: queued runs have no start yet. */
type ListedRun = FlowRun & { created_at?: string | null };

const runTime = (r: ListedRun) => r.started_at || r.created_at || '';

function formatTime(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

type Load = { state: 'loading' } | { state: 'ready'; runs: ListedRun[] } | { state: 'error'; message: string };

export interface RunsPanelProps {
  flowId: string;
  /** the run whose results are shown (and highlighted on the canvas) */
  selected: FlowRun | null;
  onSelectRun: (run: FlowRun | null) => void;
  onClose: () => void;
  onSelectNode: (id: string) => void;
  refreshMs?: number;
}

export function RunsPanel({ flowId, selected, onSelectRun, onClose, onSelectNode, refreshMs = RUNS_REFRESH_MS }: RunsPanelProps) {
  const { api } = useFlowsEnv();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [openNode, setOpenNode] = useState<string | null>(null);
  const live = useRef(true);
  const inFlight = useRef(false);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const onSelectRef = useRef(onSelectRun);
  onSelectRef.current = onSelectRun;

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRefreshing(true);
    try {
      const runs = (await api.listFlowRuns(flowId)) as ListedRun[];
      if (!live.current) return;
      const sorted = [...runs].sort((a, b) => (runTime(a) < runTime(b) ? 1 : runTime(a) > runTime(b) ? -1 : 0));
      setLoad({ state: 'ready', runs: sorted });
      // keep the open run current (a running run finishes)
      const current = selectedRef.current;
      if (current) {
        const fresh = sorted.find((r) => r.id === current.id);
        if (fresh && fresh !== current && JSON.stringify(fresh) !== JSON.stringify(current)) onSelectRef.current(fresh);
      }
    } catch (err) {
      if (!live.current) return;
      setLoad({ state: 'error', message: errorMessage(err, 'Could not load runs') });
    } finally {
      inFlight.current = false;
      if (live.current) setRefreshing(false);
    }
  }, [api, flowId]);

  useEffect(() => {
    live.current = true;
    void refresh();
    const timer = setInterval(() => void refresh(), refreshMs);
    return () => {
      live.current = false;
      clearInterval(timer);
    };
  }, [refresh, refreshMs]);

  return (
    <aside className={styles.side} aria-label="Runs">
      <div className={styles.sideHead}>
        <h2 className={styles.sideTitle}>Runs</h2>
        <button type="button" className={styles.close} aria-label="Close runs panel" onClick={onClose}>
          ×
        </button>
      </div>
      <div className={styles.runsToolbar}>
        <span className={styles.muted}>Recent runs, newest first</span>
        <Button variant="secondary" size="sm" onClick={() => void refresh()} aria-busy={refreshing || undefined}>
          Refresh
        </Button>
      </div>
      {load.state === 'loading' && (
        <p className={styles.muted} role="status">
          Loading runs…
        </p>
      )}
      {load.state === 'error' && (
        <div role="alert" className={styles.errorBox}>
          <p>Could not load runs: {load.message}</p>
        </div>
      )}
      {load.state === 'ready' && load.runs.length === 0 && <p className={styles.muted}>No runs yet</p>}
      {load.state === 'ready' && load.runs.length > 0 && (
        <ol className={styles.resultList} aria-label="Recent runs">
          {load.runs.map((r) => {
            const active = selected?.id === r.id;
            return (
              <li key={r.id} className={`${styles.resultItem} ${active ? styles.runActive : ''}`}>
                <button
                  type="button"
                  className={styles.resultHead}
                  aria-pressed={active}
                  data-testid={`run-${r.id}`}
                  onClick={() => {
                    setOpenNode(null);
                    onSelectRun(active ? null : r);
                  }}
                >
                  <RunStatusBadge status={r.status} label={r.status} />
                  <span className={styles.resultLabel}>{triggerLabel(r.trigger)}</span>
                  <span className={styles.muted}>{formatDuration(r.duration_ms)}</span>
                </button>
                <time className={styles.muted} dateTime={runTime(r)}>
                  {formatTime(runTime(r))}
                </time>
              </li>
            );
          })}
        </ol>
      )}
      {selected && (
        <section aria-label="Run details" className={styles.results}>
          <p className={styles.runSummary}>
            {triggerLabel(selected.trigger)} run <strong data-testid="runs-run-status">{selected.status}</strong>
            {selected.duration_ms !== null && selected.duration_ms !== undefined ? ` in ${formatDuration(selected.duration_ms)}` : ''}
          </p>
          {selected.error && <p className={styles.errorText}>{selected.error}</p>}
          {(selected.nodes ?? []).length === 0 && <p className={styles.muted}>No node results</p>}
          <NodeResults
            nodes={selected.nodes ?? []}
            open={openNode}
            onToggle={(id) => {
              setOpenNode(openNode === id ? null : id);
              onSelectNode(id);
            }}
            duration={formatDuration}
          />
        </section>
      )}
    </aside>
  );
}
