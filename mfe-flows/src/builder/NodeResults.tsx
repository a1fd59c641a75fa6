// A run's per-node results (Test Flow and the Runs panel): status, name, time, error or why it was
// skipped; a node opens its input and output and is shown on the canvas.
import type { FlowRunNodeResult } from '@accent/flows-common';
import { RunStatusBadge } from '@accent/shared/ui';
import styles from './Builder.module.css';

const json = (v: unknown) => {
  if (v === undefined) return '';
  try {
    return JSON.stringify(v, null, 2);
  } catch {
    return String(v);
  }
};

export interface NodeResultsProps {
  nodes: readonly FlowRunNodeResult[];
  /** the node whose input and output are open */
  open: string | null;
  onToggle(nodeId: string): void;
  duration(ms: number): string;
}

export function NodeResults({ nodes, open, onToggle, duration }: NodeResultsProps) {
  return (
    <ol className={styles.resultList}>
      {nodes.map((n) => (
        <li key={n.nodeId} className={styles.resultItem}>
          <button type="button" className={styles.resultHead} aria-expanded={open === n.nodeId} onClick={() => onToggle(n.nodeId)}>
            <RunStatusBadge status={n.status} label={n.status} />
            <span className={styles.resultLabel}>{n.label || n.nodeId}</span>
            <span className={styles.muted}>{duration(n.duration_ms)}</span>
          </button>
          {n.error && <p className={styles.errorText}>{n.error}</p>}
          {n.reason && <p className={styles.muted}>{n.reason}</p>}
          {open === n.nodeId && (
            <div className={styles.io}>
              <h3>Input</h3>
              <pre>{json(n.input)}</pre>
              <h3>Output</h3>
              <pre>{json(n.output)}</pre>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
