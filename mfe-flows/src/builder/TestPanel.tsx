// Test Flow: an editable JSON payload, Run, and the per-node results of the run.
import { useState } from 'react';
import type { FlowRun } from '@accent/flows-common';
import { Button, TextArea } from '@accent/shared/ui';
import { NodeResults } from './NodeResults.js';
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
      <TextArea
        label="Test payload (JSON)"
        rows={6}
        value={payload}
        spellCheck={false}
        className={styles.mono}
        onChange={(e) => onPayloadChange(e.target.value)}
      />
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
          <NodeResults
            nodes={run.nodes}
            open={open}
            onToggle={(id) => {
              setOpen(open === id ? null : id);
              onSelectNode(id);
            }}
            duration={(ms) => `${Math.round(ms)} ms`}
          />
        </section>
      )}
    </aside>
  );
}
