// Test Flow: an editable JSON payload, Run, and the per-node results of the run.
import { useState } from 'react';
import type { FlowRun } from '@accent/flows-common';
import { Button, TextArea } from '@accent/shared/ui';
import styles from './Builder.module.css';

export const DEFAULT_TEST_PAYLOAD = '{\n  "text": "Hello from Test Flow"\n}';

export interface TestPanelProps {
  payload: string;
  onPayloadChange: (text: string) => void;
  running: boolean;
  /** validation or request errors */
  errors: string[];
  run: FlowRun | null;
  onRun: () => void;
  onClose: () => void;
  onSelectNode: (id: string) => void;
}

const json = (v: unknown) => {
  if (v === undefined) return '';
  try {
    return JSON.stringify(v, null, 2);
  } catch {
    return String(v);
  }
};

export function TestPanel({ payload, onPayloadChange, running, errors, run, onRun, onClose, onSelectNode }: TestPanelProps) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <aside className={styles.side} aria-label="Test Flow">
      <div className={styles.sideHead}>
        <h2 className={styles.sideTitle}>Test Flow</h2>
        <button type="button" className={styles.close} aria-label="Close test panel" onClick={onClose}>
          ×
        </button>
      </div>
      <TextArea label="Test payload (JSON)" rows={6} value={payload} spellCheck={false} className={styles.mono} onChange={(e) => onPayloadChange(e.target.value)} />
      <Button onClick={onRun} loading={running}>
        Run
      </Button>
      {errors.length > 0 && (
        <div role="alert" className={styles.errorBox}>
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      )}
      {run && (
        <section aria-label="Run results" className={styles.results}>
          <p className={styles.runSummary}>
            Run <strong data-testid="run-status">{run.status}</strong>
            {run.duration_ms !== null && run.duration_ms !== undefined ? ` in ${Math.round(run.duration_ms)} ms` : ''}
          </p>
          {run.error && <p className={styles.errorText}>{run.error}</p>}
          <ol className={styles.resultList}>
            {run.nodes.map((r) => (
              <li key={r.nodeId} className={styles.resultItem}>
                <button type="button" className={styles.resultHead} aria-expanded={open === r.nodeId} onClick={() => { setOpen(open === r.nodeId ? null : r.nodeId); onSelectNode(r.nodeId); }}>
                  <span className={`${styles.badgeInline} ${styles[`badge_${r.status}`] ?? ''}`}>{r.status}</span>
                  <span className={styles.resultLabel}>{r.label || r.nodeId}</span>
                  <span className={styles.muted}>{Math.round(r.duration_ms)} ms</span>
                </button>
                {r.error && <p className={styles.errorText}>{r.error}</p>}
                {r.reason && <p className={styles.muted}>{r.reason}</p>}
                {open === r.nodeId && (
                  <div className={styles.io}>
                    <h3>Input</h3>
                    <pre>{json(r.input)}</pre>
                    <h3>Output</h3>
                    <pre>{json(r.output)}</pre>
                  </div>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </aside>
  );
}
